import { shouldOfferGoogleOneTap, type GoogleOneTapContext } from './should-offer-google-one-tap';

const visitor: GoogleOneTapContext = { isLoggedIn: false, pathname: '/therapy-psychiatry/', search: '', isTflFlow: false };

describe('shouldOfferGoogleOneTap (product rules, Routes and redirects: "offered only when no user is logged in, the path contains none of auth, booking or two insurance-partner paths, the query disableGoogleOneTapLogin is not \'true\', and it is not a therapy-for-life flow")', () => {
  it.each<[string, Partial<GoogleOneTapContext>, boolean]>([
    ['a visitor on a landing path', {}, true],
    ['a visitor on /', { pathname: '/' }, true],
    ['a visitor on a providers page', { pathname: '/providers' }, true],
    ['a user is logged in', { isLoggedIn: true }, false],
    ['the path contains auth', { pathname: '/auth/log-in/' }, false],
    ['the path contains auth (sign-up)', { pathname: '/auth/sign-up' }, false],
    ['the path contains booking', { pathname: '/booking' }, false],
    ['the path contains booking, deeper', { pathname: '/therapist/asha/booking' }, false],
    ['insurance-partner path: the partner landing', { pathname: '/t-p' }, false],
    ['insurance-partner path: the partner landing, deeper', { pathname: '/t-p/acme' }, false],
    ['insurance-partner path: the partner card dashboard', { pathname: '/partnerdashboard' }, false],
    ["disableGoogleOneTapLogin is 'true'", { search: '?disableGoogleOneTapLogin=true' }, false],
    ["disableGoogleOneTapLogin is 'true', no '?'", { search: 'utm_source=x&disableGoogleOneTapLogin=true' }, false],
    ["disableGoogleOneTapLogin is not 'true'", { search: '?disableGoogleOneTapLogin=false' }, true],
    ["disableGoogleOneTapLogin is 'TRUE' (not 'true')", { search: '?disableGoogleOneTapLogin=TRUE' }, true],
    ['a therapy-for-life flow', { isTflFlow: true }, false],
  ])('%s -> %s', (_case, overrides, expected) => {
    expect(shouldOfferGoogleOneTap({ ...visitor, ...overrides })).toBe(expected);
  });
});
