// The product's "booking participants": the partner of a couple session. A name (product rules, Validation: name rule) and a way
// to reach them (product rules, Validation: e-mail rule and/or a phone number), so the invite with the appointment can go out.
// Dependency-free: the api checks the same rule.
import { isValidName, normaliseName } from '../validation/name';
import { emailProblem } from '../validation/email';

export interface ParticipantInput {
  name: string;
  email?: string | null;
  mobile?: string | null;
}

export type ParticipantProblem = 'name' | 'email' | 'contact';

export const PARTICIPANT_MESSAGES: Readonly<Record<ParticipantProblem, string>> = {
  name: "Enter your partner's name with letters (spaces, dots, apostrophes and hyphens are fine)",
  email: 'Enter a valid e-mail address for your partner, or leave it empty',
  contact: "Give your partner's e-mail address or mobile number, so we can send them the appointment",
};

/** The first problem of a partner as typed (phone validity is the phone field's own rule), or null. */
export function participantProblem(p: ParticipantInput): ParticipantProblem | null {
  if (!isValidName(normaliseName(p.name))) return 'name';
  const email = (p.email ?? '').trim();
  if (email && emailProblem(email) !== null) return 'email';
  if (!email && !(p.mobile ?? '').trim()) return 'contact';
  return null;
}
