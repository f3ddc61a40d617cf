import { expect, test } from '@playwright/test';
import { API, logInWithPassword, passwordForm, PASSWORD, signUpFreshPatient } from './support/auth';

// Nothing typed is lost when a session ends (storedPageData): the journal page and its text come back
// after the person logs in again from the landing page the session loss sent them to.
test('a session ended elsewhere while writing in the journal: after logging in again, the page and the text are back', async ({
  page,
  request,
}) => {
  const email = await signUpFreshPatient(request);
  await logInWithPassword(page, email, '/auth/log-in/?redirectPath=%2Fjournal');
  await expect(page).toHaveURL(/\/journal$/);
  const editor = page.getByRole('form', { name: 'New entry' });
  await expect(editor).toBeVisible();
  await page.waitForLoadState('networkidle');
  await editor.getByLabel('Title').fill('A hard week');
  await editor.getByLabel('What is on your mind?').fill('I wanted to write this down before the session on Friday.');

  // Another device logs out everywhere: this session now answers 403 is_device_logged_out.
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('@Token:') ?? '{}') as Record<string, string>);
  const response = await request.delete(`${API}/customers/logout`, {
    params: { remove_all: 'true' },
    headers: { 'access-token': stored['access-token'] ?? '', client: stored.client ?? '', uid: stored.uid ?? '' },
  });
  expect(response.ok()).toBe(true);
  await editor.getByRole('button', { name: 'Save entry' }).click();
  // The session loss: local storage wiped (the device's draft with it), the landing page.
  await expect(page).toHaveURL(/^http:\/\/localhost:3000\/$/);
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('journal_draft:')))).toEqual([]);

  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/auth\/log-in\/\?redirectPath=%2F$/);
  const form = passwordForm(page);
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Log in' }).click();

  await expect(page).toHaveURL(/\/journal$/);
  const back = page.getByRole('form', { name: 'New entry' });
  await expect(back.getByLabel('Title')).toHaveValue('A hard week');
  await expect(back.getByLabel('What is on your mind?')).toHaveValue('I wanted to write this down before the session on Friday.');
  // used: nothing of it is left in the tab
  expect(await page.evaluate(() => sessionStorage.getItem('storedPageData'))).toBeNull();
});
