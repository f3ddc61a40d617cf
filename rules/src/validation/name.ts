// Product rules, Validation: "Names": characters other than letters, spaces, dots, apostrophes and hyphens are stripped.
// Letters are Unicode letters; their combining marks (\p{M}) are kept too, without which names in
// Devanagari, Tamil, Bengali ... would lose their vowel signs.
const NOT_NAME_CHAR = /[^\p{L}\p{M} .'’-]/gu;

export function sanitizeName(value: string): string {
  return value.replace(NOT_NAME_CHAR, '');
}

/** A name is trimmed, and must contain at least one letter (not only spaces or dots). */
export function normaliseName(value: string): string {
  return sanitizeName(value).trim().replace(/\s+/g, ' ');
}

export function isValidName(value: string): boolean {
  return /\p{L}/u.test(normaliseName(value));
}
