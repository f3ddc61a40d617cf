import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { INVALID_VERIFICATION_CODE } from '../../core/auth/messages';
import {
  PARTNER_CODE_BUSY,
  PARTNER_CODE_NETWORK,
  PARTNER_CODE_OTHER,
  PARTNER_CODE_RATE_LIMITED,
  partnerCodeRefusal,
} from './partner-code-refusal';

function answered(status: number, data: unknown, headers: Record<string, string> = {}): AxiosError {
  const response = { status, data, headers, statusText: '', config: { headers: new AxiosHeaders() } } as AxiosResponse;
  return new AxiosError(`status ${status}`, 'ERR_BAD_RESPONSE', undefined, undefined, response);
}

describe('partnerCodeRefusal: only a wrong code reads "Invalid verification code"', () => {
  it.each([
    [
      "503 without Retry-After (the spec's wrong code)",
      answered(503, { message: 'Invalid verification code' }),
      'wrong-code',
      INVALID_VERIFICATION_CODE,
    ],
    ['422 (a malformed code)', answered(422, { errors: ['Invalid verification code'] }), 'wrong-code', INVALID_VERIFICATION_CODE],
    ['429 with Retry-After', answered(429, { code: 'rate_limited' }, { 'retry-after': '30' }), 'rate-limited', PARTNER_CODE_RATE_LIMITED],
    ['503 shed, code overloaded', answered(503, { code: 'overloaded', retry_after: 2 }, { 'retry-after': '2' }), 'busy', PARTNER_CODE_BUSY],
    ['503 with Retry-After only', answered(503, {}, { 'retry-after': '5' }), 'busy', PARTNER_CODE_BUSY],
    ['no answer (network)', new AxiosError('Network Error', 'ERR_NETWORK'), 'network', PARTNER_CODE_NETWORK],
    ['500', answered(500, {}), 'other', PARTNER_CODE_OTHER],
    ['not an api error', new Error('boom'), 'other', PARTNER_CODE_OTHER],
  ])('%s', (_name, error, kind, message) => {
    expect(partnerCodeRefusal(error)).toEqual({ kind, message });
  });
});
