import { expect, test } from '@playwright/test';
import { loggedInUser, logInWithPassword, passwordForm, PASSWORD } from './support/auth';
import { continueWithDevelopmentAccount, locksInUse, storedCredentials, storeNearExpiry } from './support/signin';

// Apple, Facebook and employer SSO end to end against the api's stand-ins (the test stage trusts no
// development issuer: tokens signed as Apple signs, inspected by a stand-in for Facebook's Graph API, and the
// development OpenID provider's key set read as a company's is), the SSO domain check, and the token refresh
// of a tab whose credentials near expiry.

const CLINICIAN_TOAST = 'Clinician accounts cannot log in on the web. Please use the clinician app.';
/** The issuer a minted token names (read from the answer of the api route that minted it). */
const issuerOf = (jwt: string) => (JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as { iss: string }).iss;
const fresh = (tag: string) => `e2e-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

test.describe('Apple and Facebook sign-in (stand-ins, the production path)', () => {
  test('Apple: an existing patient from the logout address lands in their care', async ({ page }) => {
    await page.goto('/auth/log-in/?redirectPath=%2Ft-p');
    const minted = page.waitForResponse((r) => r.url().includes('/dev/apple_credential'));
    await continueWithDevelopmentAccount(page, 'Apple', 'patient@haven.test');
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(issuerOf(((await (await minted).json()) as { id_token: string }).id_token)).toBe('https://appleid.apple.com');
    expect((await loggedInUser(page))?.email).toBe('patient@haven.test');
    expect((await storedCredentials(page))?.['access-token']).toBeTruthy();
  });

  test('Apple: a new e-mail gets a new patient account', async ({ page }) => {
    const email = fresh('apple');
    await page.goto('/auth/log-in/?redirectPath=%2Ft-p');
    await continueWithDevelopmentAccount(page, 'Apple', email);
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(await loggedInUser(page)).toMatchObject({ email, usertype: 'patient' });
  });

  test('Facebook: an existing patient from the logout address lands in their care', async ({ page }) => {
    await page.goto('/auth/log-in/?redirectPath=%2Ft-p');
    const minted = page.waitForResponse((r) => r.url().includes('/dev/facebook_token'));
    await continueWithDevelopmentAccount(page, 'Facebook', 'intl@haven.test');
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(issuerOf(((await (await minted).json()) as { access_token: string }).access_token)).toBe('https://www.facebook.com');
    expect((await loggedInUser(page))?.email).toBe('intl@haven.test');
  });

  for (const provider of ['Apple', 'Facebook'] as const) {
    test(`${provider}: a clinician is refused with the clinician toast and stays logged out`, async ({ page }) => {
      await page.goto('/auth/log-in/');
      await continueWithDevelopmentAccount(page, provider, 'clinician@haven.test');
      await expect(page.getByText(CLINICIAN_TOAST)).toBeVisible();
      expect(await loggedInUser(page)).toBeNull();
      expect(await storedCredentials(page)).toBeNull();
    });
  }

  test("the providers' SDKs are not loaded off production", async ({ page }) => {
    const thirdParty: string[] = [];
    page.on('request', (r) => {
      if (/appleid\.cdn-apple\.com|connect\.facebook\.net/.test(r.url())) thirdParty.push(r.url());
    });
    await page.goto('/auth/log-in/?redirectPath=%2Ft-p');
    await continueWithDevelopmentAccount(page, 'Facebook', 'intl@haven.test');
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(thirdParty).toEqual([]);
  });
});

test.describe('employer SSO', () => {
  test('the domain check offers the company account for a domain with SSO only, the same for any address there', async ({ page }) => {
    const checks: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/sso/v1/domain_check')) checks.push(new URL(r.url()).searchParams.get('email') ?? '');
    });
    await page.goto('/auth/log-in/');
    const form = passwordForm(page);
    const offer = form.getByRole('group', { name: 'Company sign-in' });
    await form.getByLabel('E-mail').fill('someone@gmail.com');
    await form.getByLabel('E-mail').fill('someone@example.com');
    await expect.poll(() => checks).toEqual(['someone@example.com']);
    await expect(offer).toHaveCount(0);
    await form.getByLabel('E-mail').fill('nobody-with-an-account@northwind.test');
    await expect(offer).toContainText('Northwind Traders signs you in with your company account.');
    await expect(offer.getByRole('button', { name: 'Continue with your company account' })).toBeVisible();
    // Another address of the same domain: the answer is the domain's, asked once.
    await form.getByLabel('E-mail').fill('anna@northwind.test');
    await expect(offer).toBeVisible();
    await form.getByLabel('E-mail').fill('ravi@contoso.test');
    await expect(offer).toContainText('Contoso signs you in with your company account.');
    expect(checks).toEqual(['someone@example.com', 'nobody-with-an-account@northwind.test', 'ravi@contoso.test']);
    expect(checks).not.toContain('someone@gmail.com');
  });

  test('round trip through the company provider (code + PKCE) lands the employee signed in by the after-login rules', async ({ page }) => {
    await page.goto('/auth/log-in/');
    const form = passwordForm(page);
    await form.getByLabel('E-mail').fill('anna@northwind.test');
    await form.getByRole('button', { name: 'Continue with your company account' }).click();
    await expect(page.getByRole('heading', { name: 'Northwind Traders' })).toBeVisible();
    await expect(page.getByLabel('Work e-mail')).toHaveValue('anna@northwind.test');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in to Northwind Traders' }).click();
    await expect(page.getByRole('alert')).toContainText('do not match');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in to Northwind Traders' }).click();
    // An employee of an organisation without a card dashboard or short code: /org/dashboard (product rules, Partners and business users).
    await expect(page).toHaveURL(/\/org\/dashboard$/);
    expect(await loggedInUser(page)).toMatchObject({ email: 'anna@northwind.test', usertype: 'employee' });
    expect(await page.evaluate(() => sessionStorage.getItem('sso_pending'))).toBeNull();
  });

  test('a callback this tab did not start is refused with a way back', async ({ page }) => {
    await page.goto('/auth/sso/callback?code=forged&state=forged');
    await expect(page.getByRole('alert')).toContainText('We could not sign you in with your company account. Please try again.');
    await page.getByRole('link', { name: 'Back to log in' }).click();
    await expect(page).toHaveURL(/\/auth\/log-in\/$/);
    expect(await loggedInUser(page)).toBeNull();
  });
});

test.describe('token refresh', () => {
  test('a tab whose credentials near expiry refreshes once across two tabs and keeps its session', async ({ page, context }) => {
    await logInWithPassword(page, 'intl@haven.test', '/auth/log-in/?redirectPath=%2Ft-p');
    await expect(page).toHaveURL(/\/dashboard$/);
    const second = await context.newPage();
    await second.goto('/t-p');
    await expect.poll(() => loggedInUser(second)).not.toBeNull();
    const refreshes: string[] = [];
    context.on('request', (r) => {
      if (r.url().endsWith('/customers/token_refresh')) refreshes.push(r.url());
    });
    const before = await storedCredentials(page);
    // Either tab may win the lock: the answer is awaited on the whole context.
    const answer = context.waitForEvent('response', (r) => r.url().endsWith('/customers/token_refresh'));
    // Ten minutes left: the second tab hears the change (storage event); the first wakes up (focus).
    await storeNearExpiry(page, 600);
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    const refreshed = await answer;
    expect(refreshed.status()).toBe(200);
    const body = (await refreshed.json()) as { expiry: number };
    await expect.poll(async () => Number((await storedCredentials(page))?.expiry)).toBe(body.expiry);
    expect(body.expiry).toBeGreaterThan(Date.now() / 1000 + 13 * 24 * 3600);
    await expect.poll(() => locksInUse(page)).toBe(0);
    await expect.poll(async () => Number((await storedCredentials(second))?.expiry)).toBe(body.expiry);
    expect(refreshes).toHaveLength(1);
    // New headers replace the token; inside the rotation batch window the current one holds.
    const newToken = refreshed.headers()['access-token'];
    expect((await storedCredentials(page))?.['access-token']).toBe(newToken ?? before?.['access-token']);
    // No surprise logout: both tabs still signed in, and a reload validates the refreshed credentials.
    await page.reload();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect.poll(() => loggedInUser(page)).toMatchObject({ email: 'intl@haven.test' });
    expect(await loggedInUser(second)).toMatchObject({ email: 'intl@haven.test' });
  });
});
