import { expect, test } from '@playwright/test';
import { logInWithPassword } from './support/auth';
import { ACME_SITE } from './support/partner';
import { pageSettled } from './support/settled';

// What a package promises is what it books: the card's "Covers" and the provider list come from the one
// plan rule. Globex's plan has no psychiatry: its card does not promise it and its list shows none.

// Screenshots for a person to look at, only when asked for (CARE_SHOTS_DIR).
const SHOTS = process.env.CARE_SHOTS_DIR;
// An Indian patient (the located zone decides the currency where the address places nobody).
test.use({ timezoneId: 'Asia/Kolkata' });

test('Globex (no psychiatry): the card covers no psychiatry, and the provider list shows no psychiatrist', async ({ page }) => {
  await logInWithPassword(page, 'employee@globex.test');
  await expect(page).toHaveURL('http://localhost:3000/org/dashboard');
  await expect(page.getByTestId('package-covers')).toHaveText(/^\d+ sponsored sessions? of therapy, couples therapy or children's care\.$/);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/globex-org-dashboard.png`, fullPage: true });

  await page.goto('/providers');
  await expect(page.getByText(/^\d+ providers? found$/)).toBeVisible();
  const names = await page.getByTestId('provider-card').locator('h2').allTextContents();
  expect(names).toContain('Ananya Rao');
  expect(names).not.toContain('Vikram Iyer');
  expect(names).not.toContain('Meera Das');
  await expect(page.getByText(`${names.length} providers found`, { exact: true })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/globex-providers.png` });
});

test('Acme (everything): the card covers psychiatry too; booking with it is choosing among covered providers, and the checkout says "Covered by Acme Corp" and ₹0', async ({
  page,
}) => {
  await logInWithPassword(page, 'employee@acme.test');
  await expect(page).toHaveURL(`${ACME_SITE}/partnerdashboard`);
  await expect(page.getByTestId('package-covers')).toHaveText(
    /^\d+ sponsored sessions? of therapy, psychiatry, couples therapy or children's care\.$/,
  );
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/acme-partnerdashboard.png`, fullPage: true });

  await page.getByRole('link', { name: 'Book a sponsored session' }).click();
  await expect(page.getByText(/^\d+ providers? found$/)).toBeVisible();
  await expect(page.locator('#f-type .hv-disclosure__summary')).toHaveText(
    'Children-first care, Couples therapist, Psychiatrist, Therapist',
  );
  const names = await page.getByTestId('provider-card').locator('h2').allTextContents();
  expect(names).toEqual(expect.arrayContaining(['Ananya Rao', 'Meera Das']));
  expect(names).not.toContain('Arjun Nair'); // a coach: not what the package books
  const ananya = page.getByTestId('provider-card').filter({ has: page.getByRole('heading', { name: 'Ananya Rao' }) });
  await expect(ananya.getByTestId('provider-fee')).toHaveText('₹0');
  await expect(page.getByRole('list', { name: 'Coupons you can use' })).toHaveCount(0);

  await ananya.getByTestId('provider-times').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/booking\?.*step=5/);
  await pageSettled(page);
  await expect(page.getByTestId('confirm-fee')).toHaveText('Covered by Acme Corp · ₹0');
  await expect(page.getByRole('button', { name: /^Book with your company package \(\d+ sessions? left\)$/ })).toBeVisible();
  await expect(page.getByLabel('Coupon code')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toHaveCount(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/acme-sponsored-checkout.png`, fullPage: true });
});
