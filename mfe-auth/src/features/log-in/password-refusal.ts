// What a refused password sign-in tells the person beyond "try again": how many tries are left once few
// are (the api's `tries_left`), and that a paused sign-in still lets them in by a one-time code or a reset.
import { isApiError } from '@haven/shared';

export type PasswordRefusal = { kind: 'few-left'; triesLeft: number } | { kind: 'paused' } | null;

export function passwordRefusal(cause: unknown): PasswordRefusal {
  if (!isApiError(cause) || !cause.response) return null;
  const body = cause.response.data as { tries_left?: unknown; locked?: unknown } | undefined;
  if (cause.response.status === 429 && body?.locked === true) return { kind: 'paused' };
  if (cause.response.status !== 401 || typeof body?.tries_left !== 'number') return null;
  return body.tries_left > 0 ? { kind: 'few-left', triesLeft: body.tries_left } : { kind: 'paused' };
}

export const WRONG_PASSWORD = 'That e-mail and password do not match. Please try again.';

/** The form's one message for a refusal that needs more than the general words. */
export function passwordRefusalText(refusal: Exclude<PasswordRefusal, null>): string {
  if (refusal.kind === 'paused')
    return 'Signing in with a password is paused for a while after too many tries. You can still log in with a one-time code, or reset your password.';
  const tries = refusal.triesLeft === 1 ? '1 more try' : `${refusal.triesLeft} more tries`;
  return `That e-mail and password do not match. After ${tries}, signing in with a password pauses for a while.`;
}
