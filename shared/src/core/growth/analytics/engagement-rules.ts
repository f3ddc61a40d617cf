// The engagement tool's selected list, apart from the other analytics rules: those load with the first
// paint (the page context, platform labels), this one only with the tracker, after it.
/**
 * Product rules, Attribution and analytics: "a selected list [of events] to a third-party engagement tool". The
 * spec does not name the list; our reading: the steps of signing in and booking care that the tool's
 * re-engagement messages act on, and nothing that tells a third party more about a person's care than that
 * they are booking it. Left out: page views (the tool counts its own visits), logout, profile and contact
 * changes, the kind of therapy chosen, provider switches, declines and matching feedback, sign-in failures.
 */
export const ENGAGEMENT_EVENTS: readonly string[] = ['login', 'new_profile', 'booking_payment_failed', 'booking_confirmed'];

/** Whether an event is on the engagement tool's selected list (its eligibility is isEngagementEligible). */
export function isEngagementEvent(name: string): boolean {
  return ENGAGEMENT_EVENTS.includes(name);
}
