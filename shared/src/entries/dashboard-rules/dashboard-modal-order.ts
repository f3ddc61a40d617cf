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

/** What may interrupt a patient by itself: a dashboard modal, the welcome, or a page's tour starting on its own. */
export type Interruption = DashboardModal | 'welcome' | `tour:${string}`;

export interface InterruptionPlan {
  /** The modal to show now, by itself. */
  modal: DashboardModal | null;
  /** Modals that are due but wait for a later visit: the page offers each in place, opened by the patient's act. */
  offered: DashboardModal[];
}

/**
 * At most one interruption a visit (a page load): the first due modal in the order takes the visit; once
 * it is answered, whatever else is due waits for a later visit and is offered in place meanwhile (a new
 * patient met consent, welcome, AI consent, family profiles and a tour in a row). The legal consents
 * are the exception: care cannot go on without them, so they are asked whenever they are due.
 */
export function interruptionPlan(state: DashboardModalState, takenThisVisit: Interruption | null): InterruptionPlan {
  const next = nextDashboardModal(state);
  if (next === null) return { modal: null, offered: [] };
  if (next === 'legalConsent' || takenThisVisit === null || takenThisVisit === next) return { modal: next, offered: [] };
  return { modal: null, offered: DASHBOARD_MODAL_ORDER.filter((m) => state[m] === true) };
}

/** A page's tour starts by itself only when nothing else has interrupted this visit. */
export function mayInterrupt(candidate: Interruption, takenThisVisit: Interruption | null): boolean {
  return takenThisVisit === null || takenThisVisit === candidate;
}

export interface WelcomePlan {
  /** Open the one welcome now, with these steps in this order (empty: nothing opens by itself). */
  steps: DashboardModal[];
  /** Due prompts that wait, offered in place for the patient to open. */
  offered: DashboardModal[];
}

/**
 * One welcome, then care: every prompt that is due (the legal consents, the first step, the AI consent,
 * the family profiles) is a step of ONE dialog, opened by itself once — until the patient has been welcomed
 * (the first step is passed as soon as the welcome runs), once every condition is known, when nothing else
 * interrupted the visit. The page keeps the steps it opened with until the patient closes it. After that, what is still due is
 * offered in place; only the legal consents open by themselves again (care cannot go on without them),
 * alone. For a child's profile (`child`) only the legal consents are ever due.
 */
export function welcomePlan(
  state: DashboardModalState,
  { welcomed, takenThisVisit, child = false }: { welcomed: boolean; takenThisVisit: Interruption | null; child?: boolean },
): WelcomePlan {
  if (DASHBOARD_MODAL_ORDER.some((m) => state[m] === 'unknown')) return { steps: [], offered: [] };
  // A child's profile is not welcomed as an adult: no adult first step, no AI consent (an adult's choice
  // about their own data), no invitation to add family profiles. Only the consents the parent gives for them.
  const due = DASHBOARD_MODAL_ORDER.filter((m) => state[m] === true && (!child || m === 'legalConsent'));
  if (due.length === 0) return { steps: [], offered: [] };
  if (!welcomed && takenThisVisit === null) return { steps: due, offered: [] };
  const rest = due.filter((m) => m !== 'legalConsent');
  // The welcome of this visit holds its own steps while it is open: nothing else opens beside it.
  return { steps: state.legalConsent === true && takenThisVisit !== 'welcome' ? ['legalConsent'] : [], offered: rest };
}
