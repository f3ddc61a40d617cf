// Product rules, Dashboard: "Dashboard modals", privacy policy, AI consent, new-profile modal: one modal at a time,
// in a fixed order. The legal consents come first (nothing else should ask for attention before them),
// then the welcome (first step), then the AI consent, then the new-profile announcement.

export const DASHBOARD_MODAL_ORDER = ['legalConsent', 'firstStep', 'aiConsent', 'newProfile'] as const;
export type DashboardModal = (typeof DASHBOARD_MODAL_ORDER)[number];

/** Which modals are due (true) — unknown (still loading) counts as not due yet, but blocks later ones. */
export type DashboardModalState = Record<DashboardModal, boolean | 'unknown'>;

/**
 * The modal to show now: the first one in the order that is due. A modal whose condition is still
 * loading holds back every modal after it, so a later one never flashes before an earlier one.
 */
export function nextDashboardModal(state: DashboardModalState): DashboardModal | null {
  for (const modal of DASHBOARD_MODAL_ORDER) {
    const due = state[modal];
    if (due === 'unknown') return null;
    if (due) return modal;
  }
  return null;
}
