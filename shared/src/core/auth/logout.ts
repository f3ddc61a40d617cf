// Product rules, Sign-in and identity: logout: Status Offline, state cleared (auth, sessions, chat, providers, appConfig, tfl),
// DELETE logout, the user sent to /auth/log-in/?redirectPath=%2Ft-p. Verified partnership users keep
// their verified flag. Other tabs follow through `loginstatus` (see cross-tab-logout.ts).
import { clearCredentials, getCredentials } from '../credentials/credential-store';
import { eventBus } from '../events/event-bus';
import { setStatus, signOutRealtime } from '../realtime/realtime-client';
import { reportError } from '../reporting/report-error';
import { havenStore, resetOnLogout } from '../state/store';
import { deleteLogout } from './api/logout-call';
import { navigateInApp, type Navigate } from '../platform/app-navigation';
import { storeOrganisation } from '../state/organisation';
import { clearStoredPageData } from '../rules/redirects/stored-page-data';
import {
  CUSTOMER_ID_KEY,
  LOGIN_STATUS_KEY,
  PARTNER_VERIFIED_KEY,
  SECONDARY_TOKEN_KEY,
  ACTING_PROFILE_KEY,
  MANY_PEOPLE_KEY,
  TFL_FLOW_KEY,
  storageGet,
  storageRemove,
  storageSet,
} from '../platform/storage-keys';
import { ACTIVE_FILTERS_KEY } from '../rules/providers/active-filters';
import { setOwnLogoutRunning } from '../api/session-loss';

export const LOGOUT_REDIRECT_URL = '/auth/log-in/?redirectPath=%2Ft-p';

export interface LogoutOptions {
  /** Why (for the event bus and reports): 'user', 'clinician', 'cross-tab', 'validation-failed', ... */
  reason?: string;
  /** Where to go after; false stays on the page. Default: the log-in page. */
  redirectTo?: string | false;
  navigate?: Navigate;
  /** Log out every device (DELETE logout remove_all=true). */
  everywhere?: boolean;
  /** Skip the DELETE call: the other tab already made it, or the session is already gone. */
  skipServer?: boolean;
}

let running: Promise<void> | null = null;
let logoutCount = 0;

/** How many logouts this page has started: a background sign-in begun before one must not undo it. */
export function logoutsStarted(): number {
  return logoutCount;
}

export function logout(options: LogoutOptions = {}): Promise<void> {
  // One logout at a time: the cross-tab watcher and a button press may meet.
  setOwnLogoutRunning(true);
  running ??= doLogout(options).finally(() => {
    running = null;
    setOwnLogoutRunning(false);
  });
  return running;
}

async function doLogout({
  reason = 'user',
  redirectTo = LOGOUT_REDIRECT_URL,
  navigate = navigateInApp,
  everywhere = false,
  skipServer = false,
}: LogoutOptions): Promise<void> {
  logoutCount += 1;
  const { user, firebaseUser } = havenStore.getState().auth;
  const statusUid = firebaseUser?.uid ?? user?.firebaseid;
  const partnerVerified = storageGet(PARTNER_VERIFIED_KEY);

  if (statusUid) {
    try {
      await setStatus(statusUid, 'Offline');
      await signOutRealtime();
    } catch (error) {
      reportError(error, { where: 'logout', step: 'status offline' });
    }
  }
  resetOnLogout();

  if (!skipServer && getCredentials()) {
    try {
      await deleteLogout(everywhere);
    } catch (error) {
      // The server may already consider us logged out (401/403): the local logout goes on regardless.
      reportError(error, { where: 'logout', step: 'DELETE logout' });
    }
  }
  clearCredentials();
  storageRemove(SECONDARY_TOKEN_KEY);
  storageRemove(ACTING_PROFILE_KEY);
  storageRemove(MANY_PEOPLE_KEY);
  storageRemove(CUSTOMER_ID_KEY);
  // The company belonged to this session: the next person on this browser must not be sent as its employee.
  // (orgData went with appConfig above; this is its stored form.)
  storeOrganisation(null);
  // The therapy-for-life flow ends with the session, with its state (resetOnLogout).
  storageRemove(TFL_FLOW_KEY);
  // The provider list's clinic city is kept for the visit (session storage); an older build kept it in local storage.
  storageRemove(ACTIVE_FILTERS_KEY, () => window.sessionStorage);
  storageRemove(ACTIVE_FILTERS_KEY);
  // A chosen logout returns nobody to the page they left, nor keeps what they typed.
  clearStoredPageData();
  storageSet(LOGIN_STATUS_KEY, 'false');
  if (partnerVerified !== null) storageSet(PARTNER_VERIFIED_KEY, partnerVerified);
  // The store's loading flag starts true (unknown user); after a logout the answer is known.
  havenStore.getState().auth.update({ loading: false });

  eventBus.emit('auth:logout', { reason });
  if (redirectTo !== false) navigate(redirectTo);
}
