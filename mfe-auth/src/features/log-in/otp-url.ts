// The one-time-code step in the URL and the constants both steps share.
import { INVALID_VERIFICATION_CODE } from '@haven/shared';
import { type KnownApiError } from '@haven/shared/form-kit';

/** Seconds before "Resend code" is offered again. */
export const RESEND_COOLDOWN_S = 30;
/** The query that marks the code step, so reload and Back know where the user is. */
export const STEP_PARAM = 'step';
export const CODE_STEP = 'code';

/** The api's words for a code a resend replaced: the person typed an earlier message's code. */
export const CODE_REPLACED = 'This code was replaced by a newer one. Enter the code in the latest message we sent.';

/** Product rules, Validation: a wrong code says 'Invalid verification code'; a replaced one says a newer one was sent. */
export const KNOWN_OTP_ERRORS: KnownApiError[] = [
  { text: 'Invalid verification code', field: '', message: INVALID_VERIFICATION_CODE },
  { text: CODE_REPLACED, field: '', message: CODE_REPLACED },
];

/** The search string with the code step on or off (everything else — redirectPath, CRNID — kept). */
export function withStep(params: URLSearchParams, on: boolean): string {
  const next = new URLSearchParams(params);
  if (on) next.set(STEP_PARAM, CODE_STEP);
  else next.delete(STEP_PARAM);
  const s = next.toString();
  return s ? `?${s}` : '';
}
