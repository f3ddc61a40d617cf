// Product rules, Consent and privacy: who gives a profile's consents, and how the asking is worded. The
// account holder (an adult) consents for themselves; an adult profile's own person consents for
// themselves; a child's profile (under 18) has its consents given by the parent or guardian, for the
// child, and is never asked to confirm being 18 or older.
import { isAdult } from '../validation/adult';

export type ConsentParty = 'self' | 'adult_profile' | 'child';

export interface ConsentProfileFacts {
  /** A profile of someone's account, not the account holder's own. */
  isSecondaryProfile: boolean;
  /** 'YYYY-MM-DD', or null when not given. */
  dateOfBirth: string | null;
}

/**
 * `today` is injected so the rule stays pure. A secondary profile with no birth date is treated as an
 * adult one: its person is asked to confirm their age themselves.
 */
export function consentParty(p: ConsentProfileFacts, today: string | Date): ConsentParty {
  if (!p.isSecondaryProfile) return 'self';
  if (p.dateOfBirth !== null && !isAdult(p.dateOfBirth, today)) return 'child';
  return 'adult_profile';
}

/** The age confirmation a party is asked for: 'adult' (18 or older, said by the person) or 'guardian'. */
export const ageConfirmationOf = (party: ConsentParty): 'adult' | 'guardian' => (party === 'child' ? 'guardian' : 'adult');

export interface ConsentWording {
  title: string;
  description: string;
  privacyPolicy: string;
  termsAndPrivacy: string;
  /** The age line: "18 or older" for an adult, the parent's or guardian's confirmation for a child. */
  ageConfirmation: string;
}

/** The consent dialog's words for a party; `name` is the acting profile's first name. */
export function consentWording(party: ConsentParty, name: string): ConsentWording {
  const who = name.trim() || 'this profile';
  if (party === 'child') {
    return {
      title: `Consent for ${who}`,
      description: `${who} is under 18, so you give these consents for ${who} as their parent or guardian.`,
      privacyPolicy: `I have read the updated privacy policy and accept it for ${who}`,
      termsAndPrivacy: `I accept the terms of use and the privacy policy for ${who}`,
      ageConfirmation: `I am ${who}'s parent or legal guardian and I consent to ${who}'s care`,
    };
  }
  return {
    title: 'Please review and accept',
    description:
      party === 'adult_profile'
        ? `These consents are ${who}'s own: ${who} reads and ticks them.`
        : 'We need your agreement before you continue with your care.',
    privacyPolicy: 'I have read and accept the updated privacy policy',
    termsAndPrivacy: 'I accept the terms of use and the privacy policy',
    ageConfirmation: 'I confirm that I am 18 years or older',
  };
}
