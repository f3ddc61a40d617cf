import { expect, test, type Page } from '@playwright/test';
import { answerDashboardModals, signInAs } from './support/dashboard';
import { PLAN_EMPLOYEE, providerNamed } from './support/planvis';
import { toDateAndTime } from './support/booking-walk';

// Plan visibility in booking: "a plan without psychiatry offers none anywhere" (the demo employee
// of Lumen Works, plan 2b2), offline booking by city code, and the clinic filter kept in activeFilters.

const care = (page: Page) => page.getByRole('main').getByRole('link', { name: 'Psychiatry', exact: true });
const notice = (page: Page) => page.getByRole('region', { name: 'Not part of your plan' });
const listed = async (page: Page) => {
  await expect(page.getByText(/^\d+ providers? found$/)).toBeVisible();
  return page.getByTestId('provider-card').locator('h2').allTextContents();
};

test('a plan without psychiatry offers none anywhere: landing, lists, filters, profile, deep links, switch, matching, care team', async ({
  page,
  request,
}) => {
  test.slow(); // long by nature: eight pages walked in one test
  const c = await signInAs(page, request, PLAN_EMPLOYEE);
  await answerDashboardModals(request, c);
  const vikram = await providerNamed(request, 'Vikram');

  for (const path of ['/', '/therapy-psychiatry/']) {
    await page.goto(path);
    await expect(page.getByRole('main').getByRole('link', { name: 'Therapy', exact: true })).toBeVisible();
    await expect(care(page)).toHaveCount(0);
  }

  await page.goto('/providers');
  const everyone = await listed(page);
  expect(everyone).toContain('Ananya Rao');
  expect(everyone).not.toContain('Vikram Iyer');
  expect(everyone).not.toContain('Meera Das');
  await page.locator('#f-type .hv-disclosure__button').click();
  expect(await page.getByRole('group', { name: 'Provider type' }).getByRole('button').allTextContents()).not.toContainEqual(
    expect.stringMatching(/Psychiatrist/),
  );

  // A shared link to psychiatrists: a clear notice and the care the plan offers.
  await page.goto('/providers?t=psychiatry');
  await expect(notice(page)).toContainText('Psychiatry is not part of your plan.');
  await expect(notice(page).getByRole('link', { name: 'Therapy', exact: true })).toHaveAttribute('href', '/providers?t=therapy');
  await expect(notice(page).getByRole('link', { name: 'Psychiatry' })).toHaveCount(0);
  expect(await listed(page)).toEqual([]);

  // The profile has no book button; the booking deep links show the notice, never a broken flow.
  await page.goto(`/provider/${vikram}/`);
  await expect(notice(page)).toContainText('Psychiatry is not part of your plan.');
  await expect(page.getByRole('link', { name: /^Book a session/ })).toHaveCount(0);
  for (const link of [`/booking?provider=${vikram}`, '/booking?role=psychiatrist']) {
    await page.goto(link);
    await expect(notice(page)).toContainText('Psychiatry is not part of your plan.');
    await expect(page.getByRole('button', { name: 'Continue' })).toHaveCount(0);
  }

  // The provider switch offers the therapist only.
  await page.goto('/providers/switch');
  const types = page.getByRole('group', { name: 'Your providers' });
  await expect(types.getByRole('radio')).toHaveCount(1);
  await expect(types).toContainText('Therapist: Ananya Rao');

  await page.goto('/matching');
  const kinds = page.getByLabel('What kind of care are you looking for?');
  await expect(kinds.locator('option')).toHaveText(['Therapy', 'Couples therapy', 'Coaching']);

  // The care team keeps the psychiatrist from before the plan, without book again.
  await page.goto('/dashboard');
  const team = page.getByRole('region', { name: 'Your care team' });
  await expect(team.getByRole('link', { name: 'Book again with Ananya Rao' })).toBeVisible({ timeout: 20_000 });
  await expect(team.getByRole('article', { name: 'Your psychiatrist: Vikram Iyer' })).toBeVisible();
  await expect(team.getByRole('link', { name: 'Book again with Vikram Iyer' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Book again with Vikram Iyer' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Find care' }).getByRole('link', { name: 'Psychiatry', exact: true })).toHaveCount(0);
});

