// Product rules, Sign-in and identity: "Login outcome" and "Success": loading, then success or auth error. Clinician types do not
// log in (toast + logout). Success: realtime session with fb_token, Status/{uid} Online, provider
// list and consent state loaded, login flag and customer id stored, the event bus announces login.
import { clearCredentials } from '../credentials/credential-store';
import { eventBus } from '../events/event-bus';
import { afterPagePainted } from '../platform/page-painted';
import { setStatus, signInRealtime, signOutRealtime } from '../realtime/realtime-client';
import { recordWebApp } from '../realtime/user-record';
import { reportError } from '../reporting/report-error';
import { havenStore } from '../state/store';
import { toast } from '../ui/ToastHost/ToastHost';
import type { ApiUser } from './api/types';
import { serverErrorMessage } from '../api/error-message';
import { isClinicianUser } from './clinician';
import { isInternalUser } from '../growth/analytics/internal-user';
import { clearReferralCode, referralFields, type ReferralFields } from '../growth/referral-code';
import { logout, logoutsStarted } from './logout';
import { CLINICIAN_LOGIN_MESSAGE, FIREBASE_LOGIN_ERROR, LOGGED_OUT_DURING_LOGIN } from './messages';
import { ensurePartnerMetaFor, rememberCompany } from './partner-meta';
import { loadAfterLogin } from './post-login';
import { storedActingProfile } from './acting-profile';
import type { LoginOptions, LoginOutcome } from './login-types';
import { CUSTOMER_ID_KEY, LOGIN_STATUS_KEY, SKIP_ANALYTICS_KEY, storageSet } from '../platform/storage-keys';

export const GENERIC_LOGIN_ERROR = 'Something went wrong while logging you in. Please try again.';

export type { LoginOptions, LoginOutcome } from './login-types';

function authState() {
  return havenStore.getState().auth;
}

/**
 * Runs one login request through the state machine. A way in that can create an account puts `fields`
 * (the stored referral code) in its body; once the api has answered an account the code is spent.
 */
export async function runLogin(request: (fields: ReferralFields) => Promise<ApiUser>, options: LoginOptions = {}): Promise<LoginOutcome> {
  authState().update({ loading: true, error: null });
  let user: ApiUser;
  try {
    user = await request(referralFields());
    clearReferralCode();
  } catch (cause) {
    const error = options.errorMessage?.(cause) ?? serverErrorMessage(cause) ?? GENERIC_LOGIN_ERROR;
    authState().update({ loading: false, error });
    return { ok: false, reason: 'auth', error, cause };
  }
  return completeLogin(user, options);
}

export interface CompleteLoginOptions extends Pick<LoginOptions, 'navigate'> {
  /**
   * A session restored on page load (bootstrap): the user is known at once and the realtime session
   * (firebase, ~90 KB gzip) starts after the page has painted, off the first paint's critical path.
   * Without it (a log-in in the page), the realtime session comes first, as product rules, Sign-in and identity, orders.
   */
  deferRealtime?: boolean;
}

/** The success half, for a user the api already answered (sign-in, validate token, decode token, ...). */
export async function completeLogin(user: ApiUser, options: CompleteLoginOptions = {}): Promise<LoginOutcome> {
  const logoutsBefore = logoutsStarted();
  if (isClinicianUser(user)) {
    toast.error(CLINICIAN_LOGIN_MESSAGE);
    await logout({ reason: 'clinician', ...(options.navigate ? { navigate: options.navigate } : {}) });
    authState().update({ loading: false, error: CLINICIAN_LOGIN_MESSAGE });
    return { ok: false, reason: 'clinician', error: CLINICIAN_LOGIN_MESSAGE };
  }

  let uid: string | null = null;
  if (!options.deferRealtime) {
    try {
      ({ uid } = await signInRealtime(user.fb_token));
    } catch (cause) {
      reportError(cause, { where: 'login', step: 'realtime sign-in' });
      // Not logged in without the realtime session: drop the api credentials too, so no half-login stays.
      clearCredentials();
      authState().update({ loading: false, error: FIREBASE_LOGIN_ERROR, user: null, firebaseUser: null });
      return { ok: false, reason: 'firebase', error: FIREBASE_LOGIN_ERROR, cause };
    }
    await markOnline(uid);
  }

  // Business users: the partner meta info the after-login redirect reads (short_code, card dashboard).
  const orgMeta = await ensurePartnerMetaFor(user);
  // The steps above take time; a logout that began meanwhile wins (it already cleaned up and moved on).
  if (logoutsStarted() !== logoutsBefore) return { ok: false, reason: 'logged-out', error: LOGGED_OUT_DURING_LOGIN };
  // Their organisation (orgData, company_details), only once the login stands.
  rememberCompany(orgMeta);
  authState().update({ user, acting: storedActingProfile(), firebaseUser: uid ? { uid } : null, loading: false, error: null });
  storageSet(LOGIN_STATUS_KEY, 'true');
  storageSet(CUSTOMER_ID_KEY, String(user.id));
  if (isInternalUser(user.email)) storageSet(SKIP_ANALYTICS_KEY, 'true', () => window.sessionStorage);
  void loadAfterLogin();
  eventBus.emit('auth:login', { user });
  if (options.deferRealtime) {
    void afterPagePainted()
      .then(() => startDeferredRealtime(user, logoutsBefore))
      .catch((error: unknown) => reportError(error, { where: 'login', step: 'deferred realtime' }));
  }
  return { ok: true, user };
}

/**
 * How long a log-in waits for each presence write. A write the realtime server never answers (a refused
 * connection is retried by the SDK, silently) must not hold the person on 'Logging in…': they are let in
 * without it, and it is reported.
 */
export const PRESENCE_WAIT_MS = 5000;

function answeredWithin(write: Promise<void>, what: string): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer from the realtime server in ${PRESENCE_WAIT_MS} ms`)), PRESENCE_WAIT_MS);
  });
  return Promise.race([write, late]).finally(() => clearTimeout(timer));
}

async function markOnline(uid: string): Promise<void> {
  try {
    await answeredWithin(setStatus(uid, 'Online'), 'status online');
  } catch (cause) {
    reportError(cause, { where: 'login', step: 'status online' });
  }
  try {
    await answeredWithin(recordWebApp(uid), 'realtime user record');
  } catch (cause) {
    reportError(cause, { where: 'login', step: 'realtime user record' });
  }
}

/**
 * The realtime half of a restored session, after the page has painted. Failing it ends the session as a
 * failed log-in would (product rules, Sign-in and identity: not logged in without the realtime session); a logout that began
 * meanwhile wins.
 */
async function startDeferredRealtime(user: ApiUser, logoutsBefore: number): Promise<void> {
  let uid: string;
  try {
    ({ uid } = await signInRealtime(user.fb_token));
  } catch (cause) {
    reportError(cause, { where: 'login', step: 'realtime sign-in' });
    if (logoutsStarted() !== logoutsBefore) return;
    // The api session is fine; only this page's copy ends (as the in-page log-in drops its credentials).
    await logout({ reason: 'realtime-failed', skipServer: true, redirectTo: false });
    authState().update({ error: FIREBASE_LOGIN_ERROR });
    return;
  }
  if (logoutsStarted() !== logoutsBefore) {
    await signOutRealtime();
    return;
  }
  authState().update({ firebaseUser: { uid } });
  await markOnline(uid);
}
