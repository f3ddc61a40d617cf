// An msw server standing in for the api (HTTP layer only), the runtime config and signed-in
// credentials, for the booking remote's component tests.
import { setupServer } from 'msw/node';
import { setCredentials, setRuntimeConfig } from '@haven/shared';

export const API = 'http://api.test/api/v1';
export const server = setupServer();

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
