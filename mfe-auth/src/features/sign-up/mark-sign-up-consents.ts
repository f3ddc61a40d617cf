import { apiClient, reportError } from '@haven/shared';

/** After sign-up: the terms/privacy and eighteen-plus consents the form collected (product rules, Calls to the api: mark calls). */
export async function markSignUpConsents(): Promise<void> {
  const results = await Promise.allSettled([
    apiClient.post('/customers/mark_tnc_and_privacy'),
    apiClient.post('/customers/mark_eighteen_plus'),
  ]);
  for (const r of results) if (r.status === 'rejected') reportError(r.reason, { where: 'sign-up consents' });
}
