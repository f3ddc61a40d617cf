import { expect, test } from '@playwright/test';
import { loggedInUser, logInWithPassword, passwordForm, PASSWORD } from './support/auth';

// The sign-in state lives in the shell, so it holds on every route, not only on the /auth pages.
test.describe('session on every route', () => {
  test('a signed-in patient opening a non-auth page in a new tab is still signed in', async ({ context }) => {
    const first = await context.newPage();
    await logInWithPassword(first, 'patient@haven.test', '/auth/log-in/?redirectPath=%2Fdashboard');
    await expect(first).toHaveURL(/\/dashboard$/);

    const second = await context.newPage();
    await second.goto('/t-p');
    await expect(second.locator('#hv-app [data-app="mfe-partner"] h1')).toBeVisible();
    await expect(second.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Log out' })).toBeVisible();
    expect(await loggedInUser(second)).toMatchObject({ email: 'patient@haven.test' });
  });

  test('nobody signed in: the header offers log-in that comes back to the page', async ({ page }) => {
    await page.goto('/therapy-psychiatry/');
    const logIn = page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Log in' });
    await expect(logIn).toHaveAttribute('href', '/auth/log-in/?redirectPath=%2Ftherapy-psychiatry%2F');
  });

  test('logging out from the header follows in another tab on a non-auth page within 1 s', async ({ context }) => {
    const first = await context.newPage();
    await logInWithPassword(first, 'patient@haven.test', '/auth/log-in/?redirectPath=%2Fdashboard');
    await expect(first).toHaveURL(/\/dashboard$/);
    const second = await context.newPage();
    await second.goto('/therapy-psychiatry/');
    await expect(second.getByRole('link', { name: 'Log out' })).toBeVisible();

    await first.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Log out' }).click();
    await expect(first).toHaveURL(/\/auth\/log-in\/\?redirectPath=%2Ft-p$/);
    const started = Date.now();
    await expect(second).toHaveURL(/\/auth\/log-in\/\?redirectPath=%2Ft-p$/, { timeout: 1_000 });
    expect(Date.now() - started).toBeLessThan(1_000);
    // The other tab says why it is on the log-in page; the tab that logged out does not.
    const why = 'You were signed out in another tab or window. Log in again to carry on.';
    await expect(second.getByRole('status').filter({ hasText: why })).toBeVisible();
    await expect(first.getByText(why)).toHaveCount(0);
  });

  test('logging out goes to the log-in page for /t-p; a patient with no organisation logging in there lands in their care', async ({
    page,
  }) => {
    await logInWithPassword(page, 'patient@haven.test', '/auth/log-in/?redirectPath=%2Fdashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/auth\/log-in\/\?redirectPath=%2Ft-p$/);

    const form = passwordForm(page);
    await form.getByLabel('E-mail').fill('patient@haven.test');
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByRole('button', { name: 'Log in' }).click();
    // Their care, never the partner page saying the account is not linked to an organisation.
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your care' })).toBeVisible();
    await expect(page.getByText(/not linked to an organisation/)).toHaveCount(0);
  });
});
