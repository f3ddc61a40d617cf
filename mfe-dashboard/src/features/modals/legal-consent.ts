// Product rules, Consent and privacy: consent state: the new privacy policy (accepted or not, stored locally), and the terms
// and privacy and eighteen-plus marks where missing.
import type { Consents } from '@haven/shared';

export interface LegalConsentNeeds {
  privacyPolicy: boolean;
  termsAndPrivacy: boolean;
  eighteenPlus: boolean;
}

/** 'unknown' until the consent state has loaded; otherwise what the patient still has to accept. */
export function legalConsentNeeds(consents: Consents, loading: boolean, acceptedLocally: boolean): LegalConsentNeeds | 'unknown' {
  if (loading || Object.keys(consents).length === 0) return 'unknown';
  return {
    privacyPolicy: !acceptedLocally && consents.privacy_policy_consent_status !== undefined && consents.privacy_policy_consent_status !== 'accepted',
    termsAndPrivacy: consents.is_tnc_checked === false || consents.is_privacy_policy_checked === false,
    eighteenPlus: consents.is_eighteen_plus_checked === false,
  };
}

export function anyNeeded(n: LegalConsentNeeds): boolean {
  return n.privacyPolicy || n.termsAndPrivacy || n.eighteenPlus;
}
