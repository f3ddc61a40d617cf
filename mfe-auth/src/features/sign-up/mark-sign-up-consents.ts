import { type Answer, apiClient, loadConsents, reportError } from '@haven/shared';

/**
 * After sign-up: the consents the form collected (product rules, Calls to the api: mark calls): the terms and
 * privacy, eighteen-plus, and the current privacy policy itself: the box the person ticked names it, so
 * the dashboard does not ask them minutes later to accept the "updated" policy they just accepted.
 */
export async function markSignUpConsents(): Promise<void> {
  const results = await Promise.allSettled([
    apiClient.post<Answer<'/customers/mark_tnc_and_privacy', 'post'>>('/customers/mark_tnc_and_privacy'),
    apiClient.post<Answer<'/customers/mark_eighteen_plus', 'post'>>('/customers/mark_eighteen_plus'),
    apiClient.post<Answer<'/customers/mark_privacy_policy', 'post'>>('/customers/mark_privacy_policy', {
      method_type: 'web_sign_up',
      policy_type: 'privacy_policy',
    }),
  ]);
  for (const r of results) if (r.status === 'rejected') reportError(r.reason, { where: 'sign-up consents' });
  // The login's own consent read may have answered before these marks: read the state again, so neither
  // the consents nor the new-policy prompt's data (newPrivacyPolicyData) say "not accepted".
  await loadConsents();
}
