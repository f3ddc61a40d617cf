// The calls behind the dashboard modals (product rules, Dashboard): AI flag and consents, consent marks, the
// new-profile flag, and the dashboard's first-step flag.
import { apiClient } from '@haven/shared';
import type { ConsentParty } from '@haven/shared/dashboard-rules';
import type { ConsentPartyInfo } from '../legal-consent';

export interface AiConsentRecord {
  ai_consent: boolean | null;
  is_ai_consent_modal_viewed: boolean;
  is_ai_consent_chip_viewed: boolean;
}

export async function getAiFeatureFlag(): Promise<boolean> {
  return (await apiClient.get<{ ai_enabled: boolean }>('/customers/ai_feature_flag')).data.ai_enabled;
}

/** The record is data.data of the axios answer. */
export async function getAiConsents(): Promise<AiConsentRecord> {
  return (await apiClient.get<{ data: AiConsentRecord }>('/customers/ai_consents')).data.data;
}

export async function putAiConsents(change: Partial<AiConsentRecord>): Promise<void> {
  await apiClient.put('/customers/ai_consents', change);
}

export type NewProfileKey = 'new_profile_modal' | 'new_profile_tooltip';

export async function getNewProfileFlag(key: NewProfileKey): Promise<boolean> {
  return (await apiClient.get<{ status: boolean }>('/customers/profile_communication_config', { params: { config_key: key } })).data.status;
}

export async function clearNewProfileFlag(key: NewProfileKey): Promise<void> {
  await apiClient.put('/customers/profile_communication_config', { status: false, config_key: key });
}

export async function getFirstStepDue(): Promise<boolean> {
  return (await apiClient.get<{ first_step_modal: boolean }>('/customers/dashboard_modals')).data.first_step_modal;
}

export async function markFirstStepSeen(): Promise<void> {
  await apiClient.put('/customers/dashboard_modals/first_step_modal');
}

export async function markPrivacyPolicy(): Promise<void> {
  await apiClient.post('/customers/mark_privacy_policy', { method_type: 'web', policy_type: 'privacy_policy' });
}

export async function markTncAndPrivacy(): Promise<void> {
  await apiClient.post('/customers/mark_tnc_and_privacy');
}

export async function markEighteenPlus(): Promise<void> {
  await apiClient.post('/customers/mark_eighteen_plus');
}

/** Who gives the acting profile's consents (the account holder, an adult profile's person, a child's parent). */
export async function getConsentParty(): Promise<ConsentPartyInfo> {
  const { data } = await apiClient.get<{ party: ConsentParty; profile_first_name: string; guardian_consent_given: boolean }>(
    '/customers/consent_party',
  );
  return { party: data.party, name: data.profile_first_name, guardianConsentGiven: data.guardian_consent_given };
}

export async function markGuardianConsent(): Promise<void> {
  await apiClient.post('/customers/mark_guardian_consent');
}
