// THE axios instance for the product API: headers (product rules, Calls to the api), credential rotation, the session-loss
// handling and the anomaly check, in one place so no feature can forget one of them.
// axios (21 KB gzip) is loaded on the client's first request, not with the core: a page that makes no
// api call before its first paint never downloads it. Every method returns a promise anyway.
import type { AxiosInstance, AxiosResponse, AxiosStatic, InternalAxiosRequestConfig } from 'axios';
import { getRuntimeConfig, isRuntimeConfigLoaded } from '../config/runtime-config';
import { credentialsFromHeaders, getCredentials, setCredentials } from '../credentials/credential-store';
import { browserTimeZone } from '../platform/browser-time-zone';
import { SECONDARY_TOKEN_KEY, storageGet } from '../platform/storage-keys';
import { yieldsAhead, yieldToMain } from '../platform/yield-to-main';
import { reportError } from '../reporting/report-error';
import { havenStore } from '../state/store';
import { findAnomaly, supportNumbersOf, type OwnContact } from './anomaly-check';
import { isApiError } from './api-error';
import { buildRequestHeaders } from './request-headers';
import { browserSessionLossDeps, handleSessionLost, isSessionLostResponse, type SessionLossDeps } from './session-loss';

export const API_TIMEOUT_MS = 30000;

export interface ApiClientOptions {
  /** Default: the runtime config's apiBaseUrl, read per request (the config loads after this module). */
  baseURL?: string;
  /** The logged-in user's own contact data, for the anomaly check. Default: the auth store. */
  getCurrentUser?: () => OwnContact | null;
  /** Where the session-loss handler reads the path and navigates. Default: window.location. */
  sessionLoss?: SessionLossDeps;
}

function pathOf(url: string | undefined): string {
  if (!url) return '';
  const path = url.split('?')[0] ?? '';
  return path.replace(/^https?:\/\/[^/]+/, '');
}

/** Replaces the stored credentials when the answer carries a full set (product rules, Session loss); otherwise keeps them. */
function rotateCredentials(response: AxiosResponse | undefined): void {
  const next = credentialsFromHeaders(response?.headers);
  if (!next) return;
  const current = getCredentials();
  // The company profile is chosen at sign-in and rarely echoed back: keep it unless the answer names one.
  setCredentials({
    ...(current?.['x-company-profile-name'] ? { 'x-company-profile-name': current['x-company-profile-name'] } : {}),
    ...(current?.['x-company-profile-uuid'] ? { 'x-company-profile-uuid': current['x-company-profile-uuid'] } : {}),
    ...next,
  });
}

const CREDENTIAL_HEADER_NAMES = ['access-token', 'client', 'uid', 'expiry'] as const;
const PROFILE_HEADER = 'secondary-profile-access-token';
type ResendableConfig = InternalAxiosRequestConfig & {
  havenResent?: boolean;
  /** The secondary-profile token came from storage (not from the caller): a resend takes the stored one then. */
  havenStoredProfile?: boolean;
};

/**
 * A 401 for a token that is no longer the stored one is not a lost session: another tab (or an earlier
 * answer) rotated the credentials while this request was on its way, and the old token outlived the
 * api's batch window; or the profile session it acted for ended meanwhile (switching back voids that
 * profile's token). Sent once more with the current credentials and profile token; a second 401 is the
 * session lost. A 401 is answered before the route runs, so a resend never repeats an action.
 */
function resendWithRotatedToken(client: AxiosInstance, config: ResendableConfig | undefined): Promise<AxiosResponse> | null {
  if (!config || config.havenResent) return null;
  const sent = config.headers?.get('access-token');
  const current = getCredentials();
  // Only this device's own rotation: credentials a caller passed for another client are not swapped.
  if (!current || typeof sent !== 'string' || config.headers.get('client') !== current.client) return null;
  const sentProfile = config.headers.get(PROFILE_HEADER);
  const profileChanged =
    config.havenStoredProfile === true && typeof sentProfile === 'string' && sentProfile !== (storageGet(SECONDARY_TOKEN_KEY) ?? '');
  if (sent === current['access-token'] && !profileChanged) return null;
  for (const name of CREDENTIAL_HEADER_NAMES) config.headers.delete(name); // the request interceptor sets the current ones
  if (profileChanged) config.headers.delete(PROFILE_HEADER);
  const again: ResendableConfig = { ...config, havenResent: true };
  return client.request(again);
}

/** The axios methods features call; each loads axios on first use. */
export type ApiClient = Pick<AxiosInstance, 'get' | 'post' | 'put' | 'patch' | 'delete' | 'request'> & {
  /** The configured axios instance itself (loads axios): for tests and rare low-level needs. */
  instance: () => Promise<AxiosInstance>;
};

