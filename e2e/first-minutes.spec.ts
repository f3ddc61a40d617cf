import { expect, test, type Page } from '@playwright/test';
import { apiSignIn, logInWithPassword, signUpFreshPatient, submitSignUp } from './support/auth';
import { apiCall } from './support/dashboard';

// A new patient's first minutes: logging in from the log-in page lands on their care, and one welcome is
// the only interruption before care: every prompt that is due (the legal consents, the first step, the AI
// choice, family profiles) is a step of it. Nothing opens by itself after it; the page's tour is offered.

const LEGAL = 'Please review and accept';
const WELCOME = 'Welcome to Haven';
const AI = 'Would you like AI to help with your care?';
const PROFILES = 'New: profiles for your family';
/** How long the page is watched for a dialog that opens by itself. */
const QUIET_MS = 8_000;

/** Answers every dialog that opens by itself until none opens for QUIET_MS; returns their names, in order. */
async function interruptions(page: Page): Promise<string[]> {
  const met: string[] = [];
  for (;;) {
    const dialog = page.getByRole('dialog');
    try {
      await expect(dialog).toBeVisible({ timeout: QUIET_MS });
    } catch {
      return met;
    }
    const name = (await dialog.getAttribute('aria-label')) ?? (await dialog.getByRole('heading').first().textContent()) ?? '?';
    met.push(name.trim());
    if (met.length > 8) return met;
    if (name.includes(LEGAL)) {
      for (const box of await dialog.getByRole('checkbox').all()) await box.check();
      await dialog.getByRole('button', { name: 'Accept and continue' }).click();
    } else if (name.includes(AI)) {
      await dialog.getByRole('button', { name: 'Allow', exact: true }).click();
    } else if (name.includes(PROFILES)) {
      await dialog.getByRole('button', { name: 'Got it' }).click();
    } else {
      await page.keyboard.press('Escape'); // the welcome and the tours close with Escape
    }
    // (the next one may open at once: it is counted in the next round)
    await expect(page.getByRole('dialog', { name: name.trim(), exact: true })).toHaveCount(0);
  }
}

test('a new patient logs in to their care and meets one welcome, then nothing more: the tour is offered, not started', async ({
  page,
  request,
}) => {
  test.slow();
  const email = await signUpFreshPatient(request);
  await logInWithPassword(page, email);
  // The log-in page leads to the patient's care, not the marketing page.
  await expect(page).toHaveURL('http://localhost:3000/dashboard');
  await expect(page.getByRole('heading', { name: 'Your care', level: 1 })).toBeVisible();

  // Visit 1: one welcome, its steps every prompt that was due; the consents first, in their own words.
  const legal = page.getByRole('dialog', { name: LEGAL });
  await expect(legal.getByRole('heading', { name: 'Step 1 of 4: Before we start' })).toBeVisible();
  for (const box of await legal.getByRole('checkbox').all()) await box.check();
  await legal.getByRole('button', { name: 'Accept and continue' }).click();
  const welcome = page.getByRole('dialog', { name: WELCOME });
  await expect(welcome).toHaveAccessibleDescription('Step 2 of 4');
  await welcome.getByRole('button', { name: 'Explore on my own' }).click();
  await welcome.getByRole('button', { name: 'Allow', exact: true }).click();
  await welcome.getByRole('button', { name: 'Got it' }).click();
  await expect(welcome).toBeHidden();
  expect(await interruptions(page), 'nothing else opens by itself after the welcome').toEqual([]);
  await expect(page.getByRole('button', { name: 'Take the tour of this page' })).toBeVisible();

  // Visits 2 and 3: nothing interrupts; nothing is left to offer.
  await page.reload();
  expect(await interruptions(page)).toEqual([]);
  await expect(page.getByRole('list', { name: 'For you, when you are ready' })).toHaveCount(0);
  await page.reload();
  expect(await interruptions(page)).toEqual([]);

  const c = await apiSignIn(request, email);
  const ai = await apiCall<{ data: { ai_consent: boolean; is_ai_consent_modal_viewed: boolean } }>(
    request,
    c,
    'get',
    '/customers/ai_consents',
  );
  expect(ai.data).toMatchObject({ ai_consent: true, is_ai_consent_modal_viewed: true });
});

test('a patient who signs up with the form is not asked again for the privacy policy they just accepted', async ({ page, request }) => {
  const email = `e2e-form-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@haven.test`;
  await page.goto('/auth/sign-up/');
  await submitSignUp(page.getByRole('form', { name: 'Sign up' }), email);
  await expect(page).toHaveURL('http://localhost:3000/dashboard');
  const c = await apiSignIn(request, email);
  await expect
    .poll(
      async () =>
        (await apiCall<{ privacy_policy_consent_status: string }>(request, c, 'get', '/customers/privacy_policy_consent_status'))
          .privacy_policy_consent_status,
    )
    .toBe('accepted');
  // What the form's boxes covered is not asked for again: the welcome has no consent step.
  await page.reload();
  const welcome = page.getByRole('dialog', { name: WELCOME });
  await expect(welcome).toHaveAccessibleDescription('Step 1 of 3');
  await expect(welcome.getByRole('heading', { name: 'Your first step' })).toBeVisible();
  await expect(welcome.getByRole('checkbox')).toHaveCount(0);
});
