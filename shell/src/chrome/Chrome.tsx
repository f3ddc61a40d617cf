import { useSyncExternalStore } from 'react';
import { CrisisBar, ErrorBoundary, ErrorScreen, OfflineBanner, ToastHost } from '@haven/shared';
import { getBrokenApps, subscribeBrokenApps } from './broken-apps';
import { remoteForPath } from '../routing/route-table';
import { SignedOutNotice } from './SignedOutNotice';

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

/**
 * What is on every page, whichever remote renders the route (the disclaimer and crisis help among it:
 * one tap away on every route). Session loss (product rules, Session loss) is handled by the
 * shared API client itself, so standalone remotes get it too.
 */
export function Chrome({ probeUrl }: { probeUrl: string }) {
  return (
    <ErrorBoundary>
      <OfflineBanner probeUrl={probeUrl} />
      <SignedOutNotice />
      <CrisisBar />
      <ToastHost />
      <BrokenRouteScreen />
    </ErrorBoundary>
  );
}
