import { scrubText, scrubValue } from './scrub';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJl';

describe('scrubText: tokens, e-mails and phone numbers never reach a report', () => {
  it.each([
    ['e-mail', 'user Priya.K+test@Example.co.in failed', 'user [email] failed'],
    ['Indian mobile', 'call 9876543210 now', 'call [phone] now'],
    ['E.164 phone', 'sent to +919876543210', 'sent to [phone]'],
    ['spaced phone', 'sent to +1 415 555 0100.', 'sent to [phone].'],
    ['token query', 'GET /dashboard?token=abc123&x=1', 'GET /dashboard?token=[redacted]&x=1'],
    ['app_token and jwt query', '/?app_token=zzz&jwt=yyy', '/?app_token=[redacted]&jwt=[redacted]'],
    ['auth_token and code', '/auth?code=123456&auth_token=q', '/auth?code=[redacted]&auth_token=[redacted]'],
    ['bearer header', 'Authorization: Bearer abc.def-ghi', 'Authorization: Bearer [redacted]'],
    ['bare JWT', `token was ${JWT} here`, 'token was [redacted] here'],
    ['an id is not a phone', 'session 12345 at 2026-11-23', 'session 12345 at 2026-11-23'],
    ['a path is kept', 'Anomaly detected in endpoint /customers/profile', 'Anomaly detected in endpoint /customers/profile'],
    ['a uuid is kept', 'uuid 8f0e2c1a-0b7d-4c3a-9e2f-1a2b3c4d5e6f', 'uuid 8f0e2c1a-0b7d-4c3a-9e2f-1a2b3c4d5e6f'],
  ])('%s', (_case, input, expected) => {
    expect(scrubText(input)).toBe(expected);
  });
});

describe('scrubValue: every string of a report or breadcrumb, and secret keys whatever they hold', () => {
  it.each([
    [
      'headers',
      { headers: { 'access-token': 'abc', client: 'c1', uid: 'a@b.co', accept: 'application/json' } },
      { headers: { 'access-token': '[redacted]', client: '[redacted]', uid: '[redacted]', accept: 'application/json' } },
    ],
    [
      'user fields',
      { user: { id: 7, email: 'a@b.co', mobile: '9876543210', fb_token: 'x' } },
      { user: { id: 7, email: '[redacted]', mobile: '[redacted]', fb_token: '[redacted]' } },
    ],
    [
      'breadcrumb url',
      { category: 'fetch', data: { url: 'http://h/api?token=t1', status_code: 200 } },
      { category: 'fetch', data: { url: 'http://h/api?token=[redacted]', status_code: 200 } },
    ],
    ['message in an array', { values: [{ value: 'no user x@y.org' }] }, { values: [{ value: 'no user [email]' }] }],
    ['numbers and booleans unchanged', { n: 9876543210, ok: true, none: null }, { n: 9876543210, ok: true, none: null }],
  ])('%s', (_case, input, expected) => {
    expect(scrubValue(input)).toEqual(expected);
  });
  it('does not change its input, and survives cycles', () => {
    const input: Record<string, unknown> = { email: 'a@b.co' };
    input.self = input;
    const out = scrubValue(input);
    expect(input.email).toBe('a@b.co');
    expect(out).toEqual({ email: '[redacted]', self: '[redacted]' });
  });
});
