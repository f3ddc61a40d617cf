import { isClinicianFacingProvider, roleLabels } from './provider-roles';

describe('isClinicianFacingProvider (product rules, Users and roles)', () => {
  it.each([
    [['cf-intake-specialist'], true],
    [['cf-clinician', 'therapist'], true],
    [['therapist'], false],
    [['care-coordinator'], false],
    [[], false],
    [null, false],
  ])('%j -> %s', (roles, flag) => expect(isClinicianFacingProvider(roles)).toBe(flag));
});

describe('roleLabels', () => {
  it.each([
    [
      ['couplestherapist', 'therapist'],
      ['Couples therapist', 'Therapist'],
    ],
    [['childenfirstindia'], ['Children-first care']],
    [['cf-clinician'], ['Clinician']],
    [['unknown-role'], ['unknown-role']],
    [undefined, []],
  ])('%j', (roles, labels) => expect(roleLabels(roles)).toEqual(labels));
});
