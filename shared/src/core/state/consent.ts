// Consent state (product rules, What the client keeps): the status records the consent calls answer.
import { baseActions, type SliceActions, type SliceApi } from './slice';

export interface Consents {
  privacy_policy_consent_status?: string | boolean | null;
  is_tnc_checked?: boolean;
  is_privacy_policy_checked?: boolean;
  is_eighteen_plus_checked?: boolean;
}

export interface ConsentData {
  consents: Consents;
  loadingConsents: boolean;
}

export type ConsentSlice = ConsentData & SliceActions<ConsentData>;

export const initialConsent: ConsentData = {
  consents: {},
  loadingConsents: false,
};

export function createConsentSlice(api: SliceApi<ConsentData>): ConsentSlice {
  return { ...initialConsent, ...baseActions(api, initialConsent) };
}
