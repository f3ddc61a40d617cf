import type { Page } from '@playwright/test';
import { API } from './auth';
import { overrideRuntimeConfig } from './platform';

// Google Identity Services in the browser suite: the platform deployed with our test client id (its
// config.json names it), and Google's script answered by a stub. The stub's prompt "picks" one account: it asks the api's stand-in
// for an ID token signed as Google signs one, for the client id and nonce the page initialised it with,
// and hands it to the page's callback the way Google does. It records every call.

/** The client id the test stage's api expects in Google's tokens (api/src/core/config.ts). */
export const TEST_GOOGLE_CLIENT_ID = 'haven-test.apps.googleusercontent.com';
const GSI_SCRIPT = 'https://accounts.google.com/gsi/client';

export interface GsiCalls {
  initialize: Array<{ client_id: string; nonce: string }>;
  prompt: number;
  cancel: number;
  credentials: string[];
}

function stubScript(email: string, picks: boolean): string {
  return `(() => {
  const calls = { initialize: [], prompt: 0, cancel: 0, credentials: [] };
  let options = null;
  window.__gsiCalls = calls;
  window.google = { accounts: { id: {
    initialize(o) { options = o; calls.initialize.push({ client_id: o.client_id, nonce: o.nonce }); },
    prompt() {
      calls.prompt += 1;
      if (!${picks}) return;
      const query = new URLSearchParams({ email: ${JSON.stringify(email)}, nonce: options.nonce, audience: options.client_id });
      fetch(${JSON.stringify(API)} + '/dev/google_credential?' + query)
        .then((r) => r.json())
        .then(({ credential }) => { calls.credentials.push(credential); options.callback({ credential, select_by: 'auto' }); });
    },
    cancel() { calls.cancel += 1; },
  } } };
})();`;
}

/**
 * Serves the platform as a deployment naming our Google client id, with Google's script stubbed to sign in
 * as `email` (`picks: false`: the prompt stays open, as while the person has not chosen). Answers how many
 * times the page asked for Google's script. The spec using it must bypass the CSP
 * (`test.use({ bypassCSP: true })`): a deployment naming a client id adds accounts.google.com to it
 * (tooling/security-headers.test.ts), but a document whose header Playwright rewrites counts as public to
 * Chromium, which then refuses its calls to the local api.
 */
export async function deployWithGoogleIdentity(
  page: Page,
  email: string,
  { picks = true }: { picks?: boolean } = {},
): Promise<{ scriptRequests: () => number }> {
  await overrideRuntimeConfig(page, (config) => {
    config.googleClientId = TEST_GOOGLE_CLIENT_ID;
  });
  let requests = 0;
  await page.route(GSI_SCRIPT, (route) => {
    requests += 1;
    return route.fulfill({ contentType: 'text/javascript', body: stubScript(email, picks) });
  });
  return { scriptRequests: () => requests };
}

/** What the stub recorded (null: Google's script never ran on this page). */
export function gsiCalls(page: Page): Promise<GsiCalls | null> {
  return page.evaluate(() => (window as unknown as { __gsiCalls?: GsiCalls }).__gsiCalls ?? null);
}
