import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  API,
  ORGS,
  apiSignIn,
  devGet,
  kliLink,
  lastCode,
  loggedInUser,
  logInWithPassword,
  signUpFreshPatient,
  withPartnerProof,
} from './support/auth';

// Every way in, end to end against the api the platform starts (stage test, fresh database).
// Third parties are the api's development stand-ins: the outbox for codes, a stand-in for Google (its
// tokens verified against the key set the api serves for it, the production path), partner and app
// tokens minted by /dev routes.

/** The app's token for the demo patient's secondary profile (what a native app passes to a webview). */
async function secondaryProfileAppToken(request: APIRequestContext): Promise<string> {
  const c = await apiSignIn(request, 'patient@haven.test');
  const profiles = await request.get(`${API}/customers/profiles`, { headers: { 'access-token': c.token, client: c.client, uid: c.uid } });
  const { data } = (await profiles.json()) as { data: Array<{ uuid: string; is_secondary_profile: boolean }> };
  const secondary = data.find((p) => p.is_secondary_profile);
  expect(secondary).toBeTruthy();
  const { app_token } = await devGet<{ app_token: string }>(request, '/dev/app_token', {
    email: 'patient@haven.test',
    secondary_profile_uuid: secondary!.uuid,
  });
  return app_token;
}

test.describe('sign in, every way', () => {
  test('e-mail and password: a patient returns to the requested path', async ({ page }) => {
    await logInWithPassword(page, 'patient@haven.test', '/auth/log-in/?redirectPath=%2Ftherapy-psychiatry%2F');
    await expect(page).toHaveURL(/\/therapy-psychiatry\/$/);
    expect(await page.evaluate(() => localStorage.getItem('loginstatus'))).toBe('true');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('@Token:') ?? '{}')['access-token'])).toBeTruthy();
  });

  for (const [label, channel] of [
    ['SMS', 'sms'],
    ['WhatsApp', 'whatsapp'],
  ] as const) {
    test(`one-time code by ${label}`, async ({ page, request }) => {
      await page.goto('/auth/log-in/?redirectPath=%2Ft-p');
      await page.getByRole('button', { name: 'One-time code' }).click();
      const form = page.getByRole('form', { name: 'Get a one-time code' });
      await form.getByRole('radio', { name: label }).check();
      await form.getByLabel('Mobile number').fill('9876543210');
      await form.getByRole('button', { name: 'Send code' }).click();
      await expect(page.getByLabel('Verification code')).toBeFocused();
      await expect(page.getByRole('button', { name: /Resend code in \d+s/ })).toBeDisabled();
      await page.getByLabel('Verification code').fill('000000');
      await page.getByRole('button', { name: 'Verify and log in' }).click();
      await expect(page.getByRole('alert')).toHaveText('Invalid verification code');
      const code = await lastCode(request, '+919876543210', channel);
      await page.getByLabel('Verification code').fill(code);
      await page.getByRole('button', { name: 'Verify and log in' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
    });
  }

  test('one-time code by e-mail', async ({ page, request }) => {
    await page.goto('/auth/log-in/?redirectPath=%2Ft-p');
    await page.getByRole('button', { name: 'One-time code' }).click();
    const form = page.getByRole('form', { name: 'Get a one-time code' });
    await form.getByRole('radio', { name: 'E-mail' }).check();
    await form.getByLabel('E-mail address').fill('patient@haven.test');
    await form.getByRole('button', { name: 'Send code' }).click();
    const code = await lastCode(request, 'patient@haven.test', 'email');
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify and log in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('Google: a token signed as Google signs one, verified the production way', async ({ page }) => {
    await page.goto('/auth/log-in/?redirectPath=%2Ft-p');
    const minted = page.waitForResponse((r) => r.url().includes('/dev/google_credential'));
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.getByLabel('Google account e-mail').fill('patient@haven.test');
    await page.getByRole('button', { name: 'Continue as this Google account' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    // The test stage trusts no development issuer: the api's stand-in signed for Google's issuer.
    const { credential } = (await (await minted).json()) as { credential: string };
    const claims = JSON.parse(Buffer.from(credential.split('.')[1]!, 'base64url').toString()) as { iss: string };
    expect(claims.iss).toBe('https://accounts.google.com');
  });

  test('token query: stored, validated, removed from the address', async ({ page, request }) => {
    const c = await apiSignIn(request, 'patient@haven.test');
    const query = new URLSearchParams({ token: c.token, client_id: c.client, uid: c.uid, expiry: c.expiry, redirectPath: '/t-p' });
    await page.goto(`/auth/log-in/?${query.toString()}`);
    await expect(page).toHaveURL(/\/dashboard$/);
    expect((await loggedInUser(page))?.email).toBe('patient@haven.test');
  });

  test('app_token without a secondary profile', async ({ page, request }) => {
    const { app_token } = await devGet<{ app_token: string }>(request, '/dev/app_token', { email: 'patient@haven.test' });
    await page.goto(`/auth/log-in/?app_token=${encodeURIComponent(app_token)}&redirectPath=%2Ft-p`);
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(page.url()).not.toContain('app_token');
    expect(await page.evaluate(() => localStorage.getItem('secondary_token'))).toBeNull();
  });

  test('app_token with a secondary profile saves its token', async ({ page, request }) => {
    const app_token = await secondaryProfileAppToken(request);
    await page.goto(`/auth/log-in/?app_token=${encodeURIComponent(app_token)}&redirectPath=%2Ft-p`);
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(await page.evaluate(() => localStorage.getItem('secondary_token'))).toBeTruthy();
  });

  test('app_token with is_secondary_token_handled=true: the app keeps the token, the web neither stores nor sends it', async ({
    page,
    request,
  }) => {
    const app_token = await secondaryProfileAppToken(request);
    const sentSecondary: string[] = [];
    page.on('request', (r) => {
      if (r.headers()['secondary-profile-access-token']) sentSecondary.push(r.url());
    });
    await page.goto(`/auth/log-in/?app_token=${encodeURIComponent(app_token)}&is_secondary_token_handled=true&redirectPath=%2Fdashboard`);
    await expect(page).toHaveURL(/\/dashboard$/);
    // The dashboard's own calls have gone out (and none carried the secondary token).
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => localStorage.getItem('secondary_token'))).toBeNull();
    expect(sentSecondary).toEqual([]);
  });

  test('code + CRNID: kli auto-login, then the card dashboard', async ({ page, request }) => {
    await withPartnerProof(page, request, ORGS.acme);
    await page.goto(`/auth/log-in/?code=${ORGS.acme}&CRNID=CRN1001&auth_token=${await kliLink(request, ORGS.acme, 'CRN1001')}`);
    await expect(page).toHaveURL(/\/partnerdashboard$/);
    expect((await loggedInUser(page))?.email).toBe('employee@acme.test');
  });

  test('code + CRNID without the partner code verified: back to the log-in page', async ({ page, request }) => {
    await page.goto(`/auth/log-in/?code=${ORGS.acme}&CRNID=CRN1001&auth_token=${await kliLink(request, ORGS.acme, 'CRN1001')}`);
    await expect(page).toHaveURL(/\/auth\/log-in\/\?CRNID=CRN1001$/);
    expect(await loggedInUser(page)).toBeNull();
  });

  test('code + unknown CRNID: back to the log-in page', async ({ page, request }) => {
    await withPartnerProof(page, request, ORGS.acme);
    await page.goto(`/auth/log-in/?code=${ORGS.acme}&CRNID=NO-SUCH-CRN&auth_token=${await kliLink(request, ORGS.acme, 'NO-SUCH-CRN')}`);
    await expect(page).toHaveURL(/\/auth\/log-in\/\?CRNID=NO-SUCH-CRN$/);
    expect(await loggedInUser(page)).toBeNull();
  });

  test('code + auth_token: token login, a b2b user without partner subdomain lands on /org/dashboard', async ({ page, request }) => {
    const { jwt_token } = await devGet<{ jwt_token: string }>(request, '/dev/partner_token', {
      company_profile_uuid: ORGS.globex,
      email: 'employee@globex.test',
    });
    await withPartnerProof(page, request, ORGS.globex);
    await page.goto(`/auth/log-in/?code=${ORGS.globex}&auth_token=${encodeURIComponent(jwt_token)}`);
    await expect(page).toHaveURL(/\/org\/dashboard$/);
  });

  test("code + a bad auth_token: 'Invalid auth token'", async ({ page, request }) => {
    // With the company's code verified, so the link is tried (without it, the link waits for the code).
    await withPartnerProof(page, request, ORGS.globex);
    await page.goto(`/auth/log-in/?code=${ORGS.globex}&auth_token=not-a-token`);
    await expect(page.getByText('Invalid auth token')).toBeVisible();
    expect(await loggedInUser(page)).toBeNull();
  });

  for (const email of ['clinician@haven.test', 'cfclinician@haven.test']) {
    test(`${email} is refused with the clinician toast and logged out`, async ({ page }) => {
      await logInWithPassword(page, email);
      await expect(page.getByText(/Clinician accounts cannot log in on the web/).first()).toBeVisible();
      await expect(page).toHaveURL(/\/auth\/log-in\/\?redirectPath=%2Ft-p$/);
      expect(await loggedInUser(page)).toBeNull();
      expect(await page.evaluate(() => localStorage.getItem('@Token:'))).toBeNull();
    });
  }
});

test.describe('after login: each user type lands on the right page', () => {
  test('b2b without a partner subdomain → /org/dashboard', async ({ page }) => {
    await logInWithPassword(page, 'employee@globex.test', '/auth/log-in/?redirectPath=%2Ft-p');
    await expect(page).toHaveURL(/\/org\/dashboard$/);
  });

  test('a partner with a short_code → its subdomain of the partner integrations host', async ({ page }) => {
    await logInWithPassword(page, 'employee@acme.test', '/auth/log-in/?redirectPath=%2Ft-p');
    await expect(page).toHaveURL(/^http:\/\/acme\.partners\.localhost:3000\//);
  });

  test('honoured paths (create-password) win for every user type', async ({ page }) => {
    await logInWithPassword(page, 'employee@globex.test', '/auth/log-in/?redirectPath=%2Fcreate-password');
    await expect(page).toHaveURL(/\/create-password$/);
  });

  // The hostile addresses are a table where the log-in page reads its query (LogInPage.test.tsx) and
  // where the rule lives (safe-redirect-path.test.ts); here one of them, through a real log-in.
  test('a hostile redirectPath never leaves the origin: "//evil.example"', async ({ page }) => {
    await logInWithPassword(page, 'patient@haven.test', `/auth/log-in/?redirectPath=${encodeURIComponent('//evil.example')}`);
    // The login's own default instead: the patient's care.
    await expect(page).toHaveURL(/^http:\/\/localhost:3000\/dashboard$/);
  });
});

test.describe('logout across tabs', () => {
  test('logging out in one tab logs the other out within 1 s', async ({ context }) => {
    const first = await context.newPage();
    await logInWithPassword(first, 'patient@haven.test', '/auth/log-in/?redirectPath=%2Fauth%2Fsign-up');
    await expect.poll(() => loggedInUser(first)).not.toBeNull();
    const second = await context.newPage();
    // Signed in on the public landing page (a signed-in page would ask to log in again with itself as the
    // redirect path).
    await second.goto('/');
    await expect.poll(() => loggedInUser(second)).not.toBeNull();

    // A real logout in the first tab (the link every app can use).
    await first.goto('/auth/log-out');
    await expect(first).toHaveURL(/\/auth\/log-in\/\?redirectPath=%2Ft-p$/);
    const started = Date.now();
    await expect(second).toHaveURL(/\/auth\/log-in\/\?redirectPath=%2Ft-p$/, { timeout: 1_000 });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await loggedInUser(second)).toBeNull();
  });

  test('a stored logoutUser flag logs the page out', async ({ page }) => {
    await logInWithPassword(page, 'patient@haven.test', '/auth/log-in/?redirectPath=%2Fauth%2Fsign-up');
    await expect.poll(() => loggedInUser(page)).not.toBeNull();
    // On the public landing page: a signed-in page would ask to log in again with itself as the redirect path.
    await page.goto('/');
    await expect.poll(() => loggedInUser(page)).not.toBeNull();
    await page.evaluate(() => localStorage.setItem('logoutUser', 'true'));
    await expect(page).toHaveURL(/\/auth\/log-in\/\?redirectPath=%2Ft-p$/, { timeout: 1_000 });
  });
});

test.describe('session loss (product rules, Session loss)', () => {
  test('a 403 is_device_logged_out mid-session: token removed, storage cleared, landing page', async ({ page, request }) => {
    await logInWithPassword(page, await signUpFreshPatient(request), '/auth/log-in/?redirectPath=%2Fregistration-form');
    await expect(page).toHaveURL(/\/registration-form$/);
    const form = page.getByRole('form', { name: 'Registration form' });
    await expect(form).toBeVisible();
    // Let the post-login loads (providers, consents) finish: the session must end while the user is typing.
    await page.waitForLoadState('networkidle');
    await form.getByLabel('Date of birth').fill('1992-04-12');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('@Token:') ?? '{}') as Record<string, string>);
    // Another device logs out everywhere: this session now answers 403 is_device_logged_out.
    const response = await request.delete(`${API}/customers/logout`, {
      params: { remove_all: 'true' },
      headers: { 'access-token': stored['access-token'] ?? '', client: stored.client ?? '', uid: stored.uid ?? '' },
    });
    expect(response.ok(), `DELETE logout: ${response.status()} ${await response.text()}`).toBe(true);
    await form.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page).toHaveURL(/^http:\/\/localhost:3000\/$/);
    expect(await page.evaluate(() => localStorage.getItem('@Token:'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('loginstatus'))).toBeNull();
  });

  test('a 401 mid-session (this client signed out elsewhere): token removed, storage cleared, landing page', async ({ page, request }) => {
    await logInWithPassword(page, await signUpFreshPatient(request), '/auth/log-in/?redirectPath=%2Fregistration-form');
    await expect(page).toHaveURL(/\/registration-form$/);
    const form = page.getByRole('form', { name: 'Registration form' });
    await expect(form).toBeVisible();
    // Let the post-login loads (providers, consents) finish: the session must end while the user is typing.
    await page.waitForLoadState('networkidle');
    await form.getByLabel('Date of birth').fill('1992-04-12');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('@Token:') ?? '{}') as Record<string, string>);
    const response = await request.delete(`${API}/auth/sign_out`, {
      headers: { 'access-token': stored['access-token'] ?? '', client: stored.client ?? '', uid: stored.uid ?? '' },
    });
    expect(response.ok()).toBe(true);
    await form.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page).toHaveURL(/^http:\/\/localhost:3000\/$/);
    expect(await page.evaluate(() => localStorage.getItem('@Token:'))).toBeNull();
  });

  test('a session ended elsewhere (remove_all) is noticed on the next load: credentials and storage cleared, landing page', async ({
    page,
    request,
  }) => {
    await logInWithPassword(page, await signUpFreshPatient(request), '/auth/log-in/?redirectPath=%2Ft-p');
    await expect(page).toHaveURL(/\/dashboard$/);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('@Token:') ?? '{}') as Record<string, string>);
    // The old page leaves first: its own next request would answer 403 too, and its forced logout's move to
    // the landing could interrupt the loads below (the care page asks the api often).
    await page.goto('about:blank');
    const response = await request.delete(`${API}/customers/logout`, {
      params: { remove_all: 'true' },
      headers: { 'access-token': stored['access-token'] ?? '', client: stored.client ?? '', uid: stored.uid ?? '' },
    });
    expect(response.ok()).toBe(true);
    // The next validation answers 403 is_device_logged_out: the forced logout runs. It may send the
    // page to the landing before this load has finished (goto would then fail with ERR_ABORTED).
    await page.goto('/auth/log-in/?redirectPath=%2Ft-p', { waitUntil: 'commit' });
    await expect.poll(() => page.evaluate(() => localStorage.getItem('@Token:'))).toBeNull();
    expect(await loggedInUser(page)).toBeNull();
  });

  test('a busy api at load (load shed, then no network) is not a lost session: the page asks again and the person stays signed in', async ({
    page,
    request,
  }) => {
    await logInWithPassword(page, await signUpFreshPatient(request), '/auth/log-in/?redirectPath=%2Ft-p');
    await expect(page).toHaveURL(/\/dashboard$/);
    const shed = { count: 0 };
    await page.route('**/api/v1/auth/validate_token*', async (route) => {
      shed.count += 1;
      if (shed.count === 1) {
        await route.fulfill({
          status: 503,
          headers: { 'retry-after': '1', 'content-type': 'application/json' },
          body: JSON.stringify({ message: 'Busy', code: 'overloaded', retry_after: 1 }),
        });
      } else if (shed.count === 2) await route.abort('connectionreset');
      else await route.continue();
    });
    await page.goto('/account');
    await expect(page.getByRole('form', { name: 'Change mobile number' })).toBeVisible();
    expect(shed.count).toBe(3);
    expect(await loggedInUser(page)).not.toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('@Token:'))).not.toBeNull();
  });
});
