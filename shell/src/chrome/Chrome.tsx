import { useEffect, useSyncExternalStore } from 'react';
import {
  ErrorBoundary,
  ErrorScreen,
  OfflineBanner,
  ToastHost,
  eventBus,
  isSessionLossRedirectExempt,
  sessionLossRedirect,
} from '@haven/shared';
import { getBrokenApps, subscribeBrokenApps } from './broken-apps';
import { remoteForPath } from '../routing/route-table';

function useCurrentPath(): string {
  return useSyncExternalStore(
    (onChange) => {
      window.addEventListener('single-spa:routing-event', onChange);
      window.addEventListener('popstate', onChange);
      return () => {
        window.removeEventListener('single-spa:routing-event', onChange);
        window.removeEventListener('popstate', onChange);
      };
    },
    () => window.location.pathname,
  );
}

/** Error screen for a route whose remote crashed in a lifecycle (mount/unmount threw). */
function BrokenRouteScreen() {
  const pathname = useCurrentPath();
  const brokenApps = useSyncExternalStore(subscribeBrokenApps, getBrokenApps);
  const owner = remoteForPath(pathname);
  if (!owner || !brokenApps.has(owner)) return null;
  return <ErrorScreen />;
}

/** Session loss (spec §2): go to the landing that fits the current page, except from the exempt pages. */
function SessionLossRedirect() {
  useEffect(
    () =>
      eventBus.on('session:lost', () => {
        const { pathname } = window.location;
        if (isSessionLossRedirectExempt(pathname)) return;
        window.location.assign(sessionLossRedirect(pathname));
      }),
    [],
  );
  return null;
}

/** What is on every page, whichever remote renders the route. */
export function Chrome({ probeUrl }: { probeUrl: string }) {
  return (
    <ErrorBoundary>
      <OfflineBanner probeUrl={probeUrl} />
      <ToastHost />
      <SessionLossRedirect />
      <BrokenRouteScreen />
    </ErrorBoundary>
  );
}
