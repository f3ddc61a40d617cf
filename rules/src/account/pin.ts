// The account PIN (the product names pin set, reset and reset by one-time code; it gives no rule, so this is
// the one a patient expects of a PIN): exactly four digits, and not one of the PINs tried first
// (one digit repeated, a run up or down). The api checks the same function.

export const PIN_LENGTH = 4;

export const PIN_MESSAGES = {
  format: `Enter ${PIN_LENGTH} digits.`,
  guessable: 'Choose a PIN that is harder to guess (not one digit repeated or a run such as 1234).',
  mismatch: 'The two PINs are not the same.',
} as const;

export type PinProblem = keyof typeof PIN_MESSAGES;

const isRun = (digits: number[], step: number) => digits.every((d, i) => i === 0 || d === digits[i - 1]! + step);

/** What is wrong with `pin` as a new PIN, or null. */
export function pinProblem(pin: string): Exclude<PinProblem, 'mismatch'> | null {
  if (!new RegExp(`^[0-9]{${PIN_LENGTH}}$`).test(pin)) return 'format';
  const digits = [...pin].map(Number);
  if (isRun(digits, 0) || isRun(digits, 1) || isRun(digits, -1)) return 'guessable';
  return null;
}
