import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { PASSWORD, devGet, lastCode, loggedInUser, signUpFreshPatient } from './support/auth';
import { signInAs } from './support/dashboard';
import { waitForLivePage } from './support/live-page';

// Sign-in that never trips a patient up, against the api the platform
// starts (stage test). Every number is the test's own, so rate limits per destination never collide.

/** A fresh Indian mobile number (ten digits starting 9) nobody uses yet. */
function freshIndianMobile(): string {
  return `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
}
/** A fresh United Kingdom mobile (07400 …), national digits without the trunk 0. */
function freshUkMobile(): string {
  return `7400${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
}

const requestForm = (page: Page) => page.getByRole('form', { name: 'Get a one-time code' });

async function openCodeForm(page: Page, url = '/auth/log-in/?redirectPath=%2Ft-p') {
  await page.goto(url);
  await page.getByRole('button', { name: 'One-time code' }).click();
  // The country list (and the phone reader with it) has arrived.
  await expect(requestForm(page).getByRole('option', { name: 'United Kingdom (+44)' })).toBeAttached();
}

async function pasteInto(field: Locator, text: string) {
  await field.evaluate((el, value) => {
    const data = new DataTransfer();
    data.setData('text', value);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

async function outboxCount(request: APIRequestContext, to: string): Promise<number> {
  const { data } = await devGet<{ data: unknown[] }>(request, '/dev/outbox', { to });
  return data.length;
}

test.describe('phone entry that understands people', () => {
  test('a typed number with spaces reaches the outbox as its international number', async ({ page, request }) => {
    const mobile = freshIndianMobile();
    await openCodeForm(page);
    await requestForm(page)
      .getByLabel('Mobile number')
      .fill(`+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`);
    await requestForm(page).getByLabel('Mobile number').blur();
    await expect(requestForm(page).getByLabel('Mobile number')).toHaveAccessibleDescription(
      `International number: +91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`,
    );
    await requestForm(page).getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByLabel('Verification code')).toHaveAccessibleDescription(`Sent to +91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`);
    expect(await lastCode(request, `+91${mobile}`, 'sms')).toMatch(/^\d{4,8}$/);
  });

  test('a UK number with its trunk 0 is never cut short', async ({ page, request }) => {
    const mobile = freshUkMobile();
    await openCodeForm(page);
    await requestForm(page).getByLabel('Country code').selectOption('GB');
    await requestForm(page).getByLabel('Mobile number').fill(`0${mobile}`);
    await expect(requestForm(page).getByLabel('Mobile number')).toHaveValue(`0${mobile}`);
    await requestForm(page).getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByLabel('Verification code')).toBeVisible();
    expect(await lastCode(request, `+44${mobile}`, 'sms')).toMatch(/^\d{4,8}$/);
  });

  test('a pasted +CC number selects its country and reaches the outbox as its international number', async ({ page, request }) => {
    const mobile = freshUkMobile();
    await openCodeForm(page);
    await pasteInto(requestForm(page).getByLabel('Mobile number'), `+44 (0)${mobile.slice(0, 4)} ${mobile.slice(4, 7)}-${mobile.slice(7)}`);
    await expect(requestForm(page).getByLabel('Mobile number')).toHaveValue(mobile);
    await expect(requestForm(page).getByLabel('Country code')).toHaveValue('GB');
    await requestForm(page).getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByLabel('Verification code')).toBeVisible();
    expect(await lastCode(request, `+44${mobile}`, 'sms')).toMatch(/^\d{4,8}$/);
  });
});

test.describe('rate limits: a countdown from Retry-After, nothing typed lost', () => {
  test('a second send to the same number within 30 s counts down and keeps the number', async ({ page }) => {
    const mobile = freshIndianMobile();
    await openCodeForm(page);
    await requestForm(page).getByLabel('Mobile number').fill(mobile);
    await requestForm(page).getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByLabel('Verification code')).toBeVisible();
    await page.getByRole('button', { name: 'Use a different number' }).click();
    await expect(requestForm(page).getByLabel('Mobile number')).toHaveValue(mobile);
    await requestForm(page).getByRole('button', { name: 'Send code' }).click();
    const waiting = requestForm(page).getByRole('button', { name: /^Send code \(wait \d+s\)$/ });
    await expect(waiting).toBeDisabled();
    const seconds = Number(/(\d+)s\)$/.exec((await waiting.textContent()) ?? '')?.[1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(30);
    await expect(requestForm(page).getByRole('alert')).toHaveText('Too many tries. Please wait, then try again.');
    await expect(requestForm(page).getByLabel('Mobile number')).toHaveValue(mobile);
  });
});

test.describe('flows that survive reload and Back', () => {
  test('reload on the code step returns to code entry with the countdown; Back returns to the number, kept', async ({ page }) => {
    const mobile = freshIndianMobile();
    await openCodeForm(page);
    await requestForm(page).getByLabel('Mobile number').fill(mobile);
    await requestForm(page).getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByLabel('Verification code')).toBeFocused();
    await expect(page).toHaveURL(/[?&]step=code/);

    await page.reload();
    await expect(page.getByLabel('Verification code')).toBeVisible();
    const resend = page.getByRole('button', { name: /^Resend code in \d+s$/ });
    await expect(resend).toBeDisabled();
    const seconds = Number(/(\d+)s$/.exec((await resend.textContent()) ?? '')?.[1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(30); // from the stored deadline, not restarted at 30 + elapsed

    await page.goBack();
    await expect(page).not.toHaveURL(/step=code/);
    await expect(requestForm(page).getByLabel('Mobile number')).toHaveValue(mobile);
  });

  test('a verified number without an account goes on to sign-up carrying it: no second code', async ({ page, request }) => {
    const mobile = freshIndianMobile();
    const e164 = `+91${mobile}`;
    await openCodeForm(page);
    await requestForm(page).getByLabel('Mobile number').fill(mobile);
    await requestForm(page).getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('Verification code').fill(await lastCode(request, e164, 'sms'));
    await page.getByRole('button', { name: 'Verify and log in' }).click();

    await expect(page).toHaveURL(/\/auth\/sign-up\?redirectPath=%2Ft-p$/);
    await expect(page.getByText(`+91 ${mobile.slice(0, 5)} ${mobile.slice(5)} is verified`)).toBeVisible();
    const form = page.getByRole('form', { name: 'Sign up' });
    await expect(form.getByLabel('Mobile number')).toHaveCount(0);
    const email = `ux-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@haven.test`;
    await form.getByLabel('First name').fill('Asha');
    await form.getByLabel('Last name').fill('Rao');
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByLabel('Confirm password').fill(PASSWORD);
    await form.getByLabel('I am 18 years old or older').check();
    await form.getByLabel(/I accept the terms of use/).check();
    await form.getByRole('button', { name: 'Create account' }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Your account is ready.', { exact: false })).toBeVisible();
    // The e-mail typed beside the proved number joins the account once its own code comes back (a sign-up
    // never says whose an address is): the person is told where that code went.
    await expect(page.getByText(`We sent a code to ${email}.`, { exact: false })).toBeVisible();
    await expect.poll(async () => (await loggedInUser(page))?.usertype).toBe('patient');
    const user = await page.evaluate(() => {
      const haven = (
        window as unknown as {
          __haven?: { havenStore: { getState(): { auth: { user: { mobile: string | null; country_code: string } | null } } } };
        }
      ).__haven;
      return haven?.havenStore.getState().auth.user ?? null;
    });
    expect(user).toMatchObject({ mobile, country_code: '91', email: null });
    expect(await outboxCount(request, e164)).toBe(1); // one code, never a second
  });
});

test.describe('one message at a time, in human words', () => {
  test('a wrong code replaces the "code sent" message, and no button moves', async ({ page }) => {
    await openCodeForm(page);
    await requestForm(page).getByLabel('Mobile number').fill(freshIndianMobile());
    const send = requestForm(page).getByRole('button', { name: 'Send code' });
    await send.click();
    await expect(page.getByText(/^We sent a code to \+91/)).toBeVisible();
    const verify = page.getByRole('button', { name: 'Verify and log in' });
    const before = await verify.boundingBox();
    await page.getByLabel('Verification code').fill('000000');
    await verify.click();
    await expect(page.getByRole('alert')).toHaveText('Invalid verification code');
    await expect(page.getByText(/^We sent a code to/)).toHaveCount(0);
    expect((await verify.boundingBox())?.y).toBe(before?.y);
  });

  test('a field message appears in its kept line: the submit button stays where it was', async ({ page }) => {
    await openCodeForm(page);
    const send = requestForm(page).getByRole('button', { name: 'Send code' });
    const before = await send.boundingBox();
    await requestForm(page).getByLabel('Mobile number').fill('12345');
    await send.click();
    await expect(requestForm(page).getByLabel('Mobile number')).toHaveAccessibleDescription('Enter a valid mobile number');
    expect((await send.boundingBox())?.y).toBe(before?.y);
  });

  test('a wrong current password (real api) is said on its field', async ({ page, request }) => {
    // Signed in through the api: the log-in itself is auth.spec's; this test is about the page.
    await signInAs(page, request, await signUpFreshPatient(request));
    await page.goto('/change-password');
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill('Not#theone1');
    await form.getByLabel('New password', { exact: true }).fill('Haven#2027');
    await form.getByLabel('Confirm new password').fill('Haven#2027');
    await form.getByRole('button', { name: 'Save password' }).click();
    await expect(form.getByLabel('Current password')).toHaveAccessibleDescription('That is not your current password');
  });
});

test.describe('no dead ends', () => {
  test('/create-password for an account with a password goes to change password, with a note', async ({ page, request }) => {
    // Signed in through the api: the log-in itself is auth.spec's; this test is about the page.
    await signInAs(page, request, await signUpFreshPatient(request));
    await page.goto('/create-password');
    await expect(page).toHaveURL(/\/create-password$/);
    await page.getByLabel('New password', { exact: true }).fill('Haven#2027');
    await page.getByLabel('Confirm new password').fill('Haven#2027');
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page).toHaveURL(/\/change-password$/);
    await expect(page.getByText('Your account already has a password. To set a new one, enter your current password.')).toBeVisible();
  });
});

test.describe('polish at 360 px and 1280 px', () => {
  test('360 px: the code tab on one line, 24 px checkboxes, real terms and privacy links', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto('/auth/log-in/');
    await waitForLivePage(page);
    const tab = page.getByRole('button', { name: 'One-time code' });
    const password = page.getByRole('button', { name: 'Password', exact: true });
    expect((await tab.boundingBox())?.height).toBe((await password.boundingBox())?.height);
    expect(await tab.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe('nowrap');

    await page.goto('/auth/sign-up');
    await waitForLivePage(page);
    const form = page.getByRole('form', { name: 'Sign up' });
    for (const label of ['I am 18 years old or older', /I accept the terms of use/]) {
      const box = await form.getByLabel(label).boundingBox();
      expect(box?.width).toBeGreaterThanOrEqual(24);
      expect(box?.height).toBeGreaterThanOrEqual(24);
    }
    for (const name of ['terms of use', 'privacy policy']) {
      await expect(form.getByRole('link', { name })).toHaveAttribute('target', '_blank');
    }
    // The mobile label fits on one line beside the country code ("optional" is its hint).
    await expect(form.getByLabel('Mobile number')).toHaveAccessibleDescription('Optional');
    const label = form.getByText('Mobile number', { exact: true });
    const lineHeight = await label.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect((await label.boundingBox())?.height).toBeLessThan(lineHeight * 1.5);
  });

  test('1280 px: the log-in heading lines up with the centred form', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/auth/log-in/');
    await waitForLivePage(page);
    const heading = await page.getByRole('heading', { level: 1, name: 'Log in' }).boundingBox();
    const card = await page.getByRole('region', { name: 'Log in' }).boundingBox();
    expect(Math.abs((heading?.x ?? 0) - (card?.x ?? 0))).toBeLessThanOrEqual(1);
  });
});
