import { expect, test } from '@playwright/test';
import { answerDashboardModals, signInAs } from './support/dashboard';
import { signUpFreshPatient } from './support/auth';

// Care tools that do something: the thought record saves what the patient writes, for them alone; a
// community opens, asks for a community username (checked as it is chosen) and is joined and left.

// Screenshots for a person to look at, only when asked for (CARE_SHOTS_DIR).
const SHOTS = process.env.CARE_SHOTS_DIR;

test('the thought record saves an entry that stays after a reload and that another patient never sees', async ({
  page,
  request,
  browser,
}) => {
  const me = await signInAs(page, request, await signUpFreshPatient(request));
  await answerDashboardModals(request, me);
  await page.goto('/care-tools/thought-record');
  const form = page.getByRole('form', { name: 'Your thought record' });
  await form.getByLabel('Situation').fill('Before the team meeting');
  await form.getByLabel('The thought that came up').fill('Everyone will think I am useless');
  await form.getByLabel('The feeling', { exact: true }).fill('Anxious');
  await form.getByLabel('How strong the feeling was (0 to 100)').fill('80');
  await form.getByLabel('A more balanced thought').fill('One meeting does not decide what they think of me');
  // A required field left empty: said, and nothing typed is lost.
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please fill in: How strong the feeling is now (0 to 100).');
  await expect(form.getByLabel('Situation')).toHaveValue('Before the team meeting');
  await form.getByLabel('How strong the feeling is now (0 to 100)').fill('40');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('status')).toHaveText('Saved. Only you can see it.');
  const saved = page.getByRole('region', { name: 'Saved entries' });
  await expect(saved.getByRole('article')).toHaveCount(1);
  await expect(saved).toContainText('One meeting does not decide what they think of me');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/thought-record.png`, fullPage: true });

  await page.reload();
  await expect(saved.getByRole('article')).toHaveCount(1);

  const context = await browser.newContext();
  const other = await context.newPage();
  const them = await signInAs(other, request, await signUpFreshPatient(request));
  await answerDashboardModals(request, them);
  await other.goto('/care-tools/thought-record');
  await expect(other.getByRole('region', { name: 'Saved entries' })).toContainText('Nothing saved yet.');
  await context.close();

  await saved.getByRole('button', { name: 'Delete' }).click();
  await expect(saved).toContainText('Nothing saved yet.');
});

test('a community opens, asks for a username (checked), is joined and left', async ({ page, request }) => {
  const me = await signInAs(page, request, await signUpFreshPatient(request));
  await answerDashboardModals(request, me);
  await page.goto('/communities');
  await page.getByRole('link', { name: 'Anxiety support circle' }).click();
  await expect(page).toHaveURL(/\/communities\/anxiety-support$/);
  const community = page.getByRole('region', { name: 'Anxiety support circle' });
  await expect(community).toContainText('Share what helps you with anxious days.');
  const form = community.getByRole('form', { name: 'Your community profile' });
  const username = form.getByLabel('Community username');
  await username.fill('ab');
  await username.blur();
  await expect(form.getByRole('alert')).toHaveText('A username has 3 to 20 characters.');
  await username.fill(`asha_${Date.now().toString(36)}`.slice(0, 20));
  await username.blur();
  await expect(form.getByRole('alert')).toHaveCount(0);
  await form.getByRole('button', { name: 'Save username and join' }).click();
  await expect(community).toContainText('you are a member');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/community-joined.png`, fullPage: true });
  await page.reload();
  await expect(community).toContainText('you are a member');
  await community.getByRole('button', { name: 'Leave community' }).click();
  await expect(community.getByRole('button', { name: 'Join community' })).toBeVisible();
  await expect(community).not.toContainText('you are a member');
});
