import type { Interruption } from '@haven/shared/dashboard-rules';

// What interrupted the patient in this visit (a page load): module state of the dashboard remote, so it
// outlives the pages of one visit (home, journal, care tools) and ends with the page load.
let taken: Interruption | null = null;

export function interruptionThisVisit(): Interruption | null {
  return taken;
}

/** Records the visit's one interruption (the first one recorded stays). */
export function takeInterruption(interruption: Interruption): void {
  taken ??= interruption;
}

/** A new page load (tests of several visits in one module instance). */
export function startNewVisit(): void {
  taken = null;
}
