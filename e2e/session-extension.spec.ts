import { expect, test } from '@playwright/test';
import { API, devGet, signUpFreshPatient } from './support/auth';
import { FAKE_MEDIA_LAUNCH, joinFromPreJoin, patientRoomPath } from './support/session-room';

// Extending a session from the room: in its last minutes the patient sees "Extend by 15 minutes", a
// labelled dialog with the price (pro-rata of what the session cost), pays through the simulated
// checkout, and the time left grows by 15 minutes. EXTENSION_SHOT=<file> keeps a screenshot of the dialog.

test.use({ launchOptions: FAKE_MEDIA_LAUNCH });
test.describe.configure({ timeout: 120_000 });

test('in the last minutes the patient extends the session by 15 minutes, paying the pro-rata price', async ({ page, request }) => {
  const email = await signUpFreshPatient(request);
  // With a provider no other browser test books around now: the suite's other room sessions are with
  // the api's default provider, and one of them right after this session would (rightly) refuse the extension.
  const { data: providers } = await devGet<{ data: Array<{ uuid: string; firstname: string }> }>(request, '/providers', { per_page: '50' });
  const neha = providers.find((p) => p.firstname === 'Neha');
  if (!neha) throw new Error('no seeded provider Neha');
  // A 5-minute session that cost INR 100: 15 more minutes cost 100 × 15 / 5 = 300.
  const created = await request.post(`${API}/dev/session_room`, { data: { email, minutes: 5, fee: 100, provider_uuid: neha.uuid } });
  expect(created.status(), await created.text()).toBe(201);
  const session = ((await created.json()) as { data: { uuid: string } }).data;
  await page.goto(await patientRoomPath(request, session.uuid, email));
  await joinFromPreJoin(page);
  await expect(page.locator('.hv-call__time')).toHaveText(/^[45] min left$/);

  await page.getByRole('button', { name: 'Extend by 15 minutes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Extend your session by 15 minutes?' });
  await expect(dialog).toContainText('It costs ₹300, paid now.');
  if (process.env.EXTENSION_SHOT) await page.screenshot({ path: process.env.EXTENSION_SHOT });
  await dialog.getByRole('button', { name: 'Pay ₹300 and extend' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.hv-call__time')).toHaveText(/^(19|20) min left$/);
});
