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
// where the header is made (tooling/security-headers.test.ts); each context bypasses it, as the one-tap suite does.

interface Sent {
  type: string | null;
  data: Record<string, unknown>;
}

/** The SDK's `d` parameter: its JSON, LZ-compressed (16-bit units) and base64-encoded. */
function decoded(url: URL): Record<string, unknown> {
  const bytes = Buffer.from(url.searchParams.get('d') ?? '', 'base64');
  let units = '';
  for (let i = 0; i + 1 < bytes.length; i += 2) units += String.fromCharCode((bytes[i]! << 8) | bytes[i + 1]!);
  try {
    return (JSON.parse(decompress(units) || '{}') as Record<string, unknown> | null) ?? {};
  } catch {
    return { undecoded: url.search };
  }
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
    };
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
    const url = new URL(request.url());
    const data = decoded(url);
    sent.push({ type: url.searchParams.get('type'), data });
    // What CleverTap answers: this browser's id and session (the SDK holds later requests until it has them).
    const meta = {
      g: 'e2e-guid-0001',
      sid: Number(data.s ?? Math.floor(Date.now() / 1000)),
      rf: true,
      rn: url.searchParams.get('rn') ?? '0',
    };
    return route.fulfill({ status: 200, contentType: 'application/json', headers: cors, body: JSON.stringify({ meta }) });
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

test('in a production deployment, a visitor in India signing in sends the login event, identified by the internal id only; a US visitor sends nothing', async ({
  browser,
  request,
}) => {
  test.slow(); // two visitors, each signing in
  const india = await browser.newContext({ timezoneId: 'Asia/Kolkata', bypassCSP: true });
  const us = await browser.newContext({ timezoneId: 'America/New_York', bypassCSP: true });
  try {
    const page = await india.newPage();
    const email = await signUpFreshPatient(request);
    const sent = await deployWithEngagementTool(page);
    await page.goto('/therapy-psychiatry/');
    await pageSettled(page);
    // The first paint and the page views load nothing of it.
    await page.waitForTimeout(1_000);
    expect(sent).toEqual([]);

    await logInAs(page, email, 'IN');
    await expect
      .poll(() => sent.filter((s) => s.data.evtName === 'login').length, { timeout: 15_000, message: JSON.stringify(sent).slice(0, 3000) })
      .toBe(1);
    const profile = sent.find((s) => s.data.type === 'profile');
    expect(JSON.stringify(profile?.data ?? {})).toMatch(/"Identity":"\d+"/);
    // A third party: no e-mail, and no page view (not on its list).
    expect(JSON.stringify(sent)).not.toContain(email);
    expect(sent.some((s) => s.data.evtName === 'page_view')).toBe(false);

    // The same sign-in from the US: the internal tracker has the login event, the engagement tool nothing.
    const usPage = await us.newPage();
    const usEmail = await signUpFreshPatient(request);
    const usSent = await deployWithEngagementTool(usPage);
    const loginTracked = usPage.waitForRequest((r) => r.url().endsWith('/telemetry/events') && (r.postData() ?? '').includes('"login"'), {
      timeout: 15_000,
    });
    await logInAs(usPage, usEmail, 'US');
    await loginTracked;
    await usPage.waitForTimeout(2_000);
    expect(usSent).toEqual([]);
  } finally {
    await india.close();
    await us.close();
  }
});
