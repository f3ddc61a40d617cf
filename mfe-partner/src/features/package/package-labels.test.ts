import { bookWithPackageHref, packageName, readableCode, sessionsLeftLabel } from './package-labels';
import type { PartnerPackage } from './api/package-calls';

const base: PartnerPackage = {
  is_package_client: true,
  org_package_for: 'therapy',
  package: null,
  sessions_total: 6,
  sessions_left: 4,
  mytherapist: null,
  mypsychiatrist: null,
  package_coach_id: null,
  package_coach: null,
  covered_roles: ['therapist'],
  covers_text: 'Therapy',
};
const kabir = { uuid: 'p-1', firstname: 'Kabir', lastname: 'Singh' };
const arjun = { uuid: 'p-2', firstname: 'Arjun', lastname: 'Nair' };

describe('package labels', () => {
  it.each([
    ['therapy_6', 'Therapy 6'],
    ['b2b', 'B2B'],
    ['package-coach', 'Package coach'],
    [undefined, ''],
  ])('readableCode(%s)', (code, label) => expect(readableCode(code)).toBe(label));

  it.each([
    ['therapy_6', '6 therapy sessions'],
    ['coaching-1', '1 coaching session'],
    ['couple_therapy_4', '4 couple therapy sessions'],
    ['unlimited', 'Unlimited'],
    [undefined, ''],
  ])('packageName(%s): what a person reads, not the code', (code, name) => expect(packageName(code)).toBe(name));

  it.each([
    [4, 6, '4 of 6 sponsored sessions left'],
    [0, 1, '0 of 1 sponsored session left'],
  ])('sessionsLeftLabel(%i of %i)', (left, total, label) =>
    expect(sessionsLeftLabel({ sessions_left: left, sessions_total: total })).toBe(label),
  );
});

describe('bookWithPackageHref', () => {
  it.each<[string, PartnerPackage, string | null, string]>([
    ['therapy with my therapist', { ...base, mytherapist: kabir }, null, '/booking?provider=p-1&step=1'],
    ['therapy, psychiatrist only', { ...base, mypsychiatrist: arjun }, 'acme', '/booking?provider=p-2&step=1&company=acme'],
    [
      'coach package with its coach',
      { ...base, org_package_for: 'package_coach', package_coach: arjun, mytherapist: kabir },
      null,
      '/booking?provider=p-2&step=1',
    ],
    ['therapy without a provider', base, null, '/providers?type=therapist'],
    ['coach package without a coach', { ...base, org_package_for: 'package_coach' }, null, '/providers?type=coach'],
  ])('%s', (_name, p, company, href) => expect(bookWithPackageHref(p, company)).toBe(href));
});