function configure(axios: AxiosStatic, options: ApiClientOptions): AxiosInstance {
  const getCurrentUser = options.getCurrentUser ?? (() => havenStore.getState().auth.user);
  const sessionLoss = options.sessionLoss ?? browserSessionLossDeps;
  const client = axios.create({
    baseURL: options.baseURL,
    timeout: API_TIMEOUT_MS,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
  });

  client.interceptors.request.use((config) => {
    config.baseURL ??= getRuntimeConfig().apiBaseUrl;
    const headers = axios.AxiosHeaders.from(config.headers);
    const built = buildRequestHeaders();
    (config as ResendableConfig).havenStoredProfile = !headers.has(PROFILE_HEADER) && PROFILE_HEADER in built;
    for (const [name, value] of Object.entries(built)) {
      if (!headers.has(name)) headers.set(name, value); // a caller's explicit header wins
    }
    config.headers = headers;
    return config;
  });

  client.interceptors.response.use(
    (response) => {
      rotateCredentials(response);
      const path = pathOf(response.config.url);
      const supportNumbers = isRuntimeConfigLoaded() ? supportNumbersOf(getRuntimeConfig().support) : [];
      const anomaly = findAnomaly({ path, data: response.data, user: getCurrentUser(), supportNumbers });
      if (anomaly) reportError(new Error(anomaly.message), { endpoint: path, field: anomaly.field });
      return response;
    },
    (error: unknown) => {
      if (isApiError(error) && error.response) {
        const { status, data } = error.response;
        const resend = status === 401 ? resendWithRotatedToken(client, error.config) : null;
        if (resend) return resend;
        if (isSessionLostResponse(status, data)) {
          handleSessionLost(status, sessionLoss);
          reportError(error, { endpoint: pathOf(error.config?.url), status });
        } else {
          rotateCredentials(error.response);
        }
      }
      return Promise.reject(error);
    },
  );
  return client;
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'request';
/** Where each method takes its request config. */
const CONFIG_ARGUMENT: Record<Method, number> = { get: 1, delete: 1, post: 2, put: 2, patch: 2, request: 0 };

/**
 * A caller's AbortSignal ends the caller's wait, not the request. The api rotates the access token on
 * answers (product rules, Session loss); an answer the browser dropped because its page moved on could carry the only copy
 * of the new token, and the old one stops working after the batch window: the next request answered
 * 401 and the person was signed out (seen walking quickly through the dashboard's pages). So the request
 * runs to its end, its answer's credentials are stored, and the caller gets axios's CanceledError at once.
 */
function untilAborted<T>(request: Promise<T>, signal: AbortSignal, cancelled: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(cancelled());
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    request.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  let loaded: Promise<{ client: AxiosInstance; axios: AxiosStatic }> | null = null;
  const load = () => {
    // The page's first Intl formatter loads the device's locale and zone data (~50 ms on a slow phone):
    // the X-Timezone header's zone is read in a task of its own while axios downloads, not in the task
    // that evaluates axios and sends the first request (the longest task of a cold /dashboard).
    if (!loaded) setTimeout(() => browserTimeZone(), 0);
    // A failed download is retried on the next call rather than remembered.
    loaded ??= import('axios').then(
      (module) => ({ client: configure(module.default, options), axios: module.default }),
      (error: unknown) => {
        loaded = null;
        throw error;
      },
    );
    return loaded;
  };
  // Forwards the call (the generic signatures are axios's own, typed through ApiClient), keeping a
  // caller's AbortSignal off the network request: see untilAborted.
  const forward = <M extends Method>(method: M): AxiosInstance[M] =>
    ((...args: unknown[]) =>
      load().then(async ({ client, axios }) => {
        // The sections of a page start their requests together (one commit's effects), and axios' dispatch
        // of each (config, headers, the send) is a few ms on a slow phone: twenty of them were one long
        // task. Each goes out in a task of its own where the browser resumes it first.
        if (yieldsAhead()) await yieldToMain();
        const call = (callArgs: unknown[]) => (client[method] as (...a: unknown[]) => Promise<unknown>)(...callArgs);
        const index = CONFIG_ARGUMENT[method];
        const config = args[index] as { signal?: AbortSignal } | undefined;
        const signal = config?.signal;
        if (!signal) return call(args);
        const cancelled = () => new axios.CanceledError();
        if (signal.aborted) return Promise.reject(cancelled());
        const detached = [...args];
        detached[index] = { ...config, signal: undefined };
        return untilAborted(call(detached), signal, cancelled);
      })) as AxiosInstance[M];
  return {
    get: forward('get'),
    post: forward('post'),
    put: forward('put'),
    patch: forward('patch'),
    delete: forward('delete'),
    request: forward('request'),
    instance: () => load().then(({ client }) => client),
  };
}

/** The page's one product-API client. */
export const apiClient: ApiClient = createApiClient();
