import { expect, test, type Page } from '@playwright/test';
import { apiSignIn, logInWithPassword, signUpFreshPatient, submitSignUp } from './support/auth';
import { apiCall } from './support/dashboard';

// A new patient's first minutes: logging in from the log-in page lands on their care, and at most one
// thing interrupts them a visit (a page load): the first one due in the product rules' order (the legal
// consents, the welcome, the AI consent, the family profiles, then the page's tour); whatever else is due
// waits for a later visit, offered in place meanwhile.

const LEGAL = 'Please review and accept';
const WELCOME = 'Welcome to Haven';
const AI = 'Would you like AI to help with your care?';
const PROFILES = 'New: profiles for your family';
const TOUR = 'Your sessions';
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

test("a new patient logs in to their care and meets one interruption a visit, in the rules' order; the rest is offered in place", async ({
  page,
  request,
}) => {
  test.slow();
  const email = await signUpFreshPatient(request);
  await logInWithPassword(page, email);
  // The log-in page leads to the patient's care, not the marketing page.
  await expect(page).toHaveURL('http://localhost:3000/dashboard');
  await expect(page.getByRole('heading', { name: 'Your care', level: 1 })).toBeVisible();

  // Visit 1: the legal consents alone (care cannot go on without them).
  expect(await interruptions(page), 'what interrupts a new patient before their care').toEqual([LEGAL]);
  // What waits is offered in place.
  const offers = page.getByRole('list', { name: 'For you, when you are ready' });
  await expect(offers.getByRole('group')).toHaveText([/Welcome to Haven/, /AI may help/, /profiles for your family/]);
  await expect(page.getByRole('button', { name: 'Take the tour of this page' })).toBeVisible();

  // Visit 2: the welcome; the AI consent, still waiting, is opened in place by the patient.
  await page.reload();
  expect(await interruptions(page)).toEqual([WELCOME]);
  await offers.getByRole('group', { name: 'AI in your care' }).getByRole('button', { name: 'Choose' }).click();
  await page.getByRole('dialog', { name: AI }).getByRole('button', { name: 'Allow', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(offers.getByRole('group')).toHaveText([/profiles for your family/]);

  // Visit 3: the family profiles; visit 4: the page's tour; visit 5: nothing.
  await page.reload();
  expect(await interruptions(page)).toEqual([PROFILES]);
  await expect(offers).toHaveCount(0);
  await page.reload();
  expect(await interruptions(page)).toEqual([TOUR]);
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
  await expect
    .poll(async () => (await apiCall<{ seen: string[] }>(request, c, 'get', '/customers/coachmarks')).seen)
    .toContain('dashboard');
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
  // What the form's boxes covered is not asked for again: the first thing a visit brings is the welcome.
  await page.reload();
  const met = await interruptions(page);
  expect(met).not.toContain(LEGAL);
  expect(met[0]).toBe(WELCOME);
});
