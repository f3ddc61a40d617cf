import { DASHBOARD_MODAL_ORDER, nextDashboardModal, type DashboardModalState } from './dashboard-modal-order';

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
    ['cleared earlier modals let the next through', { legalConsent: false, firstStep: false, aiConsent: false, newProfile: true }, 'newProfile'],
  ] as const)('%s', (_case, due, expected) => {
    expect(nextDashboardModal({ ...none, ...due })).toBe(expected);
  });
});
