import { doneRouteProgress, startRouteProgress } from '@haven/shared';

/**
 * The progress bar runs while single-spa loads and mounts the target remote of a route change. The first
 * load has the boot frame instead, so the bar (and nprogress, a lazy chunk) waits for the first mount.
 */
export function wireRouteProgress(): void {
  window.addEventListener(
    'single-spa:first-mount',
    () => {
      window.addEventListener('single-spa:before-routing-event', () => void startRouteProgress());
      window.addEventListener('single-spa:routing-event', () => void doneRouteProgress());
    },
    { once: true },
  );
}
