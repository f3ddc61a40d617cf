// The growth code's one eager piece (a few lines in the core): remember how the page was entered, then
// load and start attribution, analytics, location refresh, remote flags and error reporting when the
// browser is idle after the first remote has painted.
import { storageGet, storageSet } from '../auth/storage-keys';
import { reportError } from '../reporting/report-error';
import { INITIAL_REFERRER_KEY } from './growth-storage';
import { DIRECT } from './analytics/analytics-rules';

/** Longest wait for an idle moment before starting anyway. */
const IDLE_TIMEOUT_MS = 3_000;

function whenIdle(run: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(run, 1);
}

/**
 * Call once, early in the shell's start (it reads the landing address before any flow rewrites it).
 * `afterEvent` is the window event after which to start (the shell passes single-spa's first mount).
 */
export function startGrowth(afterEvent = 'single-spa:first-mount'): void {
  const landing = { search: window.location.search };
  // Spec §3 initial_referrer: the referrer of the very first visit, kept.
  if (storageGet(INITIAL_REFERRER_KEY) === null) storageSet(INITIAL_REFERRER_KEY, document.referrer || DIRECT);
  const run = () =>
    whenIdle(() => {
      import('./growth-runtime')
        .then(({ runGrowth }) => runGrowth(landing))
        .catch((error: unknown) => reportError(error, { area: 'growth start' }));
    });
  window.addEventListener(afterEvent, run, { once: true });
}
