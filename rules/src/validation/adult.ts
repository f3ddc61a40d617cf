// Product rules, Validation: adult means at least 18 years old.
export const ADULT_AGE = 18;

type DateLike = Date | string;

/** Calendar parts of a date; 'YYYY-MM-DD' strings are read as calendar dates (no time zone shift). */
function parts(date: DateLike): { y: number; m: number; d: number } | null {
  if (typeof date === 'string') {
    const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
    if (!match) return null;
    const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const check = new Date(Date.UTC(y, m - 1, d));
    if (check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return null;
    return { y, m, d };
  }
  if (Number.isNaN(date.getTime())) return null;
  return { y: date.getFullYear(), m: date.getMonth() + 1, d: date.getDate() };
}

/** Whole years between `birth` and `now` (null for an invalid date). */
export function ageOn(birth: DateLike, now: DateLike): number | null {
  const b = parts(birth);
  const n = parts(now);
  if (!b || !n) return null;
  let age = n.y - b.y;
  if (n.m < b.m || (n.m === b.m && n.d < b.d)) age -= 1;
  return age;
}

/** `now` is injected so the rule stays pure; a birth date in the future or unreadable is not adult. */
export function isAdult(birth: DateLike, now: DateLike): boolean {
  const age = ageOn(birth, now);
  return age !== null && age >= ADULT_AGE;
}
