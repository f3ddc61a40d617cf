// The root's own sign-ins (a code login, a partner hand-off) load the `@haven/shared/auth-flows` entry when
// they run. If it cannot be loaded, the page must not wait forever on "Loading your account".
import { reportError } from '../reporting/report-error';
import { havenStore } from '../state/store';
import { toast } from '../ui/ToastHost/ToastHost';
import type { SignInEntry } from './sign-in-entry';

export const SIGN_IN_UNAVAILABLE = "We couldn't sign you in: no connection to Haven. Check your internet connection and try again.";

let signInEntry: (() => Promise<SignInEntry>) | null = null;

/**
 * Each app's bootstrap hands the core its loader of the sign-in entry (`() => import('@haven/shared/auth-flows')`):
 * the core never imports an entry, not even lazily, since the entry builds on the core.
 */
export function provideSignInEntry(load: () => Promise<SignInEntry>): void {
  signInEntry = load;
}

/** The sign-in entry, loaded (rejects when it cannot be, or no app's bootstrap provided its loader). */
export async function requireSignInEntry(load: (() => Promise<SignInEntry>) | null = signInEntry): Promise<SignInEntry> {
  if (!load) throw new Error("no sign-in entry: this app's bootstrap did not provide it (provideSignInEntry)");
  return load();
}

/** The sign-in entry; null when it could not be loaded (reported, loading ended, the visitor told why). */
export async function loadAuthFlows(where: string, load: (() => Promise<SignInEntry>) | null = signInEntry): Promise<SignInEntry | null> {
  try {
    return await requireSignInEntry(load);
  } catch (error) {
    reportError(error, { where, step: 'load the sign-in entry' });
    havenStore.getState().auth.update({ loading: false, error: SIGN_IN_UNAVAILABLE });
    toast.error(SIGN_IN_UNAVAILABLE);
    return null;
  }
}
