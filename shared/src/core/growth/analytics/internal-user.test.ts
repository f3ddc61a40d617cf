import { isInternalUser } from './internal-user';
import { CLINICIAN_USERTYPES, isClinicianUser } from '../../auth/clinician';

describe('isInternalUser (product rules, Attribution and analytics: internal company domains have analytics blocked)', () => {
  it.each([
    ['asha@haven.care', true],
    ['Asha@HAVEN.CARE', true],
    ['ops@eng.haven.care', true],
    ['asha@notthehaven.care', false],
    ['asha@haven.care.evil.com', false],
    ['asha@gmail.com', false],
    ['haven.care', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('%j → %s', (email, internal) => {
    expect(isInternalUser(email)).toBe(internal);
  });
});

describe('isClinicianUser (product rules, Sign-in and identity: two clinician types are barred from web login)', () => {
  it('knows exactly two clinician types', () => {
    expect(CLINICIAN_USERTYPES).toHaveLength(2);
  });
  it.each([
    ['clinician', true],
    ['cf_clinician', true],
    ['patient', false],
    ['employee', false],
    ['', false],
  ])('%s → %s', (usertype, refused) => {
    expect(isClinicianUser({ usertype })).toBe(refused);
  });
});