test.describe('offline booking by city code (plan 2b2: Bengaluru and Mumbai)', () => {
  test.use({ timezoneId: 'Asia/Kolkata' });

  test('blr_off books in clinic at a Bengaluru centre; a Delhi clinic is refused with a notice', async ({ page, request }) => {
    const c = await signInAs(page, request, PLAN_EMPLOYEE);
    await answerDashboardModals(request, c);
    const [ananya, isha, tara] = await Promise.all(['Ananya', 'Isha', 'Tara'].map((n) => providerNamed(request, n)));

    // Ananya sees people in Mumbai (Bandra) and Bengaluru (Indiranagar): blr_off offers only Bengaluru.
    await page.goto(`/booking?provider=${ananya}&city=blr_off`);
    await expect(page.getByLabel('In clinic')).toBeChecked();
    await expect(page.getByLabel('Clinic centre').locator('option')).toHaveText(['Choose a centre', /^Indiranagar, Bengaluru/]);

    await page.goto(`/booking?provider=${tara}&city=del_off`);
    await expect(notice(page)).toContainText('Sessions in a clinic in Delhi NCR are not part of your plan.');

    await page.goto('/providers?city=del_off');
    await expect(notice(page)).toContainText('Sessions in a clinic in Delhi NCR are not part of your plan.');
    await expect(page.getByLabel('Clinic city').locator('option')).toHaveText(['Any', 'Mumbai', 'Bengaluru']);

    // Isha: in clinic only, Indiranagar. A whole booking, on a later day than other specs use.
    await page.goto(`/booking?provider=${isha}&city=blr_off`);
    await expect(page.getByLabel('In clinic')).toBeChecked();
    await expect(page.getByLabel('Clinic centre').locator('option')).toHaveText(['Choose a centre', /^Indiranagar, Bengaluru/]);
    await page.getByLabel('Clinic centre').selectOption({ index: 1 });
    await toDateAndTime(page);
    await expect(page).toHaveURL(/mode=offline&type=individual&centre=\d+/);
    await page.getByRole('list', { name: 'Dates with free times' }).getByRole('button').nth(3).click();
    await page.locator('.hv-slot').last().click();
    await expect(page).toHaveURL(/step=5/);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('button', { name: 'Pay ₹1,400' }).click();
    await expect(page.getByRole('heading', { name: 'Your session is booked' })).toBeVisible();
  });
});

test('the clinic filter is kept in activeFilters (ih_clinic_ids) for the visit: it survives reload and navigation, "Any" forgets it, logout clears it', async ({
  page,
  request,
}) => {
  const c = await signInAs(page, request, PLAN_EMPLOYEE);
  await answerDashboardModals(request, c);
  const stored = () => page.evaluate(() => window.sessionStorage.getItem('activeFilters'));

  await page.goto('/providers');
  await page.getByLabel('Clinic city').selectOption('blr');
  await expect(page).toHaveURL(/\/providers\?city=blr$/);
  await expect.poll(stored).toMatch(/^\{"ih_clinic_ids":\[\d+\]\}$/);
  const inBlr = await listed(page);
  expect(inBlr).toContain('Isha Bose');
  expect(inBlr).not.toContain('Tara Gill');

  await page.reload();
  await expect(page.getByLabel('Clinic city')).toHaveValue('blr');
  // Navigation: a link without a city opens with the kept one.
  await page.goto('/providers?t=therapy');
  await expect(page).toHaveURL(/\/providers\?t=th&city=blr$/);
  await expect(page.getByLabel('Clinic city')).toHaveValue('blr');

  await page.getByLabel('Clinic city').selectOption('');
  await expect(page).toHaveURL(/\/providers\?t=th$/);
  await expect.poll(stored).toBeNull();

  await page.getByLabel('Clinic city').selectOption('mum');
  await expect.poll(stored).not.toBeNull();
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Log out' }).click();
  await expect.poll(stored).toBeNull();
});

test('a fresh visit to the provider list starts with no filter remembered (city and session alike); what the address carries is honoured', async ({
  page,
  context,
  request,
}) => {
  const c = await signInAs(page, request, PLAN_EMPLOYEE);
  await answerDashboardModals(request, c);
  // The live list, not the painted snapshot that stands in for it while the page loads.
  const live = (p: Page) => expect(p.locator('#hv-snapshot')).toHaveCount(0, { timeout: 15_000 });
  await page.goto('/providers');
  await live(page);
  await page.getByLabel('Session', { exact: true }).selectOption('offline');
  await page.getByLabel('Clinic city').selectOption('blr');
  await expect(page).toHaveURL(/city=blr/);
  await expect(page.getByLabel('Clinic city')).toHaveValue('blr');

  // Another visit (a new tab, the same signed-in person): neither filter is brought back unasked.
  const fresh = await context.newPage();
  await signInAs(fresh, request, PLAN_EMPLOYEE);
  await fresh.goto('/providers');
  await live(fresh);
  await expect(fresh.getByText(/^\d+ providers? found$/)).toBeVisible();
  // Long enough for the clinics and the plan to load, when a kept city used to be put back into the address.
  await expect(fresh.locator('#f-type .hv-disclosure__button')).toBeVisible();
  await fresh.waitForLoadState('networkidle');
  await expect(fresh).toHaveURL(/\/providers$/);
  await expect(fresh.getByLabel('Clinic city')).toHaveValue('');
  await expect(fresh.getByLabel('Session', { exact: true })).toHaveValue('');

  // A link that carries the filters is honoured in full.
  await fresh.goto('/providers?m=off&city=mum');
  await live(fresh);
  await expect(fresh.getByLabel('Clinic city')).toHaveValue('mum');
  await expect(fresh.getByLabel('Session', { exact: true })).toHaveValue('offline');
  await fresh.close();
});
