import { expect, type Page } from '@playwright/test';

/**
 * From the booking's first step to its date and time screen, taking each offered default: Continue on
 * the session and length steps where they ask something (a step with one choice is made by the flow and
 * never shown). Answers which steps asked.
 */
export async function toDateAndTime(page: Page): Promise<{ session: boolean; length: boolean }> {
  const session = page.getByRole('heading', { level: 2, name: 'Choose your session' });
  const length = page.getByRole('heading', { level: 2, name: 'Choose the length' });
  const dates = page.getByRole('heading', { level: 2, name: 'Choose a date' });
  const asked = { session: false, length: false };
  await expect(session.or(length).or(dates)).toBeVisible();
  if (await session.isVisible()) {
    asked.session = true;
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(length.or(dates)).toBeVisible();
  }
  if (await length.isVisible()) {
    asked.length = true;
    await page.getByRole('button', { name: 'Continue' }).click();
  }
  await expect(dates).toBeVisible();
  await expect(page).toHaveURL(/step=3/);
  return asked;
}
