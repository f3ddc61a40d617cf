// Spec §9 "Button click throttle 500 ms": one behaviour for every button and every submit, so a double
// tap never sends a form twice (two bookings, two codes). The shared Button applies it.

export const CLICK_THROTTLE_MS = 500;

/** Returns a gate: true for a click it lets through, false for one within `ms` of the last let through. */
export function createClickThrottle(ms: number = CLICK_THROTTLE_MS, now: () => number = Date.now): () => boolean {
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    const t = now();
    if (t - last < ms) return false;
    last = t;
    return true;
  };
}
