import { ageConfirmationOf, consentParty, consentWording, type ConsentParty } from './consent-party';

describe('consentParty (product rules, Consent and privacy: who consents for a profile), with an injected today', () => {
  const today = '2026-11-27';
  it.each([
    ['the account holder', { isSecondaryProfile: false, dateOfBirth: '1990-01-01' }, 'self'],
    ['the account holder, birth date not given', { isSecondaryProfile: false, dateOfBirth: null }, 'self'],
    ['an adult profile', { isSecondaryProfile: true, dateOfBirth: '1960-04-02' }, 'adult_profile'],
    ['a profile turning 18 today', { isSecondaryProfile: true, dateOfBirth: '2008-11-27' }, 'adult_profile'],
    ['a profile turning 18 tomorrow', { isSecondaryProfile: true, dateOfBirth: '2008-11-28' }, 'child'],
    ['a child profile born 2016', { isSecondaryProfile: true, dateOfBirth: '2016-05-01' }, 'child'],
    ['a profile with no birth date (asked to confirm their age)', { isSecondaryProfile: true, dateOfBirth: null }, 'adult_profile'],
  ] as const)('%s → %s', (_case, facts, party) => {
    expect(consentParty(facts, today)).toBe(party);
  });
});

describe('consentWording: the 18+ line never reaches a child; a child is consented for by the parent', () => {
  it.each([
    ['self', 'adult', /I confirm that I am 18 years or older/],
    ['adult_profile', 'adult', /I confirm that I am 18 years or older/],
    ['child', 'guardian', /I am Kiran's parent or legal guardian and I consent to Kiran's care/],
  ] as const)('%s asks the %s confirmation', (party: ConsentParty, kind, line) => {
    expect(ageConfirmationOf(party)).toBe(kind);
    expect(consentWording(party, 'Kiran').ageConfirmation).toMatch(line);
  });

  it("no line of a child's wording mentions being 18 or older, each names the child", () => {
    const w = consentWording('child', 'Kiran');
    for (const text of [w.privacyPolicy, w.termsAndPrivacy, w.ageConfirmation]) {
      expect(text).not.toMatch(/18 years or older/);
      expect(text).toMatch(/Kiran/);
    }
    expect(w.title).toBe('Consent for Kiran');
    expect(w.description).toMatch(/parent or guardian/);
  });

  it("an adult profile's consents are said to be its person's own", () => {
    expect(consentWording('adult_profile', 'Mira').description).toBe("These consents are Mira's own: Mira reads and ticks them.");
    expect(consentWording('self', 'Asha').description).toBe('We need your agreement before you continue with your care.');
  });
});
