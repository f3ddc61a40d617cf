import '../../../pure/tokens.css';
import './RouteProgress.css';

// Product rules, Routes and redirects: "A progress bar shows during route changes". The bar only: no spinner in the corner. Our own
// template: nprogress's gives the bar role="bar", which is no ARIA role (axe: aria-roles). The bar is
// decoration (the new page's heading tells where you are), so assistive technology skips it.
// nprogress and its stylesheet load with the first route change, not with the page.
type NProgressApi = typeof import('nprogress');

let library: Promise<NProgressApi> | null = null;
let running = false;

function load(): Promise<NProgressApi> {
  library ??= import(/* webpackChunkName: "route-progress" */ './nprogress-library').then(({ NProgress }) => {
    NProgress.configure({
      showSpinner: false,
      template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
      barSelector: '.bar',
    });
    return NProgress;
  });
  return library;
}

/** Starts the bar (a route change began: the target remote loads and mounts). */
export function startRouteProgress(): Promise<void> {
  running = true;
  return load()
    .then((bar) => {
      if (running) bar.start(); // the route change may already be over
    })
    .catch((error: unknown) => {
      library = null;
      // Decoration only: the route change itself goes on.
      console.warn('route progress bar unavailable', error);
    });
}

/** Completes and hides the bar. Safe to call when it is not running. */
export function doneRouteProgress(): Promise<void> {
  running = false;
  // Without the library nothing was ever shown; a failed load was already reported by start.
  return library ? library.then((bar) => void bar.done()).catch(() => undefined) : Promise.resolve();
}
