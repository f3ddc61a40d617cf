// Product rules, Constants: "Button click throttle 500 ms": one behaviour for every button and every submit, so a double
// tap never sends a form twice (two bookings, two codes). The shared Button applies it.
//
// A click after the person has changed something in the page (typed, chose an option) is a new action,
// not the second half of a double tap: it always goes through. Without that, correcting a field and
// sending again quickly (a fast typist, a password manager, an assistive tool) would be silently lost.

export const CLICK_THROTTLE_MS = 500;

let lastEditAt = Number.NEGATIVE_INFINITY;
let watchingEdits = false;

/** One capture listener per page: every `input` event (typing, selects, checkboxes, radios) is an edit. */
function watchEdits(): void {
  if (watchingEdits || typeof document === 'undefined') return;
  watchingEdits = true;
  document.addEventListener(
    'input',
    () => {
      lastEditAt = Date.now();
    },
    true,
  );
}

/**
 * Returns a gate: true for a click it lets through, false for one within `ms` of the last one let
 * through with no edit in between.
 */
export function createClickThrottle(
  ms: number = CLICK_THROTTLE_MS,
  now: () => number = Date.now,
  lastEdit: () => number = () => lastEditAt,
): () => boolean {
  watchEdits();
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    const t = now();
    if (t - last < ms && lastEdit() <= last) return false;
    last = t;
    return true;
  };
}
