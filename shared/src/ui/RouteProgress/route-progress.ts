import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import '../tokens.css';
import './RouteProgress.css';

// Spec §2 "A progress bar shows during route changes". The bar only: no spinner in the corner.
NProgress.configure({ showSpinner: false });

/** Starts the bar (a route change began: the target remote loads and mounts). */
export function startRouteProgress(): void {
  NProgress.start();
}

/** Completes and hides the bar. Safe to call when it is not running. */
export function doneRouteProgress(): void {
  NProgress.done();
}
