import { expect, test } from '@playwright/test';
import { logInWithPassword } from './support/auth';
import { ACME_SITE } from './support/partner';

// What a package promises is what it books: the card's "Covers" and the provider list come from the one
// plan rule. Globex's plan has no psychiatry: its card does not promise it and its list shows none.

// Screenshots for a person to look at, only when asked for (CARE_SHOTS_DIR).
const SHOTS = process.env.CARE_SHOTS_DIR;

test('Globex (no psychiatry): the card covers no psychiatry, and the provider list shows no psychiatrist', async ({ page }) => {
  await logInWithPassword(page, 'employee@globex.test');
  await expect(page).toHaveURL('http://localhost:3000/org/dashboard');
  await expect(page.getByTestId('package-covers')).toHaveText("Therapy, couples therapy and children's care");
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

test('Acme (everything): the card covers psychiatry too', async ({ page }) => {
  await logInWithPassword(page, 'employee@acme.test');
  await expect(page).toHaveURL(`${ACME_SITE}/partnerdashboard`);
  await expect(page.getByTestId('package-covers')).toHaveText("Therapy, psychiatry, couples therapy and children's care");
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/acme-partnerdashboard.png`, fullPage: true });
});
