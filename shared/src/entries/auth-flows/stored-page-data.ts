// storedPageData (browser storage): the page a person was on when their session ended (the api said
// 401 / device logged out), with the text they had typed there, so that after they sign in again they
// are back on it with nothing lost. It builds on the redirectPath return: the session loss sends the
// person to a landing page, whose log-in link can only name that landing page; there the stored page
// is taken instead. A log-in that names any other page (a signed-in page opened while signed out)
// goes there, as before. Kept small and safe:
// - the tab's session storage: the session-loss wipe clears local storage (so it survives that), another
//   tab or a later visitor never sees it, and closing the tab ends it;
// - a same-origin path only (safeRedirectPath), never an auth page;
// - typed text only from forms that opt in (the core's keepTypedText), never a field named like a secret;
// - 30 minutes at most, restored only to the same person, cleared at logout and after use.
// Part of the sign-in entry: only a session loss (which loads it) and the pages after a sign-in read it.
import {
  clearStoredPageData,
  isPlainObject,
  isSafeJson,
  safeRedirectPath,
  storageGet,
  storageRemove,
  storageSet,
  STORED_PAGE_DATA_KEY,
  type TypedFields as Fields,
} from '@haven/shared';

export const STORED_PAGE_DATA_TTL_MS = 30 * 60 * 1000;
/** What all kept text together may weigh (characters of JSON); above it only the page is kept. */
export const MAX_KEPT_TEXT_CHARS = 50_000;
/** Field names that may hold a secret: never kept, whatever a form asks. */
const SECRET_FIELD = /pass|otp|code|pin|card|cvv|cvc|secret|token|iban|account.?number/i;

export interface StoredPageData {
  /** path + search, a same-origin path */
  path: string;
  /** The landing page the session loss sent the person to. */
  landing: string;
  /** Whose text it is (the user's uuid or id); null when nobody was signed in. */
  user: string | null;
  /** Typed text per opted-in form. */
  text: Record<string, Fields>;
  savedAt: number;
  /** The sign-in has already gone back to `path`; only the text waits for its form. */
  returned: boolean;
}

const session = () => window.sessionStorage;

function keepableFields(fields: Fields): Fields | null {
  const out: Fields = {};
  for (const [name, value] of Object.entries(fields)) {
    if (SECRET_FIELD.test(name) || typeof value !== 'string' || value === '') continue;
    out[name] = value;
  }
  return Object.keys(out).length > 0 ? out : null;
}

/** Is the page one to come back to (a same-origin path that is not a sign-in page)? */
function returnablePath(path: string): string | null {
  const safe = safeRedirectPath(path, '');
  return safe && !safe.startsWith('/auth') ? safe : null;
}

/** The record for `loc`, or null when the page is not one to come back to. Pure. */
export function buildStoredPageData(
  loc: { pathname: string; search: string },
  landing: string,
  user: string | null,
  typed: Record<string, Fields>,
  now: number,
): StoredPageData | null {
  const path = returnablePath(`${loc.pathname}${loc.search}`);
  if (!path) return null;
  const text: Record<string, Fields> = {};
  // A signed-out page's text has no owner to give it back to.
  if (user !== null) {
    for (const [form, fields] of Object.entries(typed)) {
      const kept = keepableFields(fields);
      if (kept) text[form] = kept;
    }
  }
  const fits = JSON.stringify(text).length <= MAX_KEPT_TEXT_CHARS;
  return { path, landing, user, text: fits ? text : {}, savedAt: now, returned: false };
}

/** A stored value as a record still in date, or null. Pure: storage is untrusted input. */
export function parseStoredPageData(raw: string | null, now: number): StoredPageData | null {
  if (raw === null || raw.length > MAX_KEPT_TEXT_CHARS + 4096) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isPlainObject(value) || !isSafeJson(value)) return null;
  const { path, landing, user, text, savedAt, returned } = value;
  if (typeof path !== 'string' || typeof landing !== 'string' || typeof savedAt !== 'number' || typeof returned !== 'boolean') return null;
  if (user !== null && typeof user !== 'string') return null;
  if (now < savedAt || now - savedAt > STORED_PAGE_DATA_TTL_MS) return null;
  const safePath = returnablePath(path);
  if (!safePath || !isPlainObject(text)) return null;
  const kept: Record<string, Fields> = {};
  for (const [form, fields] of Object.entries(text)) {
    if (!isPlainObject(fields)) return null;
    const ok = keepableFields(fields as Fields);
    if (ok) kept[form] = ok;
  }
  return { path: safePath, landing, user, text: kept, savedAt, returned };
}

function read(now: number): StoredPageData | null {
  const record = parseStoredPageData(storageGet(STORED_PAGE_DATA_KEY, session), now);
  if (!record) storageRemove(STORED_PAGE_DATA_KEY, session);
  return record;
}

function write(record: StoredPageData): void {
  if (record.returned && Object.keys(record.text).length === 0) storageRemove(STORED_PAGE_DATA_KEY, session);
  else storageSet(STORED_PAGE_DATA_KEY, JSON.stringify(record), session);
}

/**
 * The session ended on this page and sends the person to `landing`: keep the page, with what the opted-in
 * forms held (`typed`, read by the core when the session ended).
 */
export function rememberPage(
  loc: { pathname: string; search: string },
  landing: string,
  user: string | null,
  typed: Record<string, Fields>,
  now: number = Date.now(),
): void {
  const record = buildStoredPageData(loc, landing, user, typed, now);
  if (record) write(record);
}

/**
 * The stored page `user`'s sign-in goes back to (once), or null: taken when the sign-in names no page, or
 * only the landing page the session loss sent them to. Someone else's page is dropped.
 */
export function takeReturnPath(user: string | null, redirectPath: string | null, now: number = Date.now()): string | null {
  const record = read(now);
  if (record && record.user !== null && record.user !== user) {
    clearStoredPageData();
    return null;
  }
  if (!record || record.returned) return null;
  const requested = safeRedirectPath(redirectPath, '');
  if (requested && requested.split(/[?#]/, 1)[0] !== record.landing) return null;
  write({ ...record, returned: true });
  return record.path;
}

/** The text kept for `form`, when the person is back on its page (once), or null. */
export function takeKeptText(form: string, pathname: string, user: string, now: number = Date.now()): Fields | null {
  const record = read(now);
  if (!record) return null;
  if (record.user !== user) {
    // Another person signed in on this tab: the text is not theirs to see.
    clearStoredPageData();
    return null;
  }
  if (record.path.split(/[?#]/, 1)[0] !== pathname) return null;
  const fields = record.text[form];
  if (!fields) return null;
  const rest = { ...record.text };
  delete rest[form];
  write({ ...record, text: rest, returned: true });
  return fields;
}
