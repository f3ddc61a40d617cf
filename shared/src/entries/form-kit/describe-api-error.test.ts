import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { retryAfterSeconds } from '@haven/shared';
import { describeApiError } from './describe-api-error';

function answered(status: number, data: unknown, headers: Record<string, string> = {}): AxiosError {
  const config = { headers: new AxiosHeaders() };
  const response = { status, data, headers, statusText: '', config } as AxiosResponse;
  return new AxiosError('failed', 'ERR_BAD_REQUEST', config, {}, response);
}
const api = (message: string, status = 400) => answered(status, { success: false, message, errors: [message] });
const labels = { first_name: 'First name', email: 'E-mail', password: 'Password' };

describe('describeApiError: one thing a person can act on, never the raw text', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => consoleError.mockRestore());

  it.each([
    [
      api('body/first_name must NOT have more than 100 characters'),
      { kind: 'field', field: 'first_name', message: 'First name can be at most 100 characters' },
    ],
    [
      api('body/password must NOT have fewer than 8 characters'),
      { kind: 'field', field: 'password', message: 'Password needs at least 8 characters' },
    ],
    [api('body/email must match format "email"'), { kind: 'field', field: 'email', message: 'Check the e-mail' }],
    [api("body must have required property 'email'"), { kind: 'field', field: 'email', message: 'Enter your e-mail' }],
    [
      api('Email has already been taken', 422),
      { kind: 'field', field: 'email', message: 'An account already uses this e-mail. Log in instead, or use another address.' },
    ],
    [
      api('Reset password token is invalid or has expired', 422),
      { kind: 'general', message: 'This reset link has expired or was already used.' },
    ],
    [api('Current password is invalid', 422), { kind: 'field', field: 'current_password', message: 'That is not your current password' }],
  ])('%#: a known text maps to a field and a sentence', (error, description) => {
    expect(describeApiError(error, { action: 'create your account', labels })).toEqual(description);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('an unknown text is reported and shown as a general sentence, never raw', () => {
    const error = api('body/nickname must be a rocket');
    const description = describeApiError(error, { action: 'create your account', labels });
    expect(description).toEqual({ kind: 'general', message: "We couldn't create your account. Please try again in a moment." });
    expect(consoleError).toHaveBeenCalledWith(
      '[haven]',
      error,
      expect.objectContaining({ where: 'unmapped api error', text: 'body/nickname must be a rocket' }),
    );
  });

  it('a validation text for a field the form does not show is unknown too', () => {
    expect(
      describeApiError(api('body/redirect_url must NOT have more than 2000 characters'), { action: 'send the link', labels }).kind,
    ).toBe('general');
    expect(consoleError).toHaveBeenCalledTimes(1);
  });

  it('no answer at all names what failed', () => {
    const error = new AxiosError('Network Error', 'ERR_NETWORK', { headers: new AxiosHeaders() }, {});
    expect(describeApiError(error, { action: 'create your account' })).toEqual({
      kind: 'network',
      message: "We couldn't create your account: no connection to Haven. Check your internet connection and try again.",
    });
  });

  it('429: the wait comes from Retry-After', () => {
    expect(
      describeApiError(answered(429, { code: 'rate_limited', retry_after: 9 }, { 'retry-after': '27' }), { action: 'send the code' }),
    ).toMatchObject({
      kind: 'rate-limited',
      retryAfterSeconds: 27,
    });
  });

  it.each([
    ['database_unavailable', 'Haven cannot reach its database just now. Please try again in a moment.'],
    ['overloaded', 'The service is busy. Please try again in a moment.'],
  ])('503 %s: a short wait from Retry-After, a clear sentence, nothing reported', (code, message) => {
    const error = answered(503, { code, message, errors: [message], retry_after: 2 }, { 'retry-after': '2' });
    expect(describeApiError(error, { action: 'cancel the session' })).toEqual({
      kind: 'unavailable',
      retryAfterSeconds: 2,
      message: "We couldn't cancel the session: Haven is busy for a moment. Nothing was lost; please try again in a few seconds.",
    });
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('a 503 of a failure elsewhere (no code of ours) is still reported', () => {
    describeApiError(api('Internal server error', 503), { action: 'cancel the session' });
    expect(consoleError).toHaveBeenCalledTimes(1);
  });

  it.each([
    [{ 'retry-after': '12' }, {}, 12],
    [{}, { retry_after: 7 }, 7], // a cross-origin header the api did not expose: the body's copy
    [{ 'retry-after': 'soon' }, null, null],
    [{}, {}, null],
  ])('retryAfterSeconds(%j, %j) → %s', (headers, body, seconds) => {
    expect(retryAfterSeconds(headers, body)).toBe(seconds);
  });

  it('route-specific texts win over the common ones', () => {
    const known = [{ text: 'Invalid verification code', field: '', message: 'That code is not right.' }];
    expect(describeApiError(api('Invalid verification code', 422), { action: 'check the code', known })).toEqual({
      kind: 'general',
      message: 'That code is not right.',
    });
  });
});
