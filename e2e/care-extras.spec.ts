import { expect, test } from '@playwright/test';
import { API } from './support/auth';
import { freshPatientOnPage } from './support/account';
import { answerDashboardModals, apiCall } from './support/dashboard';

// The care area's treatment plan (the patient's own, never another's) and the profiles area's
// children-first activation of a child's profile by its parent.

// Screenshots for a person to look at, only when asked for (CARE_SHOTS_DIR), at a phone's width.
const SHOTS = process.env.CARE_SHOTS_DIR;

test('the treatment plan a provider shared opens from the home, for its patient alone', async ({ page, request, browser }) => {
  const { email, creds } = await freshPatientOnPage(page, request);
  await answerDashboardModals(request, creds);
  const written = await request.post(`${API}/dev/treatment_plan`, { data: { email } });
  expect(written.status()).toBe(201);

  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Treatment plan' }).click();
  await expect(page).toHaveURL(/\/treatment-plan$/);
  const plan = page.getByRole('region', { name: 'Managing work anxiety and sleep' });
  await expect(plan).toContainText(/Active · Review on \d{1,2} \w+ \d{4}/);
  await expect(plan.getByRole('list', { name: 'Goals' }).getByRole('listitem')).toHaveCount(3);
  await expect(plan.getByRole('list', { name: 'Goals' })).toContainText('How we will know: Five nights out of seven by the review');
  await expect(plan.getByRole('list', { name: 'How we will work on them' })).toContainText('Box breathing before meetings');
  if (SHOTS) {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.screenshot({ path: `${SHOTS}/treatment-plan-360.png`, fullPage: true });
  }

  // Another patient sees no plan of theirs, and this plan's id is not found for them.
  const context = await browser.newContext();
  const other = await context.newPage();
  const them = await freshPatientOnPage(other, request);
  await answerDashboardModals(request, them.creds);
  await other.goto('/treatment-plan');
  await expect(other.getByText('Your provider has not shared a treatment plan with you yet.', { exact: false })).toBeVisible();
  const theirs = await request.get(`${API}/customers/treatment_plans/${((await written.json()) as { data: { uuid: string } }).data.uuid}`, {
    headers: { 'access-token': them.creds.token, client: them.creds.client, uid: them.creds.uid, expiry: them.creds.expiry },
  });
  expect(theirs.status()).toBe(404);
  await context.close();
});

test("a parent activates a child's profile for children-first care under Profiles, with their consent", async ({ page, request }) => {
  const { creds } = await freshPatientOnPage(page, request);
  await answerDashboardModals(request, creds);
  await apiCall(request, creds, 'post', '/customers/profiles', {
    kind: 'profile',
    first_name: 'Kiran',
    last_name: 'Test',
    date_of_birth: '2016-05-01',
    relationship: 'child',
  });
  await apiCall(request, creds, 'post', '/customers/profiles', {
    kind: 'profile',
    first_name: 'Meera',
    last_name: 'Test',
    date_of_birth: '1990-01-01',
  });

  await page.goto('/account/profiles');
  const section = page.getByRole('region', { name: 'Children-first care' });
  const form = section.getByRole('form', { name: 'Activate children-first care for Kiran Test' });
  // Only the child has the step; the adult profile has none.
  await expect(form).toBeVisible();
  await expect(section).not.toContainText('Meera');
  await form.getByRole('button', { name: 'Activate for Kiran Test' }).click();
  await expect(form.getByRole('alert')).toHaveText("Please confirm that you are Kiran Test's parent or guardian.");
  await form.getByRole('checkbox', { name: /I am Kiran Test's parent or guardian/ }).check();
  if (SHOTS) {
    await page.setViewportSize({ width: 360, height: 800 });
    await section.screenshot({ path: `${SHOTS}/cf-activation-360.png` });
  }
  await form.getByRole('button', { name: 'Activate for Kiran Test' }).click();
  await expect(section.getByRole('link', { name: 'Book for Kiran Test' })).toHaveAttribute('href', '/booking/children-first');
  if (SHOTS) await section.screenshot({ path: `${SHOTS}/cf-activated-360.png` });

  await page.reload();
  await expect(page.getByRole('region', { name: 'Children-first care' }).getByRole('link', { name: 'Book for Kiran Test' })).toBeVisible();
});
