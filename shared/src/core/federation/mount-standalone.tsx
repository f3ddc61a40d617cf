import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { loadRuntimeConfig } from '../config/runtime-config';
import { reportError } from '../reporting/report-error';
import { CrisisBar } from '../ui/CrisisHelp/CrisisBar';
import { ErrorScreen } from '../ui/ErrorScreen/ErrorScreen';
import { OfflineBanner } from '../ui/OfflineBanner/OfflineBanner';
import { ToastHost } from '../ui/ToastHost/ToastHost';

/**
 * Mounts a remote without the shell: for development, and for the session room that app webviews load
 * directly. It brings the chrome a page needs on its own (toasts, offline banner, crisis help).
 */
export async function mountStandalone(name: string, Root: ComponentType): Promise<void> {
  const host = document.getElementById('hv-app') ?? document.body;
  const root = createRoot(host);
  try {
    await loadRuntimeConfig('/config.json');
  } catch (error) {
    reportError(error, { area: 'runtime-config', remote: name });
    root.render(<ErrorScreen />);
    return;
  }
  root.render(
    <>
      <OfflineBanner probeUrl="/config.json" />
      <CrisisBar />
      <ToastHost />
      <Root />
    </>,
  );
}
