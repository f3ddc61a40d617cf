// One welcome, then care: a new patient meets ONE dialog whose steps are every prompt that was due (the
// consents, the first step, the AI choice, family profiles); once it has run, nothing opens by itself on
// a later visit: what is still due is offered in place.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { havenStore, type AuthUser } from '@haven/shared';
import { API, installApiTestKit, json, server } from '../../test/api-test-kit';
import { DashboardModals } from './DashboardModals';
import { startNewVisit } from './visit-interruption';

installApiTestKit();
jest.setTimeout(30_000);

/** The api of a patient with every prompt due; each answer clears its own. */
function newPatientApi() {
  const due = { firstStep: true, ai: true, profiles: true };
  server.use(
    http.get(`${API}/customers/consent_party`, () => json({ party: 'self', profile_first_name: 'Asha', guardian_consent_given: false })),
    http.get(`${API}/customers/dashboard_modals`, () => json({ first_step_modal: due.firstStep })),
    http.put(`${API}/customers/dashboard_modals/first_step_modal`, () => {
      due.firstStep = false;
      return json({ success: true });
    }),
    http.get(`${API}/customers/ai_feature_flag`, () => json({ ai_enabled: true })),
    http.get(`${API}/customers/ai_consents`, () =>
      json({ data: { ai_consent: false, is_ai_consent_modal_viewed: !due.ai, is_ai_consent_chip_viewed: false } }),
    ),
    http.put(`${API}/customers/ai_consents`, () => {
      due.ai = false;
      return json({ success: true });
    }),
    http.get(`${API}/customers/profile_communication_config`, () => json({ status: due.profiles })),
    http.put(`${API}/customers/profile_communication_config`, () => {
      due.profiles = false;
      return json({ success: true });
    }),
    http.post(`${API}/customers/mark_tnc_and_privacy`, () => json({ success: true })),
    http.post(`${API}/customers/mark_eighteen_plus`, () => json({ success: true })),
  );
  return due;
}

beforeEach(() => {
  startNewVisit();
  window.localStorage.clear();
  act(() => {
    havenStore.getState().auth.update({ user: { id: 7, uuid: 'u-7', usertype: 'patient' } as AuthUser });
    havenStore.getState().consent.update({
      consents: {
        privacy_policy_consent_status: 'accepted',
        is_tnc_checked: false,
        is_privacy_policy_checked: false,
        is_eighteen_plus_checked: false,
      },
      loadingConsents: false,
    });
  });
});

test('a new patient: one dialog, every due prompt a step of it, focus on each new step; then nothing else opens', async () => {
  newPatientApi();
  const user = userEvent.setup();
  render(<DashboardModals />);
  // The consents first, in the words of the person who gives them; they must be answered (no close button).
  const welcome = await screen.findByRole('dialog', { name: 'Please review and accept' }, { timeout: 10_000 });
  expect(within(welcome).getByRole('heading', { name: 'Step 1 of 4: Before we start' })).toBeInTheDocument();
  expect(within(welcome).queryByRole('button', { name: 'Close' })).toBeNull();
  for (const box of within(welcome).getAllByRole('checkbox')) await user.click(box);
  await user.click(within(welcome).getByRole('button', { name: 'Accept and continue' }));

  // The same dialog goes on as the welcome.
  await waitFor(() => expect(welcome).toHaveAccessibleName('Welcome to Haven'));
  expect(welcome).toHaveAccessibleDescription('Step 2 of 4');
  expect(within(welcome).getByRole('heading', { name: 'Your first step' })).toHaveFocus();
  await user.click(within(welcome).getByRole('button', { name: 'Explore on my own' }));

  await waitFor(() => expect(welcome).toHaveAccessibleDescription('Step 3 of 4'));
  expect(within(welcome).getByRole('heading', { name: 'Would you like AI to help with your care?' })).toHaveFocus();
  await user.click(within(welcome).getByRole('button', { name: 'Allow' }));

  await waitFor(() => expect(welcome).toHaveAccessibleDescription('Step 4 of 4'));
  await user.click(within(welcome).getByRole('button', { name: 'Got it' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(screen.queryByRole('list', { name: 'For you, when you are ready' })).toBeNull();
});

test('closed early: the welcome does not come back; what is left is offered in place, opened by the patient', async () => {
  const due = newPatientApi();
  // Another patient (the AI state is read once per person and page).
  act(() => havenStore.getState().auth.update({ user: { id: 8, uuid: 'u-8', usertype: 'patient' } as AuthUser }));
  act(() =>
    havenStore.getState().consent.update({
      consents: {
        privacy_policy_consent_status: 'accepted',
        is_tnc_checked: true,
        is_privacy_policy_checked: true,
        is_eighteen_plus_checked: true,
      },
    }),
  );
  const user = userEvent.setup();
  const first = render(<DashboardModals />);
  const welcome = await screen.findByRole('dialog', { name: 'Welcome to Haven' }, { timeout: 10_000 });
  expect(welcome).toHaveAccessibleDescription('Step 1 of 3');
  await user.click(within(welcome).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  await waitFor(() => expect(due.firstStep).toBe(false));
  first.unmount();

  // The next visit (a page load): nothing opens by itself; the rest waits, offered in place.
  startNewVisit();

  render(<DashboardModals />);
  const offers = await screen.findByRole('list', { name: 'For you, when you are ready' }, { timeout: 10_000 });
  expect(
    within(offers)
      .getAllByRole('group')
      .map((g) => g.getAttribute('aria-label')),
  ).toEqual(['AI in your care', 'New: profiles for your family']);
  expect(screen.queryByRole('dialog')).toBeNull();
});
