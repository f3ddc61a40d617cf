// storedPageData: the page a person was on when their session ended, with the text they had typed there,
// given back after they sign in again. The rules that build, check and take the record live in the sign-in
// entry (`@haven/shared/auth-flows`, stored-page-data.ts), loaded only at a session loss and after a sign-in;
// the core keeps what every page needs: the forms' opt-in, whose text it is, and the clean-up at logout.
import { storageRemove } from '../../platform/storage-keys';

export const STORED_PAGE_DATA_KEY = 'storedPageData';

export type TypedFields = Record<string, string>;

/** Whose typed text it is: the signed-in user's uuid (or id), null when nobody is signed in. */
export function textOwner(user: { uuid?: string | null; id: number | string } | null | undefined): string | null {
  return user ? String(user.uuid || user.id) : null;
}

// The forms that opted in, each with a reader of what is typed in it now.
const keepers = new Map<string, () => TypedFields>();

/**
 * A form opts in: `read` answers its fields' current text (only fields that are no secret; names like
 * password, code or card are dropped anyway). Answers the opt-out, for an effect's clean-up.
 */
export function keepTypedText(form: string, read: () => TypedFields): () => void {
  keepers.set(form, read);
  return () => {
    if (keepers.get(form) === read) keepers.delete(form);
  };
}

/** What the opted-in forms hold now, per form (read at once: the page goes away right after). */
export function typedTextNow(): Record<string, TypedFields> {
  const typed: Record<string, TypedFields> = {};
  for (const [form, read] of keepers) typed[form] = read();
  return typed;
}

/** At logout: nothing of this session's page is kept. */
export function clearStoredPageData(): void {
  storageRemove(STORED_PAGE_DATA_KEY, () => window.sessionStorage);
}
