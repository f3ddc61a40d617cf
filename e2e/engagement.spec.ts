import { expect, test, type Page } from '@playwright/test';
import { decompress } from 'lz-string';
import { logInWithPassword, signUpFreshPatient } from './support/auth';
import { overrideRuntimeConfig } from './support/platform';
import { pageSettled } from './support/settled';

// The engagement tool in a production deployment (docs/growth.md): the platform served with a config.json
// that names a CleverTap project, and CleverTap's host answered here (there is no internet): what the
// SDK sends is recorded and read back. It takes only the selected events of eligible visitors.

const HOST = 'https://in1.clevertap-prod.com';
const AUTH_EMULATOR = 'http://localhost:4000';

// The served CSP is the test stage's (no CleverTap host): the deployment's own, with its host, is tested
// where the header is made (tooling/security-headers.test.ts). As in the one-tap suite.
test.use({ bypassCSP: true });

interface Sent {
  type: string | null;
  data: Record<string, unknown>;
}

/** The SDK's `d` parameter: its JSON, LZ-compressed (16-bit units) and base64-encoded. */
function decoded(url: URL): Record<string, unknown> {
  const bytes = Buffer.from(url.searchParams.get('d') ?? '', 'base64');
  let units = '';
  for (let i = 0; i + 1 < bytes.length; i += 2) units += String.fromCharCode((bytes[i]! << 8) | bytes[i + 1]!);
  return JSON.parse(decompress(units) ?? 'null') as Record<string, unknown>;
}

async function deployWithEngagementTool(page: Page): Promise<Sent[]> {
  await overrideRuntimeConfig(page, (config) => {
    config.stage = 'production';
    config.growth = { engagement: { accountId: 'TEST-ACC-1', region: 'in1' } };
  });
  // A production build talks to Firebase Auth itself: its calls go to the api's stand-in (the emulator
  // speaks the same protocol under the host's name), as a real project would answer them.
  await page.route(/^https:\/\/(identitytoolkit|securetoken)\.googleapis\.com\//, async (route) => {
    const url = new URL(route.request().url());
    await route.fulfill({ response: await route.fetch({ url: `${AUTH_EMULATOR}/${url.host}${url.pathname}${url.search}` }) });
  });
  const sent: Sent[] = [];
  await page.route(`${HOST}/**`, (route) => {
    const request = route.request();
    const cors = {
      'access-control-allow-origin': 'http://localhost:3000',
      'access-control-allow-headers': '*',
      'access-control-allow-credentials': 'true',
    };
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
    const url = new URL(request.url());
    sent.push({ type: url.searchParams.get('type'), data: decoded(url) });
    return route.fulfill({ status: 200, contentType: 'application/json', headers: cors, body: '{}' });
  });
  return sent;
}

async function logInAs(page: Page, email: string, country: string) {
  await page.goto('/therapy-psychiatry/');
  await pageSettled(page);
  // The country the location lookup stored (the address is local: the time zone decides).
  await expect.poll(() => page.evaluate(() => localStorage.getItem('userCountry')), { timeout: 15_000 }).toBe(country);
  await logInWithPassword(page, email);
  await expect(page).not.toHaveURL(/\/auth\/log-in/, { timeout: 15_000 });
}

test.describe('the engagement tool in a production deployment', () => {
  test.describe('a visitor in India', () => {
    test.use({ timezoneId: 'Asia/Kolkata' });
    test('the SDK loads on the sign-in, sends the login event and knows the person by the internal id only', async ({ page, request }) => {
      const email = await signUpFreshPatient(request);
      const sent = await deployWithEngagementTool(page);
      await page.goto('/therapy-psychiatry/');
      await pageSettled(page);
      // The first paint and the page views load nothing of it.
      await page.waitForTimeout(1_000);
      expect(sent).toEqual([]);

      await logInAs(page, email, 'IN');
      await expect.poll(() => sent.filter((s) => s.data.evtName === 'login').length, { timeout: 15_000 }).toBe(1);
      const profile = sent.find((s) => s.data.type === 'profile');
      expect(JSON.stringify(profile?.data ?? {})).toMatch(/"Identity":"\d+"/);
      // A third party: no e-mail, and no page view (not on its list).
      expect(JSON.stringify(sent)).not.toContain(email);
      expect(sent.some((s) => s.data.evtName === 'page_view')).toBe(false);
    });
  });

  test.describe('a visitor in the US', () => {
    test.use({ timezoneId: 'America/New_York' });
    test('nothing reaches it', async ({ page, request }) => {
      const email = await signUpFreshPatient(request);
      const sent = await deployWithEngagementTool(page);
      const loginTracked = page.waitForRequest((r) => r.url().endsWith('/telemetry/events') && (r.postData() ?? '').includes('"login"'), {
        timeout: 15_000,
      });
      await logInAs(page, email, 'US');
      await loginTracked;
      await page.waitForTimeout(2_000);
      expect(sent).toEqual([]);
    });
  });
});
