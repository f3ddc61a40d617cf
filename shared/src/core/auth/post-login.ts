// Product rules, Sign-in and identity: "Success ... loads the provider list and consent state". Both are best-effort: a failed
// provider list shows the toast and leaves an empty list; a failed consent read is reported only.
import { apiClient } from '../api/client';
import { reportError } from '../reporting/report-error';
import { havenStore } from '../state/store';
import type { Consents } from '../state/consent';
import { newPrivacyPolicyOf } from '../state/new-privacy-policy';
import type { Provider } from '../state/types';
import { toast } from '../ui/ToastHost/ToastHost';
import type { Answer } from '../api/contract';

export const PROVIDER_LIST_ERROR = 'Error fetching therapist(s)/psychiatrist(s)';
export const PROVIDERS_DROPDOWN_PATH = '/providers/dropdown_v2';

/**
 * The one provider-list read of a signed-in page: the list with the care coordinators (each marked
 * is_support_provider), so the login's list and the care team's coordinators come from one request. Kept
 * per account while in flight or after it succeeded; a failed read is dropped, so the next reader asks again.
 */
let directoryRead: { account: string | null; list: Promise<Provider[]> } | null = null;

const signedInAccount = () => {
  const user = havenStore.getState().auth.user;
  return user ? String(user.uuid ?? user.id) : null;
};

function readDirectory(): Promise<Provider[]> {
  const list = apiClient
    .get<Answer<'/providers/dropdown_v2', 'get'>>(PROVIDERS_DROPDOWN_PATH, {
      params: { provider_type: 'all', include_support_providers: true },
    })
    .then(({ data }) => data.data);
  const read = { account: signedInAccount(), list };
  directoryRead = read;
  list.catch(() => {
    // The reader reports it; only the kept read is dropped here.
    if (directoryRead === read) directoryRead = null;
  });
  return list;
}

/** Every provider of the dropdown, care coordinators included: this account's shared read, or a new one. */
export function providerDirectory(): Promise<Provider[]> {
  const kept = directoryRead;
  return kept && kept.account === signedInAccount() ? kept.list : readDirectory();
}

/** Loads the provider list at log-in: always a new read, which later readers on the page share. */
export async function loadAllProviders(): Promise<void> {
  const auth = () => havenStore.getState().auth;
  auth().update({ loadingAllProviders: true });
  try {
    const list = await readDirectory();
    auth().update({ allProviders: list.filter((p) => !p.is_support_provider), loadingAllProviders: false });
  } catch (error) {
    reportError(error, { where: 'provider list' });
    toast.error(PROVIDER_LIST_ERROR);
    auth().update({ allProviders: [], loadingAllProviders: false });
  }
}

export async function loadConsents(): Promise<void> {
  const consent = () => havenStore.getState().consent;
  consent().update({ loadingConsents: true });
  const [privacy, ...others] = await Promise.allSettled([
    apiClient.get<Answer<'/customers/privacy_policy_consent_status', 'get'>>('/customers/privacy_policy_consent_status'),
    apiClient.get<Answer<'/customers/tnc_and_privacy_status', 'get'>>('/customers/tnc_and_privacy_status'),
    apiClient.get<Answer<'/customers/eighteen_plus_status', 'get'>>('/customers/eighteen_plus_status'),
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
