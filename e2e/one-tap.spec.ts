import { expect, test, type Page } from '@playwright/test';
import { loggedInUser } from './support/auth';
import { TEST_GOOGLE_CLIENT_ID, deployWithGoogleIdentity, gsiCalls } from './support/google-identity';
import { pageSettled } from './support/settled';

// Google one-tap (product rules, Routes and redirects): offered only when nobody is signed in, the path holds
// none of auth, booking or the two insurance-partner paths, disableGoogleOneTapLogin is not 'true', and it is
// not a therapy-for-life flow. The platform runs as a deployment naming our Google client id; Google's script
// is a stub that records its calls and signs in with a token the api verifies the production way.

// The shell offers one-tap once the page has painted and the session is known; a page where it is offered
// has asked within this time, so one that has not asked by then was not offered it.
const ONE_TAP_WINDOW_MS = 5_000;

// See deployWithGoogleIdentity: the CSP a client id adds is tested where the header is made.
test.use({ bypassCSP: true });

const freshEmail = () => `e2e-onetap-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@haven.test`;

async function notPrompted(page: Page, path: string, scriptRequests: () => number) {
  await page.goto(path);
  await pageSettled(page);
  await page.waitForTimeout(ONE_TAP_WINDOW_MS);
  expect(scriptRequests(), path).toBe(0);
  expect(await gsiCalls(page), path).toBeNull();
  expect(await loggedInUser(page), path).toBeNull();
}

test.describe('Google one-tap', () => {
  test('a signed-out visitor on a public page is prompted and signed in', async ({ page }) => {
    const email = freshEmail();
    const { scriptRequests } = await deployWithGoogleIdentity(page, email);
    const nonceAnswer = page.waitForResponse((r) => r.url().endsWith('/customers/google_nonce') && r.request().method() === 'POST');
    const signIn = page.waitForResponse((r) => r.url().includes('/customers/google_sign_in') && r.request().method() === 'POST');
    await page.goto('/therapy-psychiatry/');
    await pageSettled(page);
    expect((await signIn).status()).toBe(200);
    await expect.poll(() => loggedInUser(page).then((user) => user?.email ?? null), { timeout: ONE_TAP_WINDOW_MS }).toBe(email);
    await expect(page).toHaveURL(/\/therapy-psychiatry\/$/);
    expect(await page.evaluate(() => localStorage.getItem('loginstatus'))).toBe('true');

    // Google was asked once, for our client id and the nonce the api issued for this sign-in, which the
    // token carries.
    const { nonce } = (await (await nonceAnswer).json()) as { nonce: string };
    const calls = await gsiCalls(page);
    expect(scriptRequests()).toBe(1);
    expect(calls?.initialize).toEqual([{ client_id: TEST_GOOGLE_CLIENT_ID, nonce }]);
    expect(calls?.prompt).toBe(1);
    const claims = JSON.parse(Buffer.from(calls!.credentials[0]!.split('.')[1]!, 'base64url').toString()) as Record<string, string>;
    expect(claims).toMatchObject({ iss: 'https://accounts.google.com', aud: TEST_GOOGLE_CLIENT_ID, nonce, email });

    // Signed in now: the next page offers nothing.
    await page.goto('/providers');
    await pageSettled(page);
    await page.waitForTimeout(ONE_TAP_WINDOW_MS);
    expect(scriptRequests()).toBe(1);
  });

  // Each page where it is not offered has to wait out the window; the pages are independent (a context
  // each), so they wait it out side by side, not one after another. The therapy-for-life flow is two pages
  // in a row (its flag, stored on the entry page, holds on the pages after it).
  test('not offered on a log-in page, a booking page, the partner landing, when the address disables it, or in the therapy-for-life flow', async ({
    browser,
  }) => {
    const inContextOfItsOwn = async (paths: string[]) => {
      const context = await browser.newContext({ bypassCSP: true });
      const page = await context.newPage();
      const { scriptRequests } = await deployWithGoogleIdentity(page, freshEmail());
      for (const path of paths) await notPrompted(page, path, scriptRequests);
      return { page, context };
    };
    const [tfl] = await Promise.all([
      inContextOfItsOwn(['/therapy-psychiatry/?is_tfl_flow=true', '/providers']),
      ...[
        '/auth/log-in/', // a log-in page
        '/booking/waitlist', // a booking page
        '/t-p', // the partner landing (an insurance-partner path)
        '/therapy-psychiatry/?disableGoogleOneTapLogin=true', // the address disables it
      ].map((path) => inContextOfItsOwn([path]).then(({ context }) => context.close())),
    ]);
    expect(await tfl.page.evaluate(() => localStorage.getItem('is_tfl_flow'))).toBe('true');
    await tfl.context.close();
  });

  test('an open prompt is closed by an in-app move to the log-in page, and not offered again', async ({ page }) => {
    await deployWithGoogleIdentity(page, freshEmail(), { picks: false });
    await page.goto('/therapy-psychiatry/');
    await pageSettled(page);
    await expect.poll(async () => (await gsiCalls(page))?.prompt ?? 0, { timeout: ONE_TAP_WINDOW_MS }).toBe(1);
    expect((await gsiCalls(page))?.cancel).toBe(0);
    // As the app moves (navigateInApp): history, then the popstate single-spa and the router route on.
    await page.evaluate(() => {
      (window as unknown as { samePage?: boolean }).samePage = true;
      window.history.pushState(null, '', '/auth/log-in/');
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    });
    await expect(page).toHaveURL(/\/auth\/log-in\/$/);
    await expect.poll(async () => (await gsiCalls(page))?.cancel ?? 0).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    expect((await gsiCalls(page))?.prompt).toBe(1);
  });
});
