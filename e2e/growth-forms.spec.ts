import { expect, test } from '@playwright/test';
import { devGet, signUpFreshPatient, submitSignUp } from './support/auth';
import { signInAs } from './support/dashboard';
import { realtimeRead, signedInUser } from './support/growth';

// Referrals, the newsletter and a leads form, end to end against the api the platform starts (stage test):
// a friend opens a referral short link, signs up, is attributed to referral_unpaid, and the referrer's
// count goes up; a newsletter subscription is confirmed from the e-mailed link; the organisations form is
// sent and acknowledged by e-mail.

type OutboxMessage = { subject: string; body: string; channel: string };
const outbox = async (request: Parameters<typeof devGet>[0], to: string) =>
  (await devGet<{ data: OutboxMessage[] }>(request, '/dev/outbox', { to, channel: 'email' })).data;
const unique = (prefix: string) => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@haven.test`;

test('a referral link: the friend signs up through it, is attributed referral_unpaid, and the referrer sees one friend joined', async ({
  page,
  browser,
  request,
}) => {
  const referrer = await signUpFreshPatient(request);
  await signInAs(page, request, referrer); // through the api: the log-in is auth.spec's
  await page.goto('/dashboard');
  await signedInUser(page);
  await page.goto('/account/invite');
  await expect(page.getByRole('heading', { level: 1, name: 'Invite a friend' })).toBeVisible();
  const link = await page.getByRole('textbox', { name: 'Your invite link' }).inputValue();
  expect(link).toMatch(/^http:\/\/localhost:3000\/s\/[A-Z2-9]{8}$/);
  await expect(page.getByText('No friends have joined with your link yet.')).toBeVisible();

  const friendContext = await browser.newContext();
  const friend = await friendContext.newPage();
  await friend.goto(link);
  // The shell turns the short link into sign-up with the referral's parameters, on this site.
  await expect(friend).toHaveURL(/\/auth\/sign-up\?.*utm_medium=referral_unpaid.*ref=[A-Z2-9]{8}/);
  const friendEmail = unique('friend');
  await submitSignUp(friend.getByRole('form', { name: 'Sign up' }), friendEmail);
  const friendUser = await signedInUser(friend);
  await expect
    .poll(() => realtimeRead<{ marketing_data?: { marketing_activity?: string } }>(friend, `attribution/${friendUser.id}`), {
      timeout: 15_000,
    })
    .toMatchObject({ marketing_data: { marketing_activity: 'referral_unpaid' } });
  await friendContext.close();

  await page.reload();
  await expect(page.getByText('1 friend has joined with your link.')).toBeVisible();
  // The count only: the friend's address is not on the page.
  await expect(page.getByText(friendEmail)).toHaveCount(0);
});

test('a short link that is not known shows the not-found page', async ({ page }) => {
  await page.goto('/s/NOPE2345');
  await expect(page.getByRole('heading', { level: 1, name: "We couldn't find that page" })).toBeVisible();
});

test('the newsletter: subscribe on the landing page, confirm from the e-mailed link', async ({ page, request }) => {
  const email = unique('news');
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Newsletter' });
  await form.getByLabel('E-mail').fill(email);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Check your inbox' })).toBeVisible();

  let confirm = '';
  await expect
    .poll(async () => {
      confirm = (await outbox(request, email))[0]?.body.match(/(http\S+\/newsletter\/confirm\?\S+)/)?.[1] ?? '';
      return confirm;
    })
    .not.toBe('');
  expect(new URL(confirm).origin).toBe('http://localhost:3000');
  await page.goto(confirm);
  await expect(page.getByRole('status').filter({ hasText: 'your subscription is confirmed' })).toBeVisible();
  await expect
    .poll(async () => (await outbox(request, email)).map((m) => m.subject))
    .toContain('You are subscribed to the Haven newsletter');
});

test('For organisations: the form keeps what was typed on a refusal, then is sent and acknowledged', async ({ page, request }) => {
  const email = unique('lead');
  await page.goto('/for-organisations');
  await expect(page.getByRole('heading', { level: 1, name: 'Haven for organisations' })).toBeVisible();
  await page.getByLabel('Your name').fill('Meera Shah');
  await page.getByLabel('Work e-mail').fill(email);
  await page.getByLabel('Message (optional)').fill('Care for 400 people');
  await page.getByRole('button', { name: 'Talk to us' }).click();
  await expect(page.getByLabel('Organisation')).toHaveAccessibleDescription('Enter organisation');
  await expect(page.getByLabel('Message (optional)')).toHaveValue('Care for 400 people');

  await page.getByLabel('Organisation').fill('Acme');
  await page.getByLabel('Number of employees').selectOption('201-1000');
  await page.getByRole('button', { name: 'Talk to us' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Thank you' })).toBeVisible();
  await expect.poll(async () => (await outbox(request, email)).map((m) => m.subject)).toContain('We received your message');
});
