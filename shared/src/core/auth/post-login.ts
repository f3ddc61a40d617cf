// Product rules, Sign-in and identity: "Success ... loads the provider list and consent state". Both are best-effort: a failed
// provider list shows the toast and leaves an empty list; a failed consent read is reported only.
import { apiClient } from '../api/client';
import { reportError } from '../reporting/report-error';
import { havenStore } from '../state/store';
import type { Consents } from '../state/consent';
import { newPrivacyPolicyOf } from '../state/new-privacy-policy';
import type { Provider } from '../state/types';
import { toast } from '../ui/ToastHost/ToastHost';

export const PROVIDER_LIST_ERROR = 'Error fetching therapist(s)/psychiatrist(s)';
export const PROVIDERS_DROPDOWN_PATH = '/providers/dropdown_v2';

export async function loadAllProviders(): Promise<void> {
  const auth = () => havenStore.getState().auth;
  auth().update({ loadingAllProviders: true });
  try {
    const { data } = await apiClient.get<{ data?: Provider[] } | Provider[]>(PROVIDERS_DROPDOWN_PATH, { params: { provider_type: 'all' } });
    const list = Array.isArray(data) ? data : Array.isArray(data.data) ? data.data : [];
    auth().update({ allProviders: list, loadingAllProviders: false });
  } catch (error) {
    reportError(error, { where: 'provider list' });
    toast.error(PROVIDER_LIST_ERROR);
    auth().update({ allProviders: [], loadingAllProviders: false });
  }
}

/** The privacy-policy status call's answer: the status, and the policy to accept while it is not accepted. */
interface PrivacyPolicyStatusAnswer extends Pick<Consents, 'privacy_policy_consent_status'> {
  new_privacy_policy?: unknown;
}

export async function loadConsents(): Promise<void> {
  const consent = () => havenStore.getState().consent;
  consent().update({ loadingConsents: true });
  const [privacy, ...others] = await Promise.allSettled([
    apiClient.get<PrivacyPolicyStatusAnswer>('/customers/privacy_policy_consent_status'),
    apiClient.get<Pick<Consents, 'is_tnc_checked' | 'is_privacy_policy_checked'>>('/customers/tnc_and_privacy_status'),
    apiClient.get<Pick<Consents, 'is_eighteen_plus_checked'>>('/customers/eighteen_plus_status'),
  ]);
  const consents: Consents = { ...consent().consents };
  if (privacy.status === 'fulfilled') {
    const status = privacy.value.data.privacy_policy_consent_status;
    consents.privacy_policy_consent_status = status;
    // The prompt renders this; an accepted policy has nothing to show.
    const policy = status === 'accepted' ? null : newPrivacyPolicyOf(privacy.value.data.new_privacy_policy);
    if (status !== 'accepted' && policy === null)
      reportError(new Error('privacy policy to accept is missing or malformed'), { where: 'consent state' });
    havenStore.getState().appConfig.update({ newPrivacyPolicyData: policy });
  } else reportError(privacy.reason, { where: 'consent state' });
  for (const call of others) {
    if (call.status === 'fulfilled') Object.assign(consents, call.value.data);
    else reportError(call.reason, { where: 'consent state' });
  }
  consent().update({ consents, loadingConsents: false });
}

export async function loadAfterLogin(): Promise<void> {
  await Promise.all([loadAllProviders(), loadConsents()]);
}
