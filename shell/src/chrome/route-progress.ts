import { doneRouteProgress, startRouteProgress } from '@haven/shared';

/** The progress bar runs while single-spa loads and mounts the target remote of a route change. */
export function wireRouteProgress(): void {
  window.addEventListener('single-spa:before-routing-event', () => startRouteProgress());
  window.addEventListener('single-spa:routing-event', () => doneRouteProgress());
}
