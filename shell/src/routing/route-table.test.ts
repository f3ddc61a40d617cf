import { remoteForPath } from './route-table';
import { isKnownPath } from './route-ownership.mjs';

describe('remoteForPath: route ownership (product rules, Routes and redirects)', () => {
  it.each([
    ['/auth/log-in/', 'mfe-auth'],
    ['/auth/sign-up', 'mfe-auth'],
    ['/set-password', 'mfe-auth'],
    ['/create-password', 'mfe-auth'],
    ['/registration-form', 'mfe-auth'],
    ['/dashboard', 'mfe-dashboard'],
    ['/care-tools/breathing', 'mfe-dashboard'],
    ['/journal', 'mfe-dashboard'],
    ['/account/documents', 'mfe-dashboard'],
    ['/terms-of-use', 'mfe-dashboard'],
    ['/privacy-policy', 'mfe-dashboard'],
    ['/help', 'mfe-dashboard'],
    ['/design', 'mfe-dashboard'],
    ['/treatment-plan', 'mfe-dashboard'],
    ['/', 'mfe-booking'],
    ['/therapy-psychiatry/', 'mfe-booking'],
    ['/booking', 'mfe-booking'],
    ['/providers', 'mfe-booking'],
    ['/for-organisations', 'mfe-booking'],
    ['/get-in-touch/careers', 'mfe-booking'],
    ['/newsletter/confirm', 'mfe-booking'],
    ['/s/ABCD2345', null],
    ['/t-p', 'mfe-partner'],
    ['/partnerdashboard', 'mfe-partner'],
    ['/org/dashboard', 'mfe-partner'],
    ['/session-room/abc/payload/website', 'mfe-session-room'],
    ['/no-such-page', null],
    ['/authority', null],
    ['/t-pizza', null],
    ['/organic', null],
  ])('%s -> %s', (path, owner) => {
    expect(remoteForPath(path)).toBe(owner);
  });
});

describe('isKnownPath: a page an app owns, or a short link the shell answers', () => {
  it.each([
    ['/s/ABCD2345', true],
    ['/s', true],
    ['/dashboard', true],
    ['/so', false],
    ['/no-such-page', false],
  ])('%s -> %s', (path, known) => expect(isKnownPath(path)).toBe(known));
});
