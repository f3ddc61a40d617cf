// Product rules, Sign-in and identity: "On load", in this order: a user exists → loading ends; else `jwt` → loading ends; else
// `token` → stored and validated; else `app_token` → decoded into a user (secondary-profile token
// saved when the answer carries one) and removed from the URL; else a stored token → validated;
// else loading ends. Validation failure → loading ends and logout runs. A failure is the api's answer on the
// credentials: when it could not answer (no network, a time-out, load shed, a rate limit, a server error)
// the same question is asked again until it can, and the person stays signed in meanwhile.
import { getCredentials, setCredentials, type Credentials } from '../credentials/credential-store';
import { reportError } from '../reporting/report-error';
import { isApiError } from '../api/api-error';
import { retryAfterSeconds } from '../api/error-message';
import { havenStore } from '../state/store';
import { validateToken } from './api/credentials-calls';
import { decodeAppToken } from './api/partner-calls';
import { completeLogin, type LoginOutcome } from './complete-login';
import { currentDeviceInfo } from '../growth/current-device-info';
import { logout, logoutsStarted } from './logout';
import { SECONDARY_TOKEN_KEY, storageSet } from '../platform/storage-keys';
import { isSecondaryTokenHandled } from '../platform/entry-params';

export type BootstrapStep = 'user' | 'jwt' | 'token' | 'app_token' | 'stored' | 'none';

export interface BootstrapResult {
  step: BootstrapStep;
  outcome?: LoginOutcome;
}

type LocationLike = Pick<Location, 'search' | 'pathname' | 'hash'>;

function decodeBase64Json(value: string): unknown {
  try {
    const normalised = value.replace(/-/g, '+').replace(/_/g, '/');
    return JSON.parse(atob(normalised));
  } catch {
    return null;
  }
}

/**
 * The credentials a `token` query carries: devise_token_auth's redirect form (token + client_id /
 * client + uid + expiry query values), or one JSON / base64-JSON record of the four headers.
 */
export function credentialsFromTokenQuery(params: URLSearchParams): Credentials | null {
  const token = params.get('token');
  if (!token) return null;
  const client = params.get('client_id') ?? params.get('client');
  const uid = params.get('uid');
  if (client && uid) {
    return { 'access-token': token, client, uid, expiry: params.get('expiry') ?? '' };
  }
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(token);
  } catch {
    parsed = decodeBase64Json(token);
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const r = parsed as Record<string, unknown>;
  const text = (k: string) => (typeof r[k] === 'string' || typeof r[k] === 'number' ? String(r[k]) : '');
  const record: Credentials = {
    'access-token': text('access-token') || text('accessToken'),
    client: text('client'),
    uid: text('uid'),
    expiry: text('expiry'),
  };
  return record['access-token'] && record.client && record.uid ? record : null;
}

/** Removes query parameters from the address bar without a navigation. */
export function removeQueryParams(names: readonly string[], loc: LocationLike = window.location): void {
  const params = new URLSearchParams(loc.search);
  let changed = false;
  for (const name of names) {
    if (params.has(name)) {
      params.delete(name);
      changed = true;
    }
  }
  if (!changed) return;
  const search = params.toString();
  window.history.replaceState(window.history.state, '', `${loc.pathname}${search ? `?${search}` : ''}${loc.hash}`);
}

function endLoading(): void {
  havenStore.getState().auth.update({ loading: false });
}

/** The api could not say whether the credentials stand: no answer, a time-out, a rate limit, a server error or load shed. */
export function couldNotAsk(error: unknown): boolean {
  if (!isApiError(error)) return false;
  const status = error.response?.status;
  return status === undefined || status === 408 || status === 429 || status >= 500;
}

/** Backoff before asking again: 1, 2, 4, 8, 16 s, then every 30 s; the api's Retry-After wins, up to a minute. */
export function validationRetryDelayMs(attempt: number, retryAfterS: number | null): number {
  if (retryAfterS !== null) return Math.min(Math.max(retryAfterS, 1), 60) * 1000;
  return Math.min(2 ** (attempt - 1), 30) * 1000;
}

/** Waits `ms`, or until the browser is back online when it is offline (whichever comes first). */
function waitToAskAgain(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    if (!navigator.onLine) window.addEventListener('online', done);
  });
}

