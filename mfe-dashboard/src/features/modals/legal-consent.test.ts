import { anyNeeded, legalConsentNeeds } from './legal-consent';

describe('legalConsentNeeds (product rules, Consent and privacy: consent state, privacy policy stored locally)', () => {
  it.each([
    ['still loading', {}, true, false, 'unknown'],
    ['nothing loaded yet', {}, false, false, 'unknown'],
    ['all accepted', { privacy_policy_consent_status: 'accepted', is_tnc_checked: true, is_privacy_policy_checked: true, is_eighteen_plus_checked: true }, false, false, { privacyPolicy: false, termsAndPrivacy: false, eighteenPlus: false }],
    ['new policy unaccepted', { privacy_policy_consent_status: 'unaccepted', is_tnc_checked: true, is_eighteen_plus_checked: true }, false, false, { privacyPolicy: true, termsAndPrivacy: false, eighteenPlus: false }],
    ['new policy unaccepted but accepted locally', { privacy_policy_consent_status: 'unaccepted' }, false, true, { privacyPolicy: false, termsAndPrivacy: false, eighteenPlus: false }],
    ['eighteen-plus missing', { privacy_policy_consent_status: 'accepted', is_tnc_checked: true, is_eighteen_plus_checked: false }, false, false, { privacyPolicy: false, termsAndPrivacy: false, eighteenPlus: true }],
    ['privacy half of terms missing', { privacy_policy_consent_status: 'accepted', is_tnc_checked: true, is_privacy_policy_checked: false }, false, false, { privacyPolicy: false, termsAndPrivacy: true, eighteenPlus: false }],
  ] as const)('%s', (_case, consents, loading, local, expected) => {
    expect(legalConsentNeeds(consents, loading, local)).toEqual(expected);
  });

  it('anyNeeded', () => {
    expect(anyNeeded({ privacyPolicy: false, termsAndPrivacy: false, eighteenPlus: false })).toBe(false);
    expect(anyNeeded({ privacyPolicy: false, termsAndPrivacy: false, eighteenPlus: true })).toBe(true);
  });
});
