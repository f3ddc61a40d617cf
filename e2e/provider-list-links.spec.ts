import { expect, test } from '@playwright/test';

// The provider list as links across the product open it (type=…, the long names the dashboard and the
// partner pages write), its count in words, and what a signed-out visitor is told about a provider.

test('a visitor: /providers?type=psychiatrist lists psychiatrists only, one coach is "1 provider found", and no card claims an organisation', async ({
  page,
}) => {
  const status = page.locator('.hv-discovery__status');
  const cards = page.getByTestId('provider-card');

  await page.goto('/providers');
  await expect(status).toHaveText(/^\d+ providers? found$/, { timeout: 15_000 });
  const all = Number((await status.textContent())?.split(' ')[0]);
  await expect(cards).toHaveCount(all);
  // A visitor has no organisation: nothing says "your organisation's care team".
  await expect(page.getByText(/organisation's care team/)).toHaveCount(0);

  await page.goto('/providers?type=psychiatrist');
  await expect(status).toHaveText(/^\d+ providers? found$/, { timeout: 15_000 });
  const psychiatrists = Number((await status.textContent())?.split(' ')[0]);
  expect(psychiatrists).toBeGreaterThan(0);
  expect(psychiatrists).toBeLessThan(all);
  await expect(cards).toHaveCount(psychiatrists);
  for (const roles of await cards.locator('.hv-provider-card__roles').allTextContents()) expect(roles).toMatch(/Psychiatrist/);

  // A profile writes its languages and concerns as words, not the data's slugs ("english", "adhd").
  await cards.getByRole('link', { name: 'Vikram Iyer', exact: true }).click();
  const about = page.getByRole('region', { name: 'About Vikram Iyer' });
  await expect(about.locator('dt', { hasText: 'Languages' }).locator('+ dd')).toHaveText('English, Tamil, Hindi');
  await expect(about.getByRole('list', { name: 'Helps with' })).toContainText('ADHD');
  await expect(about).not.toContainText(/\b(english|adhd)\b/);

  await page.goto('/providers?type=coach');
  await expect(status).toHaveText('1 provider found', { timeout: 15_000 });
  await expect(cards).toHaveCount(1);
});