let waitBeforeRetry = waitToAskAgain;

/** Test hook: how long a retry waits. */
export function setValidationRetryWaitForTests(wait: ((ms: number) => Promise<void>) | null): void {
  waitBeforeRetry = wait ?? waitToAskAgain;
}

async function validateStored(step: BootstrapStep): Promise<BootstrapResult> {
  const logoutsBefore = logoutsStarted();
  let user;
  for (let attempt = 1; user === undefined; attempt += 1) {
    try {
      user = await validateToken(currentDeviceInfo());
    } catch (error) {
      // Logged out meanwhile (e.g. /auth/log-out opened directly): that logout already did the cleanup.
      if (logoutsStarted() !== logoutsBefore) return { step };
      if (couldNotAsk(error)) {
        // Loading goes on (signed-in pages keep their spinner); one report per page, not one per try.
        if (attempt === 1) reportError(error, { where: 'bootstrap', step: 'validate token', retrying: true });
        const headers: unknown = isApiError(error) ? error.response?.headers : undefined;
        const body: unknown = isApiError(error) ? error.response?.data : undefined;
        await waitBeforeRetry(validationRetryDelayMs(attempt, retryAfterSeconds(headers, body)));
        if (logoutsStarted() !== logoutsBefore) return { step };
        continue;
      }
      reportError(error, { where: 'bootstrap', step: 'validate token' });
      endLoading();
      // The api said no: the session is over here too (skip the DELETE the server would refuse anyway).
      await logout({ reason: 'validation-failed', skipServer: true, redirectTo: false });
      return { step };
    }
  }
  // A logout that started while the token was being checked wins: don't sign the user back in.
  if (logoutsStarted() !== logoutsBefore) return { step };
  havenStore.getState().auth.update({ deviceInfo: toStoredDeviceInfo() });
  // The page shows the signed-in user at once; the realtime session follows after its first paint.
  return { step, outcome: await completeLogin(user, { deferRealtime: true }) };
}

function toStoredDeviceInfo() {
  const info = currentDeviceInfo();
  return { ...info, logged_in_location: info.logged_in_location.country };
}

let started: Promise<BootstrapResult> | null = null;

/** Runs once per page (every remote may call it; the first call wins). */
export function bootstrapAuth(loc: LocationLike = window.location): Promise<BootstrapResult> {
  started ??= runBootstrap(loc);
  return started;
}

/** Test hook. */
export function resetBootstrapForTests(): void {
  started = null;
}

async function runBootstrap(loc: LocationLike): Promise<BootstrapResult> {
  const auth = havenStore.getState().auth;
  if (auth.user) {
    endLoading();
    return { step: 'user' };
  }
  const params = new URLSearchParams(loc.search);
  if (params.get('jwt')) {
    endLoading();
    return { step: 'jwt' };
  }
  if (params.get('token')) {
    const credentials = credentialsFromTokenQuery(params);
    if (credentials) setCredentials(credentials);
    removeQueryParams(['token', 'client_id', 'client', 'uid', 'expiry'], loc);
    if (!credentials) {
      endLoading();
      return { step: 'token' };
    }
    return validateStored('token');
  }
  const appToken = params.get('app_token');
  if (appToken) {
    removeQueryParams(['app_token'], loc);
    try {
      const logoutsBefore = logoutsStarted();
      const { user, secondaryToken } = await decodeAppToken(appToken);
      if (logoutsStarted() !== logoutsBefore) return { step: 'app_token' };
      // is_secondary_token_handled=true: the app keeps that token itself; storing it would send it again.
      if (secondaryToken && !isSecondaryTokenHandled(params.toString())) storageSet(SECONDARY_TOKEN_KEY, secondaryToken);
      return { step: 'app_token', outcome: await completeLogin(user) };
    } catch (error) {
      // A bad app token is not a failed validation of a stored session: loading just ends.
      reportError(error, { where: 'bootstrap', step: 'decode app token' });
      endLoading();
      return { step: 'app_token' };
    }
  }
  if (getCredentials()) return validateStored('stored');
  endLoading();
  return { step: 'none' };
}
