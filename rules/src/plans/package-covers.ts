// Product rules, Plan visibility and Partners and business users: what a sponsored package books is what it
// promises. A package covers the roles of its kind (a therapy package: therapy care; a coach package:
// coaching) that the patient's plan offers, so the card's "Covers", the provider list and booking with a
// credit all say the same thing. The provider list keeps a provider when one of its governed roles is
// offered or it has none (the plan rule's `providerOffered`), as a role filter the api can run in SQL.
import { CARE_KIND_OF_ROLE, roleOffered, type BookingOptions, type SessionMode } from './plan-visibility';

/** The roles of each kind of package, in the order the card names them. */
export const PACKAGE_ROLES: Readonly<Record<string, readonly string[]>> = {
  therapy: ['therapist', 'psychiatrist', 'couplestherapist', 'childenfirstindia'],
  package_coach: ['coach'],
};

/** The roles this package books on this plan (none for an unknown kind of package). */
export function packageCoveredRoles(packageFor: string | null | undefined, o: BookingOptions): string[] {
  return (PACKAGE_ROLES[packageFor ?? ''] ?? []).filter((r) => roleOffered(o, r));
}

const COVER_WORDS: Readonly<Record<string, string>> = {
  therapist: 'therapy',
  psychiatrist: 'psychiatry',
  couplestherapist: 'couples therapy',
  childenfirstindia: "children's care",
  coach: 'coaching',
};

const wordsOf = (roles: readonly string[]) => [...new Set(roles.map((r) => COVER_WORDS[r] ?? r))];
const listed = (words: string[], last: 'and' | 'or') =>
  words.length === 1 ? words[0]! : `${words.slice(0, -1).join(', ')} ${last} ${words[words.length - 1]!}`;

/** "Therapy, couples therapy and children's care": the kinds of care the package covers. */
export function coversText(roles: readonly string[]): string {
  const words = wordsOf(roles);
  if (words.length === 0) return 'Nothing your plan offers';
  const text = listed(words, 'and');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The package card's one statement of what it books: "6 sponsored sessions of therapy, psychiatry, couples
 * therapy or children's care", from the same covered roles the api books with a credit (each session is
 * one of them). Replaces the package's analytics code ("therapy_6"), which named less than it booked.
 */
export function packageStatement(sessions: number, roles: readonly string[]): string {
  const words = wordsOf(roles);
  const count = `${sessions} sponsored ${sessions === 1 ? 'session' : 'sessions'}`;
  if (words.length === 0) return `${count}, but your plan offers none of the care this package is for`;
  return `${count} of ${listed(words, 'or')}`;
}

/**
 * The plan as a role filter for a provider list: a provider is listed when it holds none of `governed`
 * or one of `offered` (in `mode` when one is chosen). Equals `providerOffered` for an individual session.
 */
export function planRoleFilter(o: BookingOptions, mode?: SessionMode): { governed: string[]; offered: string[] } {
  const governed = Object.keys(CARE_KIND_OF_ROLE);
  return { governed, offered: governed.filter((r) => roleOffered(o, r, mode)) };
}
