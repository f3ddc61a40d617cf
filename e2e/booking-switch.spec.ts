import { expect, test } from '@playwright/test';
import { API, apiSignIn, signUpFreshPatient } from './support/auth';
import { signInAs } from './support/dashboard';
import { axeViolations } from './support/axe';

// Provider switch (product rules, Providers and fees): the provider-type modal, a reason, the new provider; the
// api re-tags the patient and the page keeps what reset keeps.

interface SwitchState {
  providerTypeModal: boolean;
  selectedProvider: { firstname: string } | null;
  currentProvider: { firstname: string } | null;
  switchReason: string | null;
  providerTaggingDetails: Record<string, { firstname: string }> | null;
}
const switchState = (page: import('@playwright/test').Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __haven: { havenStore: { getState(): { providerSwitch: SwitchState } } } }).__haven.havenStore.getState()
        .providerSwitch,
  );

test('a patient changes their therapist with a reason; a reset keeps the selection, start over clears it', async ({ page, request }) => {
  const email = await signUpFreshPatient(request);
  // The patient is with Rahul first (a booking tags the provider).
  const c = await apiSignIn(request, email);
  const headers = { 'access-token': c.token, client: c.client, uid: c.uid, expiry: c.expiry };
  const providers = (await (await request.get(`${API}/providers?role=therapist&per_page=50`)).json()) as {
    data: Array<{ uuid: string; firstname: string }>;
  };
  const rahul = providers.data.find((p) => p.firstname === 'Rahul')!;
  const isha = providers.data.find((p) => p.firstname === 'Isha')!;
  const first = await request.post(`${API}/customers/provider_switch`, {
    headers,
    data: { provider_id: rahul.uuid, provider_type: 'therapist' },
  });
  expect(first.ok()).toBe(true);

  await signInAs(page, request, email); // through the api: the log-in is auth.spec's
  await page.goto('/providers/switch');
  await expect(page).toHaveURL(/\/providers\/switch$/);
  const modal = page.getByRole('dialog', { name: 'Which provider would you like to change?' });
  await expect(modal).toBeVisible();
  expect(await axeViolations(page, 'provider-type modal')).toEqual([]);
  await expect(modal.getByLabel('Therapist: Rahul Mehta')).toBeChecked();
  await modal.getByRole('button', { name: 'Continue' }).click();
  await expect(modal).toBeHidden();
  await expect(page).toHaveURL(/\/providers\/switch\?type=therapist$/);
  await expect(page.getByText('Your therapist: Rahul Mehta')).toBeVisible();
  expect(await switchState(page)).toMatchObject({ providerTypeModal: false, currentProvider: { firstname: 'Rahul' } });

  const form = page.getByRole('form', { name: 'Change provider' });
  await expect(form.getByRole('button', { name: 'Switch provider' })).toBeDisabled();
  await form.getByLabel('Why would you like to change?').selectOption('Other');
  await form.getByLabel('Tell us more').fill('I would like evening sessions');
  await form.getByLabel('Isha Bose').check();
  await expect(form.getByLabel('Rahul Mehta')).toHaveCount(0); // not the current one
  expect(await axeViolations(page, 'switch form')).toEqual([]);
  const temp = page.waitForRequest((r) => r.url().endsWith('/customers/update_temp_flag') && r.method() === 'PATCH');
  await form.getByRole('button', { name: 'Switch to Isha Bose' }).click();
  expect((await temp).postDataJSON()).toEqual({ provider_id: isha.uuid, provider_type: 'therapist' });
  await expect(page.getByRole('heading', { name: 'You are now with Isha Bose' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Book a session with Isha' })).toHaveAttribute(
    'href',
    new RegExp(`^/booking\\?provider=${isha.uuid}&step=1$`),
  );
  // Product rules, Providers and fees: reset: the modal flag, tagging details and selected provider stay; the rest is cleared.
  expect(await switchState(page)).toMatchObject({
    providerTypeModal: false,
    selectedProvider: { firstname: 'Isha' },
    currentProvider: null,
    switchReason: null,
    providerTaggingDetails: { therapist: { firstname: 'Isha' } },
  });
  const mine = (await (await request.get(`${API}/customers/my_providers`, { headers })).json()) as { data: Array<{ firstname: string }> };
  expect(mine.data.map((p) => p.firstname)).toEqual(['Isha']);

  // Full reset: everything cleared, and the type is asked again.
  await page.getByRole('button', { name: 'Change another provider' }).click();
  await expect(modal).toBeVisible();
  await expect(modal.getByLabel('Therapist: Isha Bose')).toBeChecked();
  expect(await switchState(page)).toMatchObject({
    selectedProvider: null,
    currentProvider: null,
    switchReason: null,
    providerTypeModal: true,
  });
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(page.getByRole('button', { name: 'Choose the provider to change' })).toBeVisible();
});
