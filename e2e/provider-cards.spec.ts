import { expect, test, type Page } from '@playwright/test';
import { logInWithPassword, signUpFreshPatient } from './support/auth';
import { signInAs } from './support/dashboard';
import { ACME_SITE } from './support/partner';

// Choosing a provider: a card shows a portrait, qualification and registration, languages and three free
// times a patient can tap (booking opens at Confirm with that time chosen); the filters in force are chips
// in the address, so two of them survive a reload. At a phone's width and a desktop's.

// Screenshots for a person to look at, only when asked for (CARDS_SHOTS_DIR).
const SHOTS = process.env.CARDS_SHOTS_DIR;

const card = (page: Page, name: string) => page.getByTestId('provider-card').filter({ has: page.getByRole('heading', { name }) });

for (const width of [360, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 360 ? 740 : 900 }, timezoneId: 'Asia/Kolkata' });

    test('two filters are chips that survive a reload; the card shows portrait, qualification, languages and three times', async ({
      page,
    }) => {
      await page.goto('/providers?t=th&l=hi');
      await expect(page.getByText(/providers? found$/)).toBeVisible();
      const chips = page.getByRole('group', { name: 'Filters in use' });
      await expect(chips.getByRole('button')).toHaveText([/^Type: Therapist/, /^Language: Hindi/, 'Clear all filters']);
      await page.reload();
      await expect(page).toHaveURL(/\/providers\?t=th&l=hi$/);
      await expect(chips.getByRole('button', { name: /^Language: Hindi ?, remove this filter$/ })).toBeVisible();
      await expect(page.locator('#f-type .hv-disclosure__summary')).toHaveText('Therapist');
      await expect(page.locator('#f-language .hv-disclosure__summary')).toHaveText('Hindi');

      const ananya = card(page, 'Ananya Rao');
      const portrait = ananya.getByTestId('provider-portrait');
      await portrait.scrollIntoViewIfNeeded();
      await expect(portrait).toHaveAttribute('width', '80');
      await expect.poll(() => portrait.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
      await expect(ananya.getByTestId('provider-credentials')).toHaveText(
        /M\.Phil\. Clinical Psychology · Reg\. Rehabilitation Council of India \w+/,
      );
      await expect(ananya.getByTestId('provider-languages')).toHaveText('English, Hindi');
      await expect(ananya.getByTestId('provider-times').getByRole('link')).toHaveCount(3);
      // Zoya Khan costs nothing: the card says so.
      await expect(card(page, 'Zoya Khan').getByTestId('provider-fee')).toHaveText('Free');

      // Removing a chip is a new address; the list follows.
      await chips.getByRole('button', { name: /^Language: Hindi ?, remove this filter$/ }).click();
      await expect(page).toHaveURL(/\/providers\?t=th$/);
    });

    test('tapping a free time opens the booking at Confirm with that time chosen', async ({ page, request }) => {
      test.slow(); // signs a patient up first
      const email = await signUpFreshPatient(request);
      await signInAs(page, request, email); // signed in through the api: the log-in is auth.spec's
      await page.goto('/providers?t=th&c=anx');
      await expect(page).toHaveURL(/\/providers\?/);
      const time = card(page, 'Ananya Rao').getByTestId('provider-times').getByRole('link').nth(1);
      const shown = (await time.textContent()) ?? '';
      const start = (await time.locator('time').getAttribute('datetime')) ?? '';
      await time.click();
      await expect(page).toHaveURL(/\/booking\?.*step=5/);
      expect(new URL(page.url()).searchParams.get('slot')).toBe(start);
      await expect(page.getByTestId('confirm-when')).toContainText(shown);
    });

    test('screenshots of the list and a profile', async ({ page }) => {
      test.skip(!SHOTS, 'only when CARDS_SHOTS_DIR asks for them');
      await page.goto('/providers');
      await expect(page.getByText(/providers? found$/)).toBeVisible();
      await expect
        .poll(() =>
          page
            .getByTestId('provider-portrait')
            .first()
            .evaluate((img: HTMLImageElement) => img.naturalWidth),
        )
        .toBeGreaterThan(0);
      await page.screenshot({ path: `${SHOTS}/providers-${width}.png` });
      await page.screenshot({ path: `${SHOTS}/providers-${width}-full.png`, fullPage: true });
      await card(page, 'Ananya Rao').getByRole('heading').getByRole('link').click();
      await expect(page.getByRole('heading', { level: 1, name: 'Ananya Rao' })).toBeVisible();
      await expect
        .poll(() => page.getByTestId('provider-portrait').evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
      await page.screenshot({ path: `${SHOTS}/profile-${width}.png`, fullPage: true });
    });
  });
}

test('two filters of several values each: combined, chips, and the same list after a reload', async ({ page }) => {
  await page.goto('/providers?t=th,ps&l=hi,ta');
  await expect(page.getByText(/providers? found$/)).toBeVisible();
  const names = async () => (await page.getByTestId('provider-card').getByRole('heading').allTextContents()).sort();
  const before = await names();
  expect(before.length).toBeGreaterThan(0);
  // Adding Marathi through the language filter widens the list and the address keeps every value.
  await page.locator('#f-language .hv-disclosure__button').click();
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Marathi' }).click();
  await expect(page).toHaveURL(/\/providers\?t=th%2Cps&l=hi%2Cta%2Cmr$/);
  await expect(page.getByText(/providers? found$/)).toBeVisible();
  const wider = await names();
  expect(wider).toEqual(expect.arrayContaining(before));
  await page.reload();
  await expect(page.getByText(/providers? found$/)).toBeVisible();
  const chips = page.getByRole('group', { name: 'Filters in use' });
  await expect(chips.getByRole('button')).toHaveText([
    /^Type: Therapist/,
    /^Type: Psychiatrist/,
    /^Language: Hindi/,
    /^Language: Tamil/,
    /^Language: Marathi/,
    'Clear all filters',
  ]);
  await expect(page.locator('#f-language .hv-disclosure__summary')).toHaveText('Hindi, Marathi, Tamil'); // in the filter bar's order;
  expect(await names()).toEqual(wider);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/multi-filters.png`, fullPage: true });
});

test.describe('sponsored', () => {
  test.use({ timezoneId: 'Asia/Kolkata' });
  test('an Acme employee: the card of a covered provider says "Covered by Acme Corp" and ₹0, a coach keeps its price', async ({ page }) => {
    await logInWithPassword(page, 'employee@acme.test');
    await expect(page).toHaveURL(`${ACME_SITE}/partnerdashboard`);
    await page.goto(`${ACME_SITE}/providers`);
    await expect(page.getByText(/providers? found$/)).toBeVisible();
    const ananya = card(page, 'Ananya Rao');
    await expect(ananya.getByText('Covered by Acme Corp')).toBeVisible();
    await expect(ananya.getByTestId('provider-fee')).toHaveText('₹0');
    await expect(card(page, 'Arjun Nair').getByTestId('provider-fee')).toHaveText('₹700');
    if (SHOTS) await ananya.screenshot({ path: `${SHOTS}/acme-covered-card.png` });
  });
});
