import type { LifeCycles } from 'single-spa';
import { ErrorScreen, createPageLifecycles } from '@haven/shared';
import type { RemoteKey } from '../routing/route-table';

/** Stand-in lifecycles for a remote that could not be loaded: its routes show the error screen. */
export function errorScreenApp(remote: RemoteKey): LifeCycles {
  return createPageLifecycles(function RemoteUnavailable() {
    return (
      <div data-remote-unavailable={remote}>
        <ErrorScreen />
      </div>
    );
  });
}
