// Password fields of the sign-up and password pages: the api's limits, read from its OpenAPI document.
import { fieldLimit } from '@haven/shared/forms';

const LIMIT = fieldLimit('POST /api/v1/auth', 'password');
export const PASSWORD_MIN_LENGTH = LIMIT.minLength ?? 8;
export const PASSWORD_MAX_LENGTH = LIMIT.maxLength ?? 128;

export const passwordRules = {
  required: 'Enter a password',
  minLength: { value: PASSWORD_MIN_LENGTH, message: `Use at least ${PASSWORD_MIN_LENGTH} characters` },
  maxLength: { value: PASSWORD_MAX_LENGTH, message: `Use at most ${PASSWORD_MAX_LENGTH} characters` },
} as const;

export function confirmRule(getPassword: () => string) {
  return {
    required: 'Enter the password again',
    validate: (value: string) => value === getPassword() || 'The passwords do not match',
  };
}
