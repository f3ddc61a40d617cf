import { expect, test, type APIRequestContext } from '@playwright/test';
import { API } from './support/auth';
import { freshPatientOnPage } from './support/account';
import { answerDashboardModals, apiCall, bookFreshSession, type Creds } from './support/dashboard';
import { pageSettled } from './support/settled';
import { toDateAndTime } from './support/booking-walk';

// Always knowing whose account you are in: the header names the person the pages act for, a switch there
// changes what every page lists without a reload, the header and every signed-in page fit a 320 px phone,
// and each account section is a page with its own title.

/** A child profile of the account, and the credentials that act for it (its secondary-profile token beside the parent's). */
async function childProfile(request: APIRequestContext, c: Creds, first_name: string) {
  const created = await apiCall<{ data: { uuid: string } }>(request, c, 'post', '/customers/profiles', {
    kind: 'profile',
    first_name,
    last_name: 'Rao',
    date_of_birth: `${new Date().getFullYear() - 10}-01-01`,
    relationship: 'child',
  });
  const response = await request.post(`${API}/customers/profiles/${created.data.uuid}/session`, {
    headers: { 'access-token': c.token, client: c.client, uid: c.uid, expiry: c.expiry },
  });
  expect(response.ok(), `profile session ${response.status()}`).toBe(true);
  return { uuid: created.data.uuid, secondary: response.headers()['secondary-profile-access-token'] ?? '' };
}

test("a switch in the header lists the child's sessions and names the child, without a reload", async ({ page, request, playwright }) => {
  const { creds } = await freshPatientOnPage(page, request);
  await answerDashboardModals(request, creds);
  const child = await childProfile(request, creds, 'Kiran');
  // The child's own session (with Rahul), booked while acting for the child; the parent has none.
  const withChild = { ...creds };
  const childRequest = await playwright.request.newContext({ extraHTTPHeaders: { 'secondary-profile-access-token': child.secondary } });
  // The parent gives the child's consents (no 18+ for a child: the guardian's consent instead).
  await apiCall(childRequest, withChild, 'post', '/customers/mark_privacy_policy', { method_type: 'web', policy_type: 'privacy_policy' });
  await apiCall(childRequest, withChild, 'post', '/customers/mark_tnc_and_privacy');
  await apiCall(childRequest, withChild, 'post', '/customers/mark_guardian_consent');
  await bookFreshSession(childRequest, withChild, 1);
  await childRequest.dispose();

  await page.goto('/dashboard');
  await pageSettled(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Your care' })).toBeVisible();
  await expect(page.locator('[data-tour="sessions"]')).not.toContainText('Rahul');
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

  const header = page.getByRole('banner');
  await header.getByRole('button', { name: 'Your account: switch person' }).click();
  const people = page.getByRole('group', { name: 'People of this account' });
  await people.getByRole('button', { name: /Kiran Rao/ }).click();

  await expect(header.getByRole('button', { name: 'Acting for Kiran Rao: switch person' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: "Kiran's care" })).toBeVisible();
  await expect(page.locator('[data-tour="sessions"]')).toContainText('Rahul');
  expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  const shots = process.env.CARE_SHOTS_DIR;
  if (shots) {
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: `${shots}/acting-${width}.png` });
      await header.getByRole('button', { name: 'Acting for Kiran Rao: switch person' }).click();
      await expect(people).toBeVisible();
      await page.screenshot({ path: `${shots}/people-menu-${width}.png` });
      await page.keyboard.press('Escape');
    }
  }

  // And back: the parent's (empty) list again, the parent's care.
  await header.getByRole('button', { name: 'Acting for Kiran Rao: switch person' }).click();
  await people.getByRole('button', { name: /\(you\)/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your care' })).toBeVisible();
  await expect(page.locator('[data-tour="sessions"]')).not.toContainText('Rahul');
  expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
});

