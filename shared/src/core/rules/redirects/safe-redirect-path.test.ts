import { safeRedirectPath } from './safe-redirect-path';

const FALLBACK = '/t-p';

describe('safeRedirectPath: only ever a same-origin path', () => {
  it.each([
    ['/t-p', '/t-p'],
    ['/therapy-psychiatry/?x=1#a', '/therapy-psychiatry/?x=1#a'],
    ['/org/dashboard', '/org/dashboard'],
    ['/', '/'],
    ['/auth/create-password?token=abc', '/auth/create-password?token=abc'],
    ['/booking?step=1&company=acme', '/booking?step=1&company=acme'],
    ['/user/profile', '/user/profile'],
    ['/partnerdashboard', '/partnerdashboard'],
    ['/search?q=%2F%2Fevil.com', '/search?q=%2F%2Fevil.com'], // encoded URL as query data stays data
    ['/therapist/asha-rao', '/therapist/asha-rao'],
    ['/a/../b', '/b'],
    ['/%E0%A4%85', '/%E0%A4%85'],
  ])('legit %j → %j', (raw, expected) => {
    expect(safeRedirectPath(raw, FALLBACK)).toBe(expected);
  });

  it.each([
    'https://evil.com',
    'http://evil.com/t-p',
    'HTTPS://evil.com',
    '//evil.com',
    '//evil.com/t-p',
    '///evil.com',
    '/\\evil.com',
    '\\\\evil.com',
    '\\/evil.com',
    '/\\/evil.com',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '%2F%2Fevil.com',
    '/%2F%2Fevil.com',
    '/%2Fevil.com',
    '%252F%252Fevil.com',
    '/%252F%252Fevil.com',
    '/%25252F%25252Fevil.com',
    '/%5Cevil.com',
    '/%5C%5Cevil.com',
    '%5C%5Cevil.com',
    '/%09/evil.com',
    '/\t/evil.com',
    '/\n/evil.com',
    '/\r/evil.com',
    ' /t-p',
    '  //evil.com',
    '\u0000/evil.com',
    '/\u0000/evil.com',
    '/t-p\u2028',
    '/%E2%80%A8/evil.com',
    'https://haven.care@evil.com',
    '//haven.care@evil.com',
    '/\\haven.care@evil.com',
    '@evil.com',
    'evil.com',
    't-p',
    '/.//evil.com',
    '/%2E/%2Fevil.com',
    '/%',
    '/%E0%A4%A',
    `/${'a'.repeat(3000)}`,
    '',
  ])('hostile %j falls back', (raw) => {
    expect(safeRedirectPath(raw, FALLBACK)).toBe(FALLBACK);
  });

  it.each([[undefined], [null], [42], [['/t-p']], [{}]])('a non-string %j falls back', (raw) => {
    expect(safeRedirectPath(raw, FALLBACK)).toBe(FALLBACK);
  });
});
