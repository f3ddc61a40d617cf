import { isProviderLikeUser } from './provider-like-user';

describe('isProviderLikeUser (product rules, Users and roles: "a user type other than patient and is verified")', () => {
  it.each<[string, string | null | undefined, boolean | null | undefined, boolean]>([
    ['a verified patient', 'patient', true, false],
    ['an unverified patient', 'patient', false, false],
    ['a verified employee', 'employee', true, true],
    ['a verified corporate-partner employee', 'cf_employee', true, true],
    ['an unverified employee', 'employee', false, false],
    ['verification unknown', 'employee', null, false],
    ['no user type', undefined, true, false],
    ['an empty user type', '', true, false],
    ["'Patient' is not the patient type (types are exact)", 'Patient', true, true],
  ])('%s', (_label, usertype, is_verified, expected) => {
    expect(isProviderLikeUser({ usertype, is_verified })).toBe(expected);
  });
});
