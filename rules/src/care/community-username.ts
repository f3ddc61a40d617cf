// Product rules, Communities: a community username is what other members see instead of a name: 3 to 20
// letters, digits or underscores, starting with a letter, never one that looks like the service's own
// voice. Two usernames that differ only in case are the same username.
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
const RESERVED = ['admin', 'administrator', 'haven', 'moderator', 'mod', 'support', 'staff', 'therapist', 'psychiatrist', 'doctor'];

/** What is wrong with a username (null: it may be used, if nobody holds it). */
export function usernameProblem(username: string): string | null {
  const u = username.trim();
  if (u.length < USERNAME_MIN || u.length > USERNAME_MAX) return `A username has ${USERNAME_MIN} to ${USERNAME_MAX} characters.`;
  if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(u)) return 'A username starts with a letter and has only letters, digits and underscores.';
  if (RESERVED.includes(u.toLowerCase())) return 'That username is kept for the Haven team. Please choose another.';
  return null;
}

export const USERNAME_TAKEN = 'That username is taken. Please choose another.';
