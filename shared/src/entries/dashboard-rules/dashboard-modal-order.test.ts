import {
  DASHBOARD_MODAL_ORDER,
  interruptionPlan,
  mayInterrupt,
  welcomePlan,
  nextDashboardModal,
  type DashboardModalState,
  type WelcomePlan,
} from './dashboard-modal-order';

const none: DashboardModalState = { legalConsent: false, firstStep: false, aiConsent: false, newProfile: false };

describe('nextDashboardModal (one modal at a time, fixed order)', () => {
  it('the order is legal consent, first step, AI consent, new profile', () => {
    expect(DASHBOARD_MODAL_ORDER).toEqual(['legalConsent', 'firstStep', 'aiConsent', 'newProfile']);
  });

  it.each([
    ['nothing due', {}, null],
    ['everything due: legal consent first', { legalConsent: true, firstStep: true, aiConsent: true, newProfile: true }, 'legalConsent'],
    ['first step before AI consent', { firstStep: true, aiConsent: true }, 'firstStep'],
    ['AI consent before new profile', { aiConsent: true, newProfile: true }, 'aiConsent'],
    ['only new profile', { newProfile: true }, 'newProfile'],
    ['an earlier modal still loading holds back later ones', { legalConsent: 'unknown', aiConsent: true }, null],
    ['a later modal still loading does not hold back an earlier due one', { firstStep: true, newProfile: 'unknown' }, 'firstStep'],
    [
      'cleared earlier modals let the next through',
      { legalConsent: false, firstStep: false, aiConsent: false, newProfile: true },
      'newProfile',
    ],
  ] as const)('%s', (_case, due, expected) => {
    expect(nextDashboardModal({ ...none, ...due })).toBe(expected);
  });
});

describe('interruptionPlan (at most one interruption a visit; the rest offered in place)', () => {
  const all: DashboardModalState = { legalConsent: true, firstStep: true, aiConsent: true, newProfile: true };
  it.each([
    ['a new patient: legal consent takes the visit', all, null, { modal: 'legalConsent', offered: [] }],
    [
      'consent answered: the rest wait, offered in place',
      { ...all, legalConsent: false },
      'legalConsent',
      { modal: null, offered: ['firstStep', 'aiConsent', 'newProfile'] },
    ],
    ['the next visit: the welcome alone', { ...all, legalConsent: false }, null, { modal: 'firstStep', offered: [] }],
    ['the modal of this visit stays while it is open', { ...all, legalConsent: false }, 'firstStep', { modal: 'firstStep', offered: [] }],
    [
      'welcome answered: AI consent and profiles wait',
      { ...all, legalConsent: false, firstStep: false },
      'firstStep',
      { modal: null, offered: ['aiConsent', 'newProfile'] },
    ],
    ['a tour took the visit: the modal waits', { ...none, aiConsent: true }, 'tour:journal', { modal: null, offered: ['aiConsent'] }],
    ['legal consent is asked whenever it is due', { ...all }, 'tour:journal', { modal: 'legalConsent', offered: [] }],
    ['nothing due', none, 'firstStep', { modal: null, offered: [] }],
    [
      'an earlier condition still loading: nothing yet',
      { ...all, legalConsent: 'unknown' },
      'tour:dashboard',
      { modal: null, offered: [] },
    ],
  ] as const)('%s', (_case, state, taken, expected) => {
    expect(interruptionPlan(state, taken)).toEqual(expected);
  });

  it.each([
    ['nothing has interrupted: a tour may start', 'tour:dashboard', null, true],
    ['the same tour again (a re-render)', 'tour:dashboard', 'tour:dashboard', true],
    ['a modal took the visit: no tour', 'tour:dashboard', 'legalConsent', false],
    ["another page's tour took the visit", 'tour:journal', 'tour:dashboard', false],
  ] as const)('mayInterrupt: %s', (_case, candidate, taken, expected) => {
    expect(mayInterrupt(candidate, taken)).toBe(expected);
  });
});

describe('welcomePlan (one welcome with every due prompt as a step, once; then offered in place)', () => {
  const all: DashboardModalState = { legalConsent: true, firstStep: true, aiConsent: true, newProfile: true };
  it.each<[string, DashboardModalState, boolean, Parameters<typeof welcomePlan>[1]['takenThisVisit'], ReturnType<typeof welcomePlan>]>([
    [
      'a new patient: every due prompt is a step of one welcome',
      all,
      false,
      null,
      { steps: ['legalConsent', 'firstStep', 'aiConsent', 'newProfile'], offered: [] },
    ],
    [
      'consents given at sign-up: the welcome has the rest',
      { ...all, legalConsent: false },
      false,
      null,
      { steps: ['firstStep', 'aiConsent', 'newProfile'], offered: [] },
    ],
    [
      'while the welcome of this visit is open nothing else opens',
      { ...all, firstStep: false },
      true,
      'welcome',
      { steps: [], offered: ['aiConsent', 'newProfile'] },
    ],
    [
      'welcomed before: what is left is offered in place',
      { ...none, aiConsent: true, newProfile: true },
      true,
      null,
      { steps: [], offered: ['aiConsent', 'newProfile'] },
    ],
    [
      'welcomed before: the legal consents open again, alone',
      { ...none, legalConsent: true, aiConsent: true },
      true,
      null,
      { steps: ['legalConsent'], offered: ['aiConsent'] },
    ],
    [
      'a tour took this visit: the welcome waits for the next',
      { ...none, firstStep: true },
      false,
      'tour:journal',
      { steps: [], offered: ['firstStep'] },
    ],
    ['a condition still loading: nothing yet', { ...all, newProfile: 'unknown' }, false, null, { steps: [], offered: [] }],
    ['nothing due', none, false, null, { steps: [], offered: [] }],
  ])('%s', (_case, state, welcomed, takenThisVisit, expected) => {
    expect(welcomePlan(state, { welcomed, takenThisVisit })).toEqual(expected);
  });

  it.each<[string, DashboardModalState, boolean, WelcomePlan]>([
    [
      'a new child: only the consents the parent gives, no adult welcome, AI consent or family profiles',
      all,
      false,
      { steps: ['legalConsent'], offered: [] },
    ],
    [
      'a child with consents given: nothing opens and nothing is offered',
      { ...all, legalConsent: false },
      false,
      { steps: [], offered: [] },
    ],
    ['a child welcomed before: the consents alone again', all, true, { steps: ['legalConsent'], offered: [] }],
  ])('child profile: %s', (_case, state, welcomed, expected) => {
    expect(welcomePlan(state, { welcomed, takenThisVisit: null, child: true })).toEqual(expected);
  });
});
