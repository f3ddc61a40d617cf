import { expect, test } from '@playwright/test';
import { freshPatientOnPage } from './support/account';
import { apiCall, markToursSeen } from './support/dashboard';

// Decline and track, matching feedback. Each test signs in a fresh patient of its own.

test.describe('matching', () => {
  test('decline a matched provider with a reason: they do not come back; rate the matches', async ({ page, request }) => {
    const { creds } = await freshPatientOnPage(page, request);
    await page.goto('/matching');
    await page.getByLabel('What would you like help with?').selectOption('anxiety');
    await page.getByRole('button', { name: 'Show my matches' }).click();
    const providers = page.getByRole('list', { name: 'Providers' });
    await expect(providers.getByRole('heading', { name: 'Zoya Khan' })).toBeVisible();

    await page.getByRole('button', { name: 'Zoya Khan is not a fit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Not a fit: Zoya Khan' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Do not suggest again' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Choose a reason');
    await dialog.getByLabel('Their times do not suit me').check();
    await dialog.getByLabel('Anything else? (optional)').fill('Only free on weekends');
    await dialog.getByRole('button', { name: 'Do not suggest again' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'We will not suggest Zoya Khan to you again.' })).toBeVisible();
    await expect(providers.getByRole('heading', { name: 'Zoya Khan' })).toHaveCount(0);

    const declines = await apiCall<{ data: Array<{ reason: string; comment: string; provider: { firstname: string } }> }>(
      request,
      creds,
      'get',
      '/customers/provider_declines',
    );
    expect(declines.data.map((d) => [d.provider.firstname, d.reason, d.comment])).toEqual([
      ['Zoya', 'availability', 'Only free on weekends'],
    ]);

    // A good fit and a rating: the good fit comes first next time.
    const last = providers.getByRole('listitem').last();
    const lastName = (await last.getByRole('heading').first().textContent()) ?? '';
    await page.getByRole('button', { name: `${lastName} is a good fit` }).click();
    await expect(page.getByRole('button', { name: `${lastName} is a good fit` })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('group', { name: 'Your rating' }).getByLabel('Good', { exact: true }).check();
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Thank you. Your next matches use your feedback.' })).toBeVisible();

    // A new visit: Zoya is not matched again, and the good fit leads.
    await page.reload();
    await page.getByLabel('What would you like help with?').selectOption('anxiety');
    await page.getByRole('button', { name: 'Show my matches' }).click();
    await expect(providers.getByRole('listitem').first().getByRole('heading').first()).toHaveText(lastName);
    await expect(providers.getByRole('heading', { name: 'Zoya Khan' })).toHaveCount(0);
  });
});

test.describe('care coordinator', () => {
  test('contact a care coordinator: the message is acknowledged and a call can be booked', async ({ page, request }) => {
    const { creds } = await freshPatientOnPage(page, request);
    await page.goto('/booking/care-coordinator');
    const coordinators = page.getByRole('list', { name: 'Care coordinators' });
    await expect(coordinators.getByRole('heading', { name: 'Ravi Kumar' })).toBeVisible();
    await expect(coordinators.getByRole('link', { name: 'Book a call with Ravi Kumar' })).toHaveAttribute('href', /\/booking\?provider=/);
    const form = page.getByRole('form', { name: 'Write to a care coordinator' });
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(form.getByRole('alert')).toHaveText('Write a message');
    await form.getByLabel('What is it about?').selectOption('finding_care');
    await form.getByLabel('An e-mail').check();
    await form.getByLabel('Your message').fill('I am not sure whether I need a therapist or a psychiatrist.');
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(form.getByRole('status')).toHaveText('Ravi Kumar has your message and will write to you within one working day.');
    await expect(form.getByLabel('Your message')).toHaveValue('');
    const sent = await apiCall<{ data: Array<{ message: string; contact_by: string; provider: { firstname: string } }> }>(
      request,
      creds,
      'get',
      '/customers/care_coordinator_requests',
    );
    expect(sent.data.map((r) => [r.provider.firstname, r.contact_by, r.message])).toEqual([
      ['Ravi', 'email', 'I am not sure whether I need a therapist or a psychiatrist.'],
    ]);
  });
});

test('stored words read as people write them, through one label rule; matching offers every language the list has', async ({
  page,
  request,
}) => {
  const { creds } = await freshPatientOnPage(page, request);
  await markToursSeen(request, creds);
  await page.goto('/matching');
  const languages = ['English', 'Hindi', 'Marathi', 'Tamil', 'Bengali', 'Punjabi', 'Kannada', 'Malayalam'];
  await expect(page.getByLabel('Preferred language').locator('option')).toHaveText(['No preference', ...languages]);
  const concerns = await page.getByLabel('What would you like help with?').locator('option').allTextContents();
  expect(concerns).toEqual(expect.arrayContaining(['ADHD', 'OCD', 'Sleep disturbances']));
  // The provider list offers the same languages, written the same way.
  await page.goto('/providers');
  await page.locator('#f-language .hv-disclosure__button').click();
  await expect(page.getByRole('group', { name: 'Language' }).getByRole('button')).toHaveText(languages);

  await page.goto('/care-tools');
  await expect(page.getByText('CBT · 15 min').first()).toBeVisible();
  await expect(page.getByText(/\bcbt ·/)).toHaveCount(0);

  await page.goto('/journal');
  await expect(page.getByLabel('Mood (optional)').locator('option')).toHaveText(['Choose a mood', 'Great', 'Good', 'Okay', 'Low', 'Bad']);
});
