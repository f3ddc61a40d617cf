// The new privacy policy prompt renders what the consent status call gave (newPrivacyPolicyData), and
// accepting it leaves nothing to show.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { havenStore } from '@haven/shared';
import { API, installApiTestKit, json, server } from '../../test/api-test-kit';
import { LegalConsentDialog } from './DashboardModals';
import type { LegalConsentNeeds } from './legal-consent';

installApiTestKit();
afterEach(() => havenStore.getState().appConfig.update({ newPrivacyPolicyData: null, newPrivacyPolicyAccepted: false }));

const policy = {
  version: '2026-11-23',
  effective_date: '2026-11-23',
  url: '/privacy-policy',
  what_changed: 'We now say plainly which health information we hold.',
};
const onlyPolicy: LegalConsentNeeds = { privacyPolicy: true, termsAndPrivacy: false, eighteenPlus: false, guardian: false };

test('shows the policy it was given: what changed, since when, and where to read it', () => {
  havenStore.getState().appConfig.update({ newPrivacyPolicyData: policy });
  render(<LegalConsentDialog needs={onlyPolicy} party={{ party: 'self', name: 'Asha', guardianConsentGiven: false }} onDone={jest.fn()} />);
  const note = within(screen.getByRole('dialog')).getByRole('region', { name: 'The updated privacy policy' });
  expect(note).toHaveTextContent(
    'Updated privacy policy, in effect from 23 Nov 2026. We now say plainly which health information we hold.',
  );
  expect(within(note).getByRole('link', { name: 'Read the updated privacy policy' })).toHaveAttribute('href', '/privacy-policy');
});

test('accepted: marked at the api, and the prompt has nothing left to show', async () => {
  const marked: unknown[] = [];
  server.use(
    http.post(`${API}/customers/mark_privacy_policy`, async ({ request }) => {
      marked.push(await request.json());
      return json({ success: true, privacy_policy_consent_status: 'accepted' });
    }),
  );
  havenStore.getState().appConfig.update({ newPrivacyPolicyData: policy });
  const onDone = jest.fn();
  render(<LegalConsentDialog needs={onlyPolicy} party={{ party: 'self', name: 'Asha', guardianConsentGiven: false }} onDone={onDone} />);
  await userEvent.click(screen.getByRole('checkbox', { name: 'I have read and accept the updated privacy policy' }));
  await userEvent.click(screen.getByRole('button', { name: 'Accept and continue' }));
  await waitFor(() => expect(onDone).toHaveBeenCalled());
  expect(marked).toEqual([{ method_type: 'web', policy_type: 'privacy_policy' }]);
  expect(havenStore.getState().appConfig).toMatchObject({ newPrivacyPolicyAccepted: true, newPrivacyPolicyData: null });
});
