import {
  ALL_BOOKING_OPTIONS,
  bookingOptions,
  cityCode,
  cityOffered,
  CITY_CODES,
  isPlanCode,
  notOfferedMessage,
  offeredRoles,
  parseCityCode,
  PLANS,
  providerOffered,
  roleOffered,
  type PlanFacts,
} from './plan-visibility';

/** The default flags (therapy, psychiatry and couples therapy offered; offline modes off), on no plan. */
const SELF_PAYING: PlanFacts = {
  isOrgPlan: false,
  planCode: null,
  isTherapyOffered: true,
  isPsychiatryOffered: true,
  isCoupleTherapyOffered: true,
  isTherapyOfferedOffline: false,
  isPsychiatryOfferedOffline: false,
  isCoupleTherapyOfferedOffline: false,
};
const plan = (f: Partial<PlanFacts>) => bookingOptions({ ...SELF_PAYING, isOrgPlan: true, ...f });

describe('city codes and plans (product rules, Plan visibility)', () => {
  it('knows exactly the six city codes and three plans', () => {
    expect(CITY_CODES).toEqual(['blr_on', 'mum_on', 'del_on', 'blr_off', 'mum_off', 'del_off']);
    expect(Object.keys(PLANS)).toEqual(['2a', '2b2', '2b3']);
    expect(['2a', '2b2', '2b3', '2b', '3', null].map(isPlanCode)).toEqual([true, true, true, false, false, false]);
  });

  it.each([
    ['blr_on', { city: 'blr', mode: 'online' }],
    ['mum_off', { city: 'mum', mode: 'offline' }],
    ['DEL_OFF', { city: 'del', mode: 'offline' }],
    ['del', null],
    ['blr_of', null],
    ['pune_off', null],
    ['', null],
    [null, null],
  ])('parseCityCode(%p)', (code, expected) => {
    expect(parseCityCode(code)).toEqual(expected);
  });

  it('cityCode is the inverse of parseCityCode', () => {
    for (const code of CITY_CODES) {
      const p = parseCityCode(code)!;
      expect(cityCode(p.city, p.mode)).toBe(code);
    }
  });
});

describe('bookingOptions (product rules, Plan visibility: appVisibility in booking)', () => {
  it('a self-paying patient (no organisation) may book everything, in every city, even with the default offline flags off', () => {
    expect(bookingOptions(SELF_PAYING)).toEqual(ALL_BOOKING_OPTIONS);
  });

  it.each<[string, Partial<PlanFacts>, Partial<ReturnType<typeof bookingOptions>>]>([
    [
      'a plan with the default flags: online only',
      {},
      {
        online: { therapy: true, psychiatry: true, couples: true },
        offline: { therapy: false, psychiatry: false, couples: false },
        offlineCities: ['blr', 'mum', 'del'],
      },
    ],
    [
      'a plan without psychiatry offers it in no mode',
      { isPsychiatryOffered: false, isPsychiatryOfferedOffline: true, isTherapyOfferedOffline: true },
      {
        online: { therapy: true, psychiatry: false, couples: true },
        offline: { therapy: true, psychiatry: false, couples: false },
      },
    ],
    [
      'plan 2a: online only, whatever the offline flags',
      { planCode: '2a', isTherapyOfferedOffline: true, isPsychiatryOfferedOffline: true, isCoupleTherapyOfferedOffline: true },
      {
        offline: { therapy: false, psychiatry: false, couples: false },
        offlineCities: [],
      },
    ],
    [
      'plan 2b2: in clinic in Bengaluru and Mumbai',
      { planCode: '2b2', isTherapyOfferedOffline: true },
      {
        offline: { therapy: true, psychiatry: false, couples: false },
        offlineCities: ['blr', 'mum'],
      },
    ],
    [
      'plan 2b3: in clinic in all three cities',
      { planCode: '2b3', isCoupleTherapyOfferedOffline: true },
      {
        offline: { therapy: false, psychiatry: false, couples: true },
        offlineCities: ['blr', 'mum', 'del'],
      },
    ],
    [
      'an unknown plan code is limited by the flags only',
      { planCode: '9z', isTherapyOfferedOffline: true },
      { offlineCities: ['blr', 'mum', 'del'] },
    ],
  ])('%s', (_case, facts, expected) => {
    expect(plan(facts)).toMatchObject(expected);
  });
});

describe('roleOffered, providerOffered, cityOffered, offeredRoles', () => {
  const noPsychiatry = plan({ isPsychiatryOffered: false, isTherapyOfferedOffline: true, planCode: '2b2' });

  it.each<[string, string, 'online' | 'offline' | undefined, boolean]>([
    ['psychiatrist, any mode', 'psychiatrist', undefined, false],
    ['psychiatrist online', 'psychiatrist', 'online', false],
    ['therapist online', 'therapist', 'online', true],
    ['therapist in clinic', 'therapist', 'offline', true],
    ['couples therapist in clinic (its offline flag is off)', 'couplestherapist', 'offline', false],
    ['couples therapist online', 'couplestherapist', 'online', true],
    ['coach (not governed)', 'coach', 'offline', true],
    ['children-first (not governed)', 'childenfirstindia', undefined, true],
  ])('%s', (_case, role, mode, expected) => {
    expect(roleOffered(noPsychiatry, role, mode)).toBe(expected);
  });

  it.each<[string, string[], 'online' | 'offline' | undefined, 'individual' | 'couple' | undefined, boolean]>([
    ['a psychiatrist', ['psychiatrist'], undefined, undefined, false],
    ['a psychiatrist who is also a therapist', ['psychiatrist', 'therapist'], 'online', undefined, true],
    ['a couples therapist, couple session in clinic', ['couplestherapist', 'therapist'], 'offline', 'couple', false],
    ['a couples therapist, couple session online', ['couplestherapist', 'therapist'], 'online', 'couple', true],
    [
      'a couples therapist, individual session in clinic (as a therapist)',
      ['couplestherapist', 'therapist'],
      'offline',
      'individual',
      true,
    ],
    ['a couple session with a therapist who is not a couples therapist', ['therapist'], 'online', 'couple', false],
    ['a coach', ['coach'], 'offline', undefined, true],
  ])('%s', (_case, roles, mode, type, expected) => {
    expect(providerOffered(noPsychiatry, roles, mode, type)).toBe(expected);
  });

  it('cities and role lists', () => {
    expect(['blr', 'mum', 'del', 'pune'].map((c) => cityOffered(noPsychiatry, c))).toEqual([true, true, false, false]);
    expect(offeredRoles(noPsychiatry, ['therapist', 'psychiatrist', 'couplestherapist', 'coach'])).toEqual([
      'therapist',
      'couplestherapist',
      'coach',
    ]);
    expect(offeredRoles(ALL_BOOKING_OPTIONS, ['psychiatrist'])).toEqual(['psychiatrist']);
  });

  it('the refusal names the care and the mode', () => {
    expect(notOfferedMessage('psychiatrist')).toBe('Psychiatry is not part of your plan.');
    expect(notOfferedMessage('couplestherapist', 'offline')).toBe('Couples therapy in a clinic is not part of your plan.');
  });
});
