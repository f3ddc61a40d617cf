// Product rules, Communities: a community username is what other members see instead of a name: 3 to 20
// letters, digits or underscores, starting with a letter, never one that looks like the service's own
// voice. Two usernames that differ only in case are the same username.
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
/** Reserved anywhere in a name, whatever the case and whatever separators or digits stand around them. */
const RESERVED_ANYWHERE = ['admin', 'haven', 'moderator', 'support', 'staff', 'therapist', 'psychiatrist', 'doctor', 'official'];
/** Short words reserved as a word of their own only (inside another word they are just letters: "model"). */
const RESERVED_WORDS = ['mod', 'team'];

/** The words of a name: split at underscores, digits and lower-to-upper case changes, lower-cased. */
const wordsOf = (name: string) =>
  name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());

/** Whether a name speaks in the service's own voice (case and separators do not matter). */
function isReserved(name: string): boolean {
  const letters = name.toLowerCase().replace(/[^a-z]/g, '');
  return RESERVED_ANYWHERE.some((w) => letters.includes(w)) || wordsOf(name).some((w) => RESERVED_WORDS.includes(w));
}

/** What is wrong with a username (null: it may be used, if nobody holds it). */
export function usernameProblem(username: string): string | null {
  const u = username.trim();
  if (u.length < USERNAME_MIN || u.length > USERNAME_MAX) return `A username has ${USERNAME_MIN} to ${USERNAME_MAX} characters.`;
  if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(u)) return 'A username starts with a letter and has only letters, digits and underscores.';
  if (isReserved(u)) return 'That username is kept for the Haven team. Please choose another.';
  return null;
}

export const USERNAME_TAKEN = 'That username is taken. Please choose another.';
