// Test kit: an msw server standing in for the api (HTTP layer only), the test runtime config and signed-in
// credentials, for the remotes' component tests (each remote's src/test/api-test-kit.ts adds its own answers).
import { HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { setCredentials } from '../credentials/credential-store';
import { setTestRuntimeConfig, TEST_API_BASE_URL } from './runtime-config-kit';

export const API = TEST_API_BASE_URL;
export const server = setupServer();

export function json(body: JsonBodyType, status = 200) {
  return HttpResponse.json(body, { status });
}

/** Per test file: the server listening (an unexpected request fails the test), a clean config and session per test. */
export function installApiTestKit(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    setTestRuntimeConfig();
    setCredentials({ 'access-token': 'tok-1', expiry: '1900000000', uid: 'asha@example.com', client: 'cl-1' });
  });
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
}
