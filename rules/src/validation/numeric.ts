// Product rules, Validation: numeric-only input allows only digits and backspace; a string is a valid number if it has
// no spaces, is within the maximum length and is numeric.

/**
 * keydown filter for numeric-only inputs: digits and Backspace are allowed; any other key that
 * would insert a character is refused. Keys that insert nothing (Tab, arrows, Enter, Home, End,
 * Delete) and shortcuts with Ctrl/Meta are not input, so they pass: blocking them would break
 * keyboard navigation and paste.
 */
export function isAllowedNumericKey(event: { key: string; ctrlKey?: boolean; metaKey?: boolean }): boolean {
  if (event.key === 'Backspace') return true;
  if (/^\d$/.test(event.key)) return true;
  if (event.ctrlKey || event.metaKey) return true;
  return event.key.length > 1 && event.key !== 'Spacebar';
}

/** Keeps the digits of a value: the same rule for paste, autofill and mobile keyboards. */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

export function isValidNumber(value: string, maxLength: number = Number.POSITIVE_INFINITY): boolean {
  if (value.length === 0 || /\s/.test(value)) return false;
  if (value.length > maxLength) return false;
  return /^\d+$/.test(value);
}
