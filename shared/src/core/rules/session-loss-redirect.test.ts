import { isSessionLossRedirectExempt, sessionLossRedirect } from './session-loss-redirect';

describe('sessionLossRedirect (product rules, Session loss: "On session loss the page goes to /therapy-psychiatry/ when the current path is / or contains therapy-psychiatry or t-p; otherwise to /")', () => {
  it.each([
    ['the path is /', '/', '/therapy-psychiatry/'],
    ['contains therapy-psychiatry', '/therapy-psychiatry/', '/therapy-psychiatry/'],
    ['contains therapy-psychiatry, deeper', '/therapy-psychiatry/anxiety', '/therapy-psychiatry/'],
    ['contains t-p (partner landing)', '/t-p', '/therapy-psychiatry/'],
    ['contains t-p, deeper', '/t-p/acme', '/therapy-psychiatry/'],
    ['contains t-p anywhere (spec: "contains")', '/set-password', '/therapy-psychiatry/'],
    ['otherwise: dashboard', '/dashboard', '/'],
    ['otherwise: partner card dashboard', '/partnerdashboard', '/'],
    ['otherwise: /org/dashboard', '/org/dashboard', '/'],
    ['otherwise: a provider page', '/therapist/asha-rao', '/'],
  ])('%s: %s -> %s', (_rule, pathname, expected) => {
    expect(sessionLossRedirect(pathname)).toBe(expected);
  });
});

describe('isSessionLossRedirectExempt (product rules, Routes and redirects: no forced redirect from /auth/sign-up, /booking, /set-password; product rules, Session loss: nor from log-in)', () => {
  it.each([
    ['/auth/sign-up', true],
    ['/auth/sign-up/', true],
    ['/booking', true],
    ['/booking/', true],
    ['/booking/confirm', true],
    ['/set-password', true],
    ['/set-password/', true],
    ['/auth/log-in', true],
    ['/auth/log-in/', true],
    ['/', false],
    ['/t-p', false],
    ['/therapy-psychiatry/', false],
    ['/dashboard', false],
    ['/bookings', false],
    ['/auth/log-in-help', false],
    ['/org/dashboard', false],
  ])('%s -> %s', (pathname, expected) => {
    expect(isSessionLossRedirectExempt(pathname)).toBe(expected);
  });
});