test("a child's profile is not booked before the parent's consent: asked at the flow's entry, then on to date and time", async ({
  page,
  request,
}) => {
  const { creds } = await freshPatientOnPage(page, request);
  await answerDashboardModals(request, creds);
  await childProfile(request, creds, 'Kiran');
  const providers = await apiCall<{ data: Array<{ uuid: string; firstname: string }> }>(request, creds, 'get', '/providers?role=therapist');
  const rahul = providers.data.find((p) => p.firstname === 'Rahul')!;

  // The parent starts booking on a phone, then switches to Kiran in the header: the flow asks Kiran's consents first.
  // Their care page listed both people, so the booking page (which loads no list itself) has the header's
  // switch from its first paint, in the place of the account link, and nothing moves after.
  const shots = process.env.CARE_SHOTS_DIR;
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/dashboard');
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: 'Your account: switch person' })).toBeVisible();
  await page.goto(`/booking?provider=${rahul.uuid}`);
  const account = header.locator('.hv-account-nav__account');
  await expect(account).toBeVisible();
  const before = await account.boundingBox();
  if (shots) await page.screenshot({ path: `${shots}/header-360-first.png` });
  await expect(header.getByRole('button', { name: 'Your account: switch person' })).toBeVisible();
  await pageSettled(page);
  expect(await account.boundingBox()).toEqual(before);
  if (shots) await page.screenshot({ path: `${shots}/header-360-loaded.png` });
  await header.getByRole('button', { name: 'Your account: switch person' }).click();
  await page
    .getByRole('group', { name: 'People of this account' })
    .getByRole('button', { name: /Kiran Rao/ })
    .click();
  await expect(header.getByRole('button', { name: 'Acting for Kiran Rao: switch person' })).toBeVisible();
  const consent = page.getByRole('form', { name: 'Consent for Kiran' });
  await expect(consent).toBeVisible();
  await expect(consent).not.toContainText('18 years or older');
  // Nothing to choose before it: no session, length, date or time.
  for (const name of ['Choose your session', 'Choose the length', 'Choose a date'])
    await expect(page.getByRole('heading', { level: 2, name })).toHaveCount(0);
  if (shots)
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: `${shots}/child-consent-${width}.png`, fullPage: true });
    }

  await consent.getByRole('button', { name: 'Give consent and continue' }).click();
  await expect(consent.getByRole('alert')).toHaveText('Please tick both boxes to continue.');
  await consent.getByRole('checkbox', { name: 'I accept the terms of use and the privacy policy for Kiran' }).check();
  await consent.getByRole('checkbox', { name: "I am Kiran's parent or legal guardian and I consent to Kiran's care" }).check();
  await consent.getByRole('button', { name: 'Give consent and continue' }).click();
  await toDateAndTime(page);
  await expect(page.getByRole('list', { name: 'Dates with free times' })).toBeVisible();
  // The api kept them: a reload goes straight on, with no consent step.
  await page.reload();
  await pageSettled(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Choose a date' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Consent for Kiran' })).toHaveCount(0);
});

const ACCOUNT_PAGES: Array<[string, string]> = [
  ['/account', 'Your details'],
  ['/account/profiles', 'Profiles and members'],
  ['/account/documents', 'Documents'],
  ['/account/payments', 'Payments and invoices'],
  ['/account/security', 'Sign-in and PIN'],
  ['/account/invite', 'Invite a friend'],
  ['/account/close', 'Close account'],
];

const OTHER_SIGNED_IN_PAGES = [
  '/dashboard',
  '/care-tools',
  '/journal',
  '/journey',
  '/treatment-plan',
  '/experts',
  '/assessments',
  '/dashboard/resources',
];

test('at 320 px no signed-in page scrolls sideways, and each account page has its own title', async ({ page, request }) => {
  test.setTimeout(180_000);
  const { creds } = await freshPatientOnPage(page, request);
  await answerDashboardModals(request, creds);
  await page.setViewportSize({ width: 320, height: 720 });
  const shots = process.env.CARE_SHOTS_DIR;
  for (const path of [...OTHER_SIGNED_IN_PAGES, ...ACCOUNT_PAGES.map(([p]) => p)]) {
    await page.goto(path);
    await pageSettled(page);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${path} is ${width} px wide at 320 px`).toBeLessThanOrEqual(320);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log out' })).toBeInViewport({ ratio: 1 });
    if (shots) await page.screenshot({ path: `${shots}/320${path.replace(/\//g, '_')}.png` });
  }
  for (const [path, label] of ACCOUNT_PAGES) {
    await page.goto(path);
    await pageSettled(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${label} · Your account`);
    await expect(page).toHaveTitle(new RegExp(`^${label} · Your account`));
  }
});
