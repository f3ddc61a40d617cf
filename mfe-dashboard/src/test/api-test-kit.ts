// An msw server standing in for the api (HTTP layer only), the runtime config and signed-in
// credentials, for the dashboard's feature tests.
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { setCredentials, setRuntimeConfig } from '@haven/shared';

export const API = 'http://api.test/api/v1';
export const server = setupServer();

export function json(body: JsonBodyType, status = 200) {
  return HttpResponse.json(body, { status });
}

/** The patient's location answered as India (zone Asia/Kolkata), for pages that show times in the patient's zone. */
export const userLocationInIndia = () =>
  http.get(`${API}/customers/user_location`, () =>
    json({
      location: {
        country: 'IN',
        timezone: 'Asia/Kolkata',
        display_timezone: 'India - IST',
        is_blacklisted_country: false,
        is_international: false,
      },
    }),
  );

export function installApiTestKit(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    setRuntimeConfig({
      stage: 'test',
      siteBaseUrl: 'http://localhost:3000',
      apiBaseUrl: API,
      realtimeDatabaseUrl: 'http://localhost:4100?ns=haven-local',
      firebase: { apiKey: 'k', projectId: 'haven-local' },
      partnerIntegrationsHost: 'partners.localhost:3000',
      remotes: {},
    });
    setCredentials({ 'access-token': 'tok-1', expiry: '1900000000', uid: 'asha@example.com', client: 'cl-1' });
  });
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
}
