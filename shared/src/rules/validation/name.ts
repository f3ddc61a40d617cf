// Spec §5 "Names": characters other than letters, spaces, dots, apostrophes and hyphens are stripped.
// Letters are Unicode letters; their combining marks (\p{M}) are kept too, without which names in
// Devanagari, Tamil, Bengali ... would lose their vowel signs.
const NOT_NAME_CHAR = /[^\p{L}\p{M} .'’-]/gu;

export function sanitizeName(value: string): string {
  return value.replace(NOT_NAME_CHAR, '');
}
