import { anyNeeded, legalConsentNeeds, type ConsentPartyInfo } from './legal-consent';

const self: ConsentPartyInfo = { party: 'self', name: 'Asha', guardianConsentGiven: false };
const adultProfile: ConsentPartyInfo = { party: 'adult_profile', name: 'Mira', guardianConsentGiven: false };
const child: ConsentPartyInfo = { party: 'child', name: 'Kiran', guardianConsentGiven: false };
const none = { privacyPolicy: false, termsAndPrivacy: false, eighteenPlus: false, guardian: false };

describe('legalConsentNeeds (product rules, Consent and privacy: consent state, privacy policy stored locally)', () => {
  it.each([
    ['still loading', {}, true, false, self, 'unknown'],
    ['nothing loaded yet', {}, false, false, self, 'unknown'],
    ['who consents not known yet', { is_tnc_checked: true }, false, false, null, 'unknown'],
    [
      'all accepted',
      { privacy_policy_consent_status: 'accepted', is_tnc_checked: true, is_privacy_policy_checked: true, is_eighteen_plus_checked: true },
      false,
      false,
      self,
      none,
    ],
    [
      'new policy unaccepted',
      { privacy_policy_consent_status: 'unaccepted', is_tnc_checked: true, is_eighteen_plus_checked: true },
      false,
      false,
      self,
      { ...none, privacyPolicy: true },
    ],
    ['new policy unaccepted but accepted locally', { privacy_policy_consent_status: 'unaccepted' }, false, true, self, none],
    [
      'eighteen-plus missing',
      { privacy_policy_consent_status: 'accepted', is_tnc_checked: true, is_eighteen_plus_checked: false },
      false,
      false,
      self,
      { ...none, eighteenPlus: true },
    ],
    [
      'privacy half of terms missing',
      { privacy_policy_consent_status: 'accepted', is_tnc_checked: true, is_privacy_policy_checked: false },
      false,
      false,
      self,
      { ...none, termsAndPrivacy: true },
    ],
    [
      'an adult profile: its own 18+ line',
      { is_tnc_checked: false, is_eighteen_plus_checked: false },
      false,
      false,
      adultProfile,
      { ...none, termsAndPrivacy: true, eighteenPlus: true },
    ],
    [
      "a child's profile: never the 18+ line, the guardian's consent instead",
      { is_tnc_checked: false, is_eighteen_plus_checked: false },
      false,
      false,
      child,
      { ...none, termsAndPrivacy: true, guardian: true },
    ],
    [
      "a child's profile, guardian already consented",
      { is_tnc_checked: true, is_privacy_policy_checked: true, is_eighteen_plus_checked: false },
      false,
      false,
      { ...child, guardianConsentGiven: true },
      none,
    ],
  ] as const)('%s', (_case, consents, loading, local, party, expected) => {
    expect(legalConsentNeeds(consents, loading, local, party)).toEqual(expected);
  });

  it('anyNeeded', () => {
    expect(anyNeeded(none)).toBe(false);
    expect(anyNeeded({ ...none, eighteenPlus: true })).toBe(true);
    expect(anyNeeded({ ...none, guardian: true })).toBe(true);
  });
});
