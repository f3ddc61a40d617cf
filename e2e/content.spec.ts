import { expect, test } from '@playwright/test';
import { axeViolations } from './support/axe';
import { signedInState } from './support/signed-in';

// The content area of the care dashboard: reached from the home, its kinds as tabs, an article read in
// full, and a webinar registered for (which stays registered after a reload) and then cancelled, its seat
// given back. Accessible throughout.

// Screenshots for a person to look at, only when asked for (CONTENT_SHOTS_DIR).
const SHOTS = process.env.CONTENT_SHOTS_DIR;

test('the resources area opens from the home, reads an article, registers for a webinar and cancels it', async ({ browser }) => {
  const context = await browser.newContext({ storageState: await signedInState(browser, 'patient') });
  const page = await context.newPage();
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Care tools and more' }).getByRole('link', { name: 'Resources' }).click();
  await expect(page).toHaveURL(/\/dashboard\/resources$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Resources' })).toBeVisible();
  const tabs = page.getByRole('navigation', { name: 'Kinds of content' });
  await expect(tabs.getByRole('link', { name: 'Articles' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('link', { name: 'When worry will not switch off' })).toBeVisible();
  expect(await axeViolations(page, 'resources')).toEqual([]);
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/resources-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 360, height: 780 });
    await page.screenshot({ path: `${SHOTS}/resources-360.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 720 });
  }

  await page.getByLabel('Topic').selectOption('sleep');
  await expect(page).toHaveURL(/topic=sleep/);
  await expect(page.getByRole('link', { name: 'Sleep after a hard day' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'When worry will not switch off' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Sleep after a hard day' }).click();
  await expect(page).toHaveURL(/\/dashboard\/resources\/blogs\/sleep-after-a-hard-day$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sleep after a hard day' })).toBeVisible();
  await expect(page.getByText('Keep the same waking time every day')).toBeVisible();
  await page.getByRole('link', { name: 'Back to articles' }).click();
  await expect(page).toHaveURL(/\/dashboard\/resources\/blogs$/);

  await tabs.getByRole('link', { name: 'Webinars' }).click();
  await page.getByRole('link', { name: 'Managing exam stress: a live session for students and parents' }).click();
  await expect(page).toHaveURL(/\/dashboard\/resources\/webinars\/managing-exam-stress$/);
  const registration = page.getByRole('region', { name: 'Registration' });
  await expect(registration).toContainText('100 seats left');
  expect(await axeViolations(page, 'webinar')).toEqual([]);
  await registration.getByRole('button', { name: 'Register for this webinar' }).click();
  await expect(registration.getByRole('status')).toHaveText('You are registered. Your seat is saved.');
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/webinar-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 360, height: 780 });
    await page.screenshot({ path: `${SHOTS}/webinar-360.png`, fullPage: true });
  }
  await page.reload();
  await expect(page.getByRole('region', { name: 'Registration' }).getByRole('status')).toContainText('You are registered.');
  await expect(page.getByRole('button', { name: 'Register for this webinar' })).toHaveCount(0);
  const again = page.getByRole('region', { name: 'Registration' });
  await expect(again).toContainText('You are registered.');
  expect(await axeViolations(page, 'webinar, registered')).toEqual([]);
  await again.getByRole('button', { name: 'Cancel registration' }).click();
  await expect(again.getByRole('button', { name: 'Register for this webinar' })).toBeVisible();
  await expect(again).toContainText('100 seats left');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/webinar-cancelled-360.png`, fullPage: true });
  await context.close();
});
