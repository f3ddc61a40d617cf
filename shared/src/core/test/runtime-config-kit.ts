// Test kit: the runtime config a jest test of the browser code runs with: the page's own origin (jsdom's
// http://localhost), the api under it, stage 'test'. One place, so a new required field is added once.
import { setRuntimeConfig, type RuntimeConfig } from '../config/runtime-config';

export const TEST_API_BASE_URL = 'http://localhost/api/v1';

export function testRuntimeConfig(overrides: Partial<RuntimeConfig> = {}): RuntimeConfig {
  return {
    stage: 'test',
    siteBaseUrl: 'http://localhost',
    apiBaseUrl: TEST_API_BASE_URL,
    realtimeDatabaseUrl: 'http://localhost:4100?ns=x',
    firebase: { apiKey: 'k', projectId: 'p' },
    partnerIntegrationsHost: 'p.localhost',
    remotes: {},
    ...overrides,
  };
}

/** Sets the test runtime config (with the test's own changes, e.g. another stage). */
export function setTestRuntimeConfig(overrides: Partial<RuntimeConfig> = {}): void {
  setRuntimeConfig(testRuntimeConfig(overrides));
}
