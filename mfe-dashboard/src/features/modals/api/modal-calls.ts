// The calls behind the dashboard modals (product rules, Dashboard): AI flag and consents, consent marks, the
// new-profile flag, and the dashboard's first-step flag.
import { type Answer, apiClient, type Body, type Query } from '@haven/shared';
import type { ConsentPartyInfo } from '../legal-consent';

export type AiConsentRecord = Answer<'/customers/ai_consents', 'get'>['data'];

export async function getAiFeatureFlag(): Promise<boolean> {
  return (await apiClient.get<Answer<'/customers/ai_feature_flag', 'get'>>('/customers/ai_feature_flag')).data.ai_enabled;
}

/** The record is data.data of the axios answer. */
export async function getAiConsents(): Promise<AiConsentRecord> {
  return (await apiClient.get<Answer<'/customers/ai_consents', 'get'>>('/customers/ai_consents')).data.data;
}

export async function putAiConsents(change: Body<'/customers/ai_consents', 'put'>): Promise<void> {
  await apiClient.put<Answer<'/customers/ai_consents', 'put'>>('/customers/ai_consents', change);
}

export type NewProfileKey = Query<'/customers/profile_communication_config', 'get'>['config_key'];

export async function getNewProfileFlag(key: NewProfileKey): Promise<boolean> {
  return (
    await apiClient.get<Answer<'/customers/profile_communication_config', 'get'>>('/customers/profile_communication_config', {
      params: { config_key: key },
    })
  ).data.status;
}

export async function clearNewProfileFlag(key: NewProfileKey): Promise<void> {
  await apiClient.put<Answer<'/customers/profile_communication_config', 'put'>>('/customers/profile_communication_config', {
    status: false,
    config_key: key,
  });
}

export async function getFirstStepDue(): Promise<boolean> {
  return (await apiClient.get<Answer<'/customers/dashboard_modals', 'get'>>('/customers/dashboard_modals')).data.first_step_modal;
}

export async function markFirstStepSeen(): Promise<void> {
  await apiClient.put<Answer<'/customers/dashboard_modals/first_step_modal', 'put'>>('/customers/dashboard_modals/first_step_modal');
}

export async function markPrivacyPolicy(): Promise<void> {
  await apiClient.post<Answer<'/customers/mark_privacy_policy', 'post'>>('/customers/mark_privacy_policy', {
    method_type: 'web',
    policy_type: 'privacy_policy',
  });
}

export async function markTncAndPrivacy(): Promise<void> {
  await apiClient.post<Answer<'/customers/mark_tnc_and_privacy', 'post'>>('/customers/mark_tnc_and_privacy');
}

export async function markEighteenPlus(): Promise<void> {
  await apiClient.post<Answer<'/customers/mark_eighteen_plus', 'post'>>('/customers/mark_eighteen_plus');
}

/** Who gives the acting profile's consents (the account holder, an adult profile's person, a child's parent). */
export async function getConsentParty(): Promise<ConsentPartyInfo> {
  const { data } = await apiClient.get<Answer<'/customers/consent_party', 'get'>>('/customers/consent_party');
  return { party: data.party, name: data.profile_first_name, guardianConsentGiven: data.guardian_consent_given };
}

export async function markGuardianConsent(): Promise<void> {
  await apiClient.post<Answer<'/customers/mark_guardian_consent', 'post'>>('/customers/mark_guardian_consent');
}
