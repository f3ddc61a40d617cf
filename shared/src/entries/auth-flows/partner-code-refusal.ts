// The partner one-time-code route's three kinds of "no" (design notes, Readings settled): the product
// api answers a wrong code with 503 and no Retry-After (as the spec's backend does); 429 with Retry-After
// is a rate limit; 503 with Retry-After and code "overloaded" is load shedding. Only a wrong code reads
// 'Invalid verification code'; a person told their code is wrong when the network failed types it again
// and again.
// In `@haven/shared/auth-flows`: the root's things come through '@haven/shared'.
import { apiErrorCodeOf, httpStatusOf, INVALID_VERIFICATION_CODE, isApiError } from '@haven/shared';

export type PartnerCodeRefusal = { kind: 'wrong-code' | 'rate-limited' | 'busy' | 'network' | 'other'; message: string };

export const PARTNER_CODE_RATE_LIMITED = 'Too many tries. Please wait, then try again.';
export const PARTNER_CODE_BUSY = 'Haven is busy right now. Please try again in a minute.';
export const PARTNER_CODE_NETWORK = "We couldn't check the code: no connection to Haven. Check your internet connection and try again.";
export const PARTNER_CODE_OTHER = "We couldn't check the code. Please try again in a moment.";

function hasRetryAfter(error: unknown): boolean {
  if (!isApiError(error)) return false;
  const headers = error.response?.headers as Record<string, unknown> | undefined;
  return headers?.['retry-after'] !== undefined && headers['retry-after'] !== null;
}

/** What a failed partner-code check means for the person who typed it. */
export function partnerCodeRefusal(error: unknown): PartnerCodeRefusal {
  if (isApiError(error) && !error.response) return { kind: 'network', message: PARTNER_CODE_NETWORK };
  const status = httpStatusOf(error);
  if (status === 429) return { kind: 'rate-limited', message: PARTNER_CODE_RATE_LIMITED };
  if (status === 503 && (apiErrorCodeOf(error) === 'overloaded' || hasRetryAfter(error)))
    return { kind: 'busy', message: PARTNER_CODE_BUSY };
  if (status === 503 || status === 422) return { kind: 'wrong-code', message: INVALID_VERIFICATION_CODE };
  return { kind: 'other', message: PARTNER_CODE_OTHER };
}
