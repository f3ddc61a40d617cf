import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import '../tokens.css';
import './RouteProgress.css';

// Spec §2 "A progress bar shows during route changes". The bar only: no spinner in the corner. Our own
// template: nprogress's gives the bar role="bar", which is no ARIA role (axe: aria-roles). The bar is
// decoration (the new page's heading tells where you are), so assistive technology skips it.
NProgress.configure({
  showSpinner: false,
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
  barSelector: '.bar',
});

/** Starts the bar (a route change began: the target remote loads and mounts). */
export function startRouteProgress(): void {
  NProgress.start();
}

/** Completes and hides the bar. Safe to call when it is not running. */
export function doneRouteProgress(): void {
  NProgress.done();
}
