// Product rules, Profiles: who a profile of the account is for. A profile of someone under 18 is a child's
// profile: its consents are given by the account holder as its parent or guardian, so it must say it is
// their child (or a child in their legal care) and carry the birth date that makes it a child's.
import { ageOn, isAdult } from '../validation/adult';
import { OLDEST_AGE } from '../validation/birth-date';

export const PROFILE_RELATIONSHIPS = ['child', 'ward', 'partner', 'parent', 'sibling', 'other'] as const;
export type ProfileRelationship = (typeof PROFILE_RELATIONSHIPS)[number];

/** How each relationship reads in the form, from the account holder's side. */
export const PROFILE_RELATIONSHIP_LABELS: Readonly<Record<ProfileRelationship, string>> = {
  child: 'My child',
  ward: 'A child in my legal care',
  partner: 'My partner or spouse',
  parent: 'My parent',
  sibling: 'My brother or sister',
  other: 'Another adult',
};

/** The relationships in which the account holder is the person's parent or guardian. */
export const isGuardianRelationship = (r: string | null | undefined): boolean => r === 'child' || r === 'ward';

export const isProfileRelationship = (r: string): r is ProfileRelationship => (PROFILE_RELATIONSHIPS as readonly string[]).includes(r);

export type NewProfileProblem =
  | { field: 'relationship'; problem: 'relationship_missing' | 'not_guardian' }
  | { field: 'date_of_birth'; problem: 'birth_date_missing' | 'birth_date_future' | 'birth_date_too_old' | 'birth_date_invalid' };

export const NEW_PROFILE_MESSAGES: Readonly<Record<NewProfileProblem['problem'], string>> = {
  relationship_missing: 'Choose who this profile is for',
  not_guardian:
    'Someone under 18 can only be added as your child or a child in your legal care: you give their consents as their parent or guardian',
  birth_date_missing: "Enter the child's date of birth: it decides who gives their consents",
  birth_date_future: "Date of birth can't be in the future",
  birth_date_too_old: `Date of birth can't be more than ${OLDEST_AGE} years ago`,
  birth_date_invalid: 'Enter a real date, for example 12 04 2016',
};

export interface NewProfileFacts {
  relationship: string | null;
  /** 'YYYY-MM-DD', or null when not given. */
  dateOfBirth: string | null;
}

/**
 * What stops a new profile, or null. `today` ('YYYY-MM-DD' or a Date) is injected so the rule stays pure.
 * `requireRelationship`: the form always asks who the profile is for; the api asks it only where it
 * matters (a child's profile), so older clients adding an adult's profile keep working.
 */
export function newProfileProblem(p: NewProfileFacts, today: string | Date, requireRelationship: boolean): NewProfileProblem | null {
  const dob = p.dateOfBirth?.trim() || null;
  if (dob !== null) {
    const age = ageOn(dob, today);
    if (age === null) return { field: 'date_of_birth', problem: 'birth_date_invalid' };
    if (age < 0) return { field: 'date_of_birth', problem: 'birth_date_future' };
    if (age > OLDEST_AGE) return { field: 'date_of_birth', problem: 'birth_date_too_old' };
  }
  const minor = dob !== null && !isAdult(dob, today);
  if (!p.relationship && (requireRelationship || minor)) return { field: 'relationship', problem: 'relationship_missing' };
  if (minor && !isGuardianRelationship(p.relationship)) return { field: 'relationship', problem: 'not_guardian' };
  if (isGuardianRelationship(p.relationship) && dob === null) return { field: 'date_of_birth', problem: 'birth_date_missing' };
  return null;
}
