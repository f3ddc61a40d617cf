// Page tests: the real shared core against an msw api (HTTP layer only). The realtime database
// (firebase) cannot run in jsdom, so only its module is replaced (see realtimeMock).
import { render } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { clearCredentials, havenStore, resetOnLogout, setRuntimeConfig, ToastHost, type ApiUser } from '@haven/shared';

export const API = 'http://api.test/api/v1';

export const realtimeMock = {
  signInRealtime: jest.fn(async (token: string) => ({ uid: `uid-of-${token}` })),
  setStatus: jest.fn(async () => undefined),
  signOutRealtime: jest.fn(async () => undefined),
};

export const credHeaders = { 'access-token': 'tok-2', expiry: '1900000001', uid: 'asha@example.com', client: 'cl-1', 'token-type': 'Bearer' };

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
  body: string;
}
export const seen: Seen[] = [];
export const server = setupServer();

export function calls(method: string, path: string): Seen[] {
  return seen.filter((s) => s.method === method && s.path === path);
}

export function json(body: JsonBodyType, status = 200, headers: Record<string, string> = {}) {
  return HttpResponse.json(body, { status, headers });
}

const background = [
  http.get(`${API}/providers/dropdown_v2`, () => json({ data: [] })),
  http.get(`${API}/customers/privacy_policy_consent_status`, () => json({ privacy_policy_consent_status: 'accepted' })),
  http.get(`${API}/customers/tnc_and_privacy_status`, () => json({ is_tnc_checked: true, is_privacy_policy_checked: true })),
  http.get(`${API}/customers/eighteen_plus_status`, () => json({ is_eighteen_plus_checked: true })),
  http.delete(`${API}/customers/logout`, () => json({ success: true, removed_all: false })),
];

export function installPageTestKit(): void {
  // Typing with user-event is slow on a shared 2-core machine; a page flow may take a few seconds.
  jest.setTimeout(20_000);
  let consoleError: jest.SpyInstance;
  beforeAll(() => {
    server.listen({ onUnhandledRequest: 'error' });
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      const entry: Seen = { method: request.method, path: url.pathname.replace('/api/v1', ''), search: url.searchParams, body: '' };
      seen.push(entry);
      void request.clone().text().then((text) => {
        entry.body = text;
      });
    });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    setRuntimeConfig({
      stage: 'test',
      siteBaseUrl: 'http://localhost:3000',
      apiBaseUrl: API,
      realtimeDatabaseUrl: 'http://localhost:4100?ns=haven-local',
      firebase: { apiKey: 'k', projectId: 'haven-local' },
      partnerIntegrationsHost: 'partners.localhost:3000',
      remotes: {},
    });
    localStorage.clear();
    sessionStorage.clear();
    clearCredentials();
    resetOnLogout();
    havenStore.getState().auth.update({ loading: false });
    seen.length = 0;
    server.use(...background);
    realtimeMock.signInRealtime.mockClear();
    realtimeMock.setStatus.mockClear();
    realtimeMock.signOutRealtime.mockClear();
  });
  afterEach(() => {
    server.resetHandlers();
    consoleError.mockRestore();
  });
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders `element` at route `path`, opened at `url`; the probe shows where navigation led. */
export function renderAt(url: string, path: string, element: ReactElement) {
  return render(
    <>
      <ToastHost />
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={path} element={element} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </>,
  );
}
