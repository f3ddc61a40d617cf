// A date of birth that makes sense. Not in the future, not more than 120 years ago, and the
// 18+ message (product rules, Validation: "adult") only for a real date less than 18 years ago. `now` is injected.
import { ADULT_AGE, ageOn } from './adult';

export const OLDEST_AGE = 120;

export type DateOfBirthProblem = 'missing' | 'invalid' | 'future' | 'too-old' | 'under-18';

export const DATE_OF_BIRTH_MESSAGES: Readonly<Record<DateOfBirthProblem, string>> = {
  missing: 'Enter your date of birth',
  invalid: 'Enter a real date, for example 12 04 1992',
  future: "Date of birth can't be in the future",
  'too-old': `Date of birth can't be more than ${OLDEST_AGE} years ago`,
  'under-18': `You need to be ${ADULT_AGE} or older to use Haven`,
};

function isoDay(date: Date | string): string {
  if (typeof date === 'string') return date.slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** What is wrong with a 'YYYY-MM-DD' date of birth on `now`'s calendar day, or null. */
export function dateOfBirthProblem(value: string, now: Date | string): DateOfBirthProblem | null {
  if (!value.trim()) return 'missing';
  const age = ageOn(value, now);
  if (age === null) return 'invalid';
  if (age < 0) return 'future';
  const today = isoDay(now);
  const earliest = `${String(Number(today.slice(0, 4)) - OLDEST_AGE).padStart(4, '0')}${today.slice(4)}`;
  if (isoDay(value) < earliest) return 'too-old';
  if (age < ADULT_AGE) return 'under-18';
  return null;
}
