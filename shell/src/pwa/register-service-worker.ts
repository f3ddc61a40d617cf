// The installable web app's service worker (docs/pwa.md): registered after the first page
// has painted, in an idle moment, so it never competes with the first paint for bytes or CPU.
import { afterPagePainted, reportError } from '@haven/shared';

export const SERVICE_WORKER_URL = '/sw.js';

type WorkerNavigator = { serviceWorker?: Pick<ServiceWorkerContainer, 'register'> };

export async function registerServiceWorker(
  nav: WorkerNavigator = navigator,
  waitForPaint: () => Promise<void> = afterPagePainted,
): Promise<void> {
  if (!nav.serviceWorker) return; // old browsers, insecure origins: the app works without it
  await waitForPaint();
  try {
    await nav.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  } catch (error) {
    reportError(error, { area: 'service-worker' });
  }
}
