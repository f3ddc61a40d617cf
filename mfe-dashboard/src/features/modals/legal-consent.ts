// Product rules, Consent and privacy: consent state: the new privacy policy (accepted or not, stored locally), the terms
// and privacy mark, and the age line where missing: "18 or older" for an adult, for a child's profile the
// parent's or guardian's consent instead (never the 18+ mark).
import type { Consents } from '@haven/shared';
import type { ConsentParty } from '@haven/shared/dashboard-rules';

export interface LegalConsentNeeds {
  privacyPolicy: boolean;
  termsAndPrivacy: boolean;
  eighteenPlus: boolean;
  guardian: boolean;
}

/** Who gives the acting profile's consents, as the api answers it. */
export interface ConsentPartyInfo {
  party: ConsentParty;
  name: string;
  guardianConsentGiven: boolean;
}

/** 'unknown' until the consent state and its party have loaded; otherwise what is still to accept. */
export function legalConsentNeeds(
  consents: Consents,
  loading: boolean,
  acceptedLocally: boolean,
  party: ConsentPartyInfo | null,
): LegalConsentNeeds | 'unknown' {
  if (loading || party === null || Object.keys(consents).length === 0) return 'unknown';
  const child = party.party === 'child';
  return {
    privacyPolicy:
      !acceptedLocally && consents.privacy_policy_consent_status !== undefined && consents.privacy_policy_consent_status !== 'accepted',
    termsAndPrivacy: consents.is_tnc_checked === false || consents.is_privacy_policy_checked === false,
    eighteenPlus: !child && consents.is_eighteen_plus_checked === false,
    guardian: child && !party.guardianConsentGiven,
  };
}

export function anyNeeded(n: LegalConsentNeeds): boolean {
  return n.privacyPolicy || n.termsAndPrivacy || n.eighteenPlus || n.guardian;
}
