import { bookWithPackageHref, sessionsLeftLabel } from './package-labels';
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
  statement: '6 sponsored sessions of therapy',
};
const kabir = { uuid: 'p-1', firstname: 'Kabir', lastname: 'Singh' };
const arjun = { uuid: 'p-2', firstname: 'Arjun', lastname: 'Nair' };

describe('package labels', () => {
  it.each([
    [4, 6, '4 of 6 sponsored sessions left'],
    [0, 1, '0 of 1 sponsored session left'],
  ])('sessionsLeftLabel(%i of %i)', (left, total, label) =>
    expect(sessionsLeftLabel({ sessions_left: left, sessions_total: total })).toBe(label),
  );
});

describe('bookWithPackageHref: the provider list of every type the package covers, never one provider', () => {
  it.each<[string, PartnerPackage, string]>([
    [
      'Acme: therapy, psychiatry, couples therapy and children-first care, even with a therapist of my own',
      { ...base, mytherapist: kabir, covered_roles: ['therapist', 'psychiatrist', 'couplestherapist', 'childenfirstindia'] },
      '/providers?type=therapist,psychiatrist,couplestherapist,childenfirstindia',
    ],
    [
      'Globex: no psychiatry on the plan',
      { ...base, mypsychiatrist: arjun, covered_roles: ['therapist', 'couplestherapist'] },
      '/providers?type=therapist,couplestherapist',
    ],
    [
      'a coach package',
      { ...base, org_package_for: 'package_coach', package_coach: arjun, covered_roles: ['coach'] },
      '/providers?type=coach',
    ],
    ['nothing covered', { ...base, covered_roles: [] }, '/providers'],
  ])('%s', (_name, p, href) => expect(bookWithPackageHref(p)).toBe(href));
});
