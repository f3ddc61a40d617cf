import { bookingOptions, providerOffered, type PlanFacts } from './plan-visibility';
import { coversText, packageCoveredRoles, packageStatement, planRoleFilter } from './package-covers';

// The demo companies' plans (api/src/seed): Acme everything, in clinic too; Globex no psychiatry;
// Initech no couples therapy; Lumen Works (plan 2b2) no psychiatry, therapy in clinic; a self-paying patient.
const flags = (f: Partial<PlanFacts>): PlanFacts => ({
  isOrgPlan: true,
  planCode: null,
  isTherapyOffered: true,
  isPsychiatryOffered: true,
  isCoupleTherapyOffered: true,
  isTherapyOfferedOffline: false,
  isPsychiatryOfferedOffline: false,
  isCoupleTherapyOfferedOffline: false,
  ...f,
});
const PLANS_OF = {
  acme: flags({ isTherapyOfferedOffline: true, isPsychiatryOfferedOffline: true, isCoupleTherapyOfferedOffline: true }),
  globex: flags({ isPsychiatryOffered: false }),
  initech: flags({ isCoupleTherapyOffered: false }),
  lumen: flags({ planCode: '2b2', isPsychiatryOffered: false, isTherapyOfferedOffline: true }),
  selfPaying: flags({ isOrgPlan: false }),
};

describe('packageCoveredRoles and coversText: a therapy package covers what the plan offers', () => {
  it.each([
    [
      'acme',
      ['therapist', 'psychiatrist', 'couplestherapist', 'childenfirstindia'],
      "Therapy, psychiatry, couples therapy and children's care",
    ],
    ['globex', ['therapist', 'couplestherapist', 'childenfirstindia'], "Therapy, couples therapy and children's care"],
    ['initech', ['therapist', 'psychiatrist', 'childenfirstindia'], "Therapy, psychiatry and children's care"],
    ['lumen', ['therapist', 'couplestherapist', 'childenfirstindia'], "Therapy, couples therapy and children's care"],
    [
      'selfPaying',
      ['therapist', 'psychiatrist', 'couplestherapist', 'childenfirstindia'],
      "Therapy, psychiatry, couples therapy and children's care",
    ],
  ] as const)('%s', (company, roles, text) => {
    const covered = packageCoveredRoles('therapy', bookingOptions(PLANS_OF[company]));
    expect(covered).toEqual(roles);
    expect(coversText(covered)).toBe(text);
  });

  it('a coach package covers coaching on every plan; an unknown package nothing', () => {
    expect(coversText(packageCoveredRoles('package_coach', bookingOptions(PLANS_OF.globex)))).toBe('Coaching');
    expect(packageCoveredRoles('something_else', bookingOptions(PLANS_OF.acme))).toEqual([]);
    expect(coversText([])).toBe('Nothing your plan offers');
  });
});

describe("packageStatement: the card's one sentence, from the roles the package books", () => {
  it.each([
    ['acme', 6, "6 sponsored sessions of therapy, psychiatry, couples therapy or children's care"],
    ['globex', 4, "4 sponsored sessions of therapy, couples therapy or children's care"],
    ['initech', 1, "1 sponsored session of therapy, psychiatry or children's care"],
  ] as const)('%s, %i sessions', (company, sessions, text) => {
    expect(packageStatement(sessions, packageCoveredRoles('therapy', bookingOptions(PLANS_OF[company])))).toBe(text);
  });

  it('a coach package; a package the plan leaves nothing of', () => {
    expect(packageStatement(3, packageCoveredRoles('package_coach', bookingOptions(PLANS_OF.acme)))).toBe(
      '3 sponsored sessions of coaching',
    );
    expect(packageStatement(2, [])).toBe('2 sponsored sessions, but your plan offers none of the care this package is for');
  });

  it('names every covered role and nothing else', () => {
    for (const company of Object.keys(PLANS_OF) as (keyof typeof PLANS_OF)[]) {
      const roles = packageCoveredRoles('therapy', bookingOptions(PLANS_OF[company]));
      const text = packageStatement(6, roles);
      expect(text.includes('psychiatry')).toBe(roles.includes('psychiatrist'));
      expect(text.includes('couples therapy')).toBe(roles.includes('couplestherapist'));
    }
  });
});

describe('planRoleFilter says what providerOffered says, for every company, mode and role mix', () => {
  const ROLE_SETS = [
    ['therapist'],
    ['psychiatrist'],
    ['couplestherapist'],
    ['coach'],
    ['childenfirstindia'],
    ['psychiatrist', 'therapist'],
    ['couplestherapist', 'therapist'],
    [],
  ];
  it.each(Object.keys(PLANS_OF) as (keyof typeof PLANS_OF)[])('%s', (company) => {
    const o = bookingOptions(PLANS_OF[company]);
    for (const mode of [undefined, 'online', 'offline'] as const) {
      const { governed, offered } = planRoleFilter(o, mode);
      for (const roles of ROLE_SETS) {
        const listed = !roles.some((r) => governed.includes(r)) || roles.some((r) => offered.includes(r));
        expect([company, mode, roles, listed]).toEqual([company, mode, roles, providerOffered(o, roles, mode)]);
      }
    }
  });
});
