// The growth code's one eager piece (a few lines in the core): remember how the page was entered, then
// load and start attribution, analytics, location refresh, remote flags and error reporting in the first
// idle period after the page has painted: a fixed point in the page's life, after its heading,
// so growth's chunks (its runtime and the GrowthBook SDK) are never part of a route's first paint.
import { storageGet, storageSet } from '../platform/storage-keys';
import { afterPagePainted } from '../platform/page-painted';
import { reportError } from '../reporting/report-error';
import { INITIAL_REFERRER_KEY } from './growth-storage';
import { DIRECT } from './analytics/analytics-rules';

/**
 * Call once, early in the shell's start (it reads the landing address before any flow rewrites it).
 * `whenReady` resolves when growth may start: by default, the first idle period after a PageFrame has
 * committed (or after page-painted's time limit, for a page that never shows one).
 */
export function startGrowth(whenReady: () => Promise<void> = afterPagePainted): Promise<void> {
  const landing = { search: window.location.search };
  // Product rules, Attribution and analytics: initial_referrer: the referrer of the very first visit, kept.
  if (storageGet(INITIAL_REFERRER_KEY) === null) storageSet(INITIAL_REFERRER_KEY, document.referrer || DIRECT);
  return whenReady()
    .then(() => import('./growth-runtime'))
    .then(({ runGrowth }) => {
      runGrowth(landing);
    })
    .catch((error: unknown) => reportError(error, { area: 'growth start' }));
}
