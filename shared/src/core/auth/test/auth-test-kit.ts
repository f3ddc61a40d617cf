// Test kit for the auth flows: an msw server standing in for the api (HTTP layer only), the runtime
// config, and a clean page (storage, credentials, store) per test.
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { setRuntimeConfig } from '../../config/runtime-config';
import { testRuntimeConfig, TEST_API_BASE_URL } from '../../test/runtime-config-kit';
import { resetCredentialStoreForTests, setCredentials, type Credentials } from '../../credentials/credential-store';
import { havenStore, resetOnLogout } from '../../state/store';
import { provideSignInEntry } from '../load-auth-flows';
import type { ApiUser } from '../api/types';

export const API = TEST_API_BASE_URL;
export const config = testRuntimeConfig();

export const creds: Credentials = { 'access-token': 'tok-1', expiry: '1900000000', uid: 'asha@example.com', client: 'cl-1' };
export const credHeaders = {
  'access-token': 'tok-2',
  expiry: '1900000001',
  uid: 'asha@example.com',
  client: 'cl-1',
  'token-type': 'Bearer',
};

export function apiUser(overrides: Partial<ApiUser> = {}): ApiUser {
  return {
    id: 7,
    uuid: 'u-7',
    uid: 'asha@example.com',
    provider: 'email',
    firebaseid: 'fb-7',
    fb_token: 'fb-token-7',
    usertype: 'patient',
    email: 'asha@example.com',
    mobile: '9876543210',
    country_code: '91',
    first_name: 'Asha',
    last_name: 'Rao',
    name: 'Asha Rao',
    gender: null,
    date_of_birth: null,
    organisation_id: null,
    organisation_name: null,
    organisation_uuid: null,
    is_verified: true,
    is_first_time_haven_user: false,
    is_cf_user: false,
    is_secondary_profile: false,
    ...overrides,
  };
}

export interface Seen {
  method: string;
  path: string;
  search: URLSearchParams;
  headers: Headers;
  body: string;
}

export const seen: Seen[] = [];
export const server = setupServer();

export function calls(method: string, path: string): Seen[] {
  return seen.filter((s) => s.method === method && s.path === path);
}

/** The background calls every successful login makes (providers, consents), answered empty. */
export const postLoginHandlers = [
  http.get(`${API}/providers/dropdown_v2`, () => HttpResponse.json({ data: [{ firstname: 'Meera', lastname: 'N', uuid: 'p-1' }] })),
  http.get(`${API}/customers/privacy_policy_consent_status`, () => HttpResponse.json({ privacy_policy_consent_status: 'accepted' })),
  http.get(`${API}/customers/tnc_and_privacy_status`, () => HttpResponse.json({ is_tnc_checked: true, is_privacy_policy_checked: true })),
  http.get(`${API}/customers/eighteen_plus_status`, () => HttpResponse.json({ is_eighteen_plus_checked: true })),
  http.delete(`${API}/customers/logout`, () => HttpResponse.json({ success: true, removed_all: false })),
];

export function json(body: JsonBodyType, status = 200, headers: Record<string, string> = {}) {
  return HttpResponse.json(body, { status, headers });
}

export function installAuthTestKit(): void {
  beforeAll(() => {
    // What every app's bootstrap does: hand the core its loader of the sign-in entry.
    provideSignInEntry(() => import('@haven/shared/auth-flows'));
    server.listen({ onUnhandledRequest: 'error' });
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      const entry: Seen = {
        method: request.method,
        path: url.pathname.replace('/api/v1', ''),
        search: url.searchParams,
        headers: request.headers,
        body: '',
      };
      seen.push(entry);
      void request
        .clone()
        .text()
        .then((text) => {
          entry.body = text;
        });
    });
  });
  afterAll(() => server.close());
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    // reportError logs to the console off production: expected noise in failure-path tests.
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    setRuntimeConfig(config);
    window.localStorage.clear();
    window.sessionStorage.clear();
    resetCredentialStoreForTests();
    resetOnLogout();
    havenStore.getState().consent.reset();
    seen.length = 0;
    server.use(...postLoginHandlers);
    window.history.replaceState(null, '', '/');
  });
  afterEach(() => {
    server.resetHandlers();
    consoleError.mockRestore();
  });
}

export function signedIn(): void {
  setCredentials(creds);
}
