// When "book your next session" may offer times: never before a first session with that provider has
// happened (the person has not met them yet: another booking is not the next step), and never in the
// hours right after a session (a next session is days later, not the same evening).

/** A next session starts at least this long after the session it follows ends. */
export const NEXT_SESSION_MIN_GAP_MS = 2 * 24 * 3600_000;

export interface NextSessionFacts {
  /** The session the offer follows: its end, and whether it has been held (completed). */
  sessionEndMs: number;
  sessionHeld: boolean;
  /** Sessions this person has held with this provider (the followed one included when held). */
  heldWithProvider: number;
  nowMs: number;
  /** The booking lead time (the soonest bookable start from now). */
  leadMs: number;
}

/** The earliest start the offer may show, or null when there is nothing to offer yet. */
export function nextSessionEarliestStart({ sessionEndMs, sessionHeld, heldWithProvider, nowMs, leadMs }: NextSessionFacts): number | null {
  if (!sessionHeld && heldWithProvider === 0) return null;
  return Math.max(nowMs + leadMs, sessionEndMs + NEXT_SESSION_MIN_GAP_MS);
}
