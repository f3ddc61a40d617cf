// Product rules, Session loss: "On 401, or 403 with is_device_logged_out true": the forced logout the API client runs.
import { clearCredentials, getCredentials } from '../credentials/credential-store';
import { eventBus } from '../events/event-bus';
import { isNativeWebview, requestWebviewClose } from '../platform/native-bridge';
import { isSessionLossRedirectExempt, sessionLossRedirect } from '../rules/session-loss-redirect';
import { havenStore, resetOnLogout } from '../state/store';
import { textOwner, typedTextNow, type TypedFields } from '../rules/redirects/stored-page-data';
import { requireSignInEntry } from '../auth/load-auth-flows';
import { reportError } from '../reporting/report-error';
import { PARTNER_VERIFIED_KEY } from '../platform/storage-keys';
import { parseSignedOutCause, signedOutCause, type SignedOutCause } from '@haven/rules';

/** Why this tab was signed out without the person acting in it: kept for the tab (it survives the move to the landing page). */
export const SIGNED_OUT_NOTICE_KEY = 'signedOutNotice';
export const SIGNED_OUT_NOTICE_EVENT = 'haven:signed-out-notice';

// This tab's own log-out under way: a call refused meanwhile is no news to tell.
let ownLogout = false;
export function setOwnLogoutRunning(running: boolean): void {
  ownLogout = running;
}

export function noteSignedOut(cause: SignedOutCause): void {
  try {
    window.sessionStorage.setItem(SIGNED_OUT_NOTICE_KEY, cause);
  } catch {
    // storage blocked: the page still hears it below, until it moves on
  }
  window.dispatchEvent(new CustomEvent(SIGNED_OUT_NOTICE_EVENT, { detail: cause }));
}

/** The noted cause, once (read and forgotten), or null. */
export function takeSignedOutNotice(): SignedOutCause | null {
  try {
    const cause = parseSignedOutCause(window.sessionStorage.getItem(SIGNED_OUT_NOTICE_KEY));
    window.sessionStorage.removeItem(SIGNED_OUT_NOTICE_KEY);
    return cause;
  } catch {
    return null;
  }
}

export function isSessionLostResponse(status: number | undefined, data: unknown): boolean {
  if (status === 401) return true;
  return status === 403 && typeof data === 'object' && data !== null && (data as Record<string, unknown>).is_device_logged_out === true;
}

export interface SessionLossDeps {
  pathname: () => string;
  /** The page's query, kept with the page (storedPageData); none when not given. */
  search?: () => string;
  navigate: (url: string) => void;
}

export const browserSessionLossDeps: SessionLossDeps = {
  pathname: () => window.location.pathname,
  search: () => window.location.search,
  navigate: (url) => window.location.assign(url),
};

// The page being kept (the sign-in entry writes it); the move to the landing page waits for it.
let keeping: Promise<void> | null = null;

async function keepPage(
  loc: { pathname: string; search: string },
  landing: string,
  owner: string | null,
  typed: Record<string, TypedFields>,
): Promise<void> {
  const now = Date.now();
  try {
    (await requireSignInEntry()).rememberPage(loc, landing, owner, typed, now);
  } catch (error) {
    reportError(error, { where: 'session loss', step: 'keep the page' });
  } finally {
    keeping = null;
  }
}

export function handleSessionLost(status: number, deps: SessionLossDeps = browserSessionLossDeps): void {
  // Only a session this tab held was lost (a call refused after this tab's own log-out says nothing new).
  const held = getCredentials() !== null && !ownLogout;
  const owner = textOwner(havenStore.getState().auth.user);
  clearCredentials();
  // Cleanup first, storage wipe after: the store writes its reset slices back to storage.
  eventBus.emit('session:lost', { status });
  resetOnLogout();
  if (isNativeWebview()) {
    requestWebviewClose();
    return;
  }
  // The page it lands on says why (a log-out in another tab or on the company site, or an ended session).
  if (held) noteSignedOut(signedOutCause(status));
  const pathname = deps.pathname();
  if (isSessionLossRedirectExempt(pathname)) return;
  // The page (and what was typed on it) comes back after the next sign-in; kept in the tab's session
  // storage, which the wipe below leaves alone.
  const landing = sessionLossRedirect(pathname);
  // What the forms hold is read now, before anything moves; the entry that writes it loads meanwhile.
  if (held) keeping = keepPage({ pathname, search: deps.search?.() ?? '' }, landing, owner, typedTextNow());
  try {
    // Verified partnership users keep their verified flag through any logout (product rules, Sign-in and identity).
    const partnerVerified = window.localStorage.getItem(PARTNER_VERIFIED_KEY);
    window.localStorage.clear();
    if (partnerVerified !== null) window.localStorage.setItem(PARTNER_VERIFIED_KEY, partnerVerified);
  } catch {
    // storage blocked: nothing to clear
  }
  if (keeping) void keeping.finally(() => deps.navigate(landing));
  else deps.navigate(landing);
}
