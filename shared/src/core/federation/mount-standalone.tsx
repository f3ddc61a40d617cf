import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { loadRuntimeConfig } from '../config/runtime-config';
import { liveElementById, takeLiveOffstage } from '../prerender/offstage';
import { isLiveFirstViewDrawn, takeOverSnapshot } from '../prerender/take-over-snapshot';
import { reportError } from '../reporting/report-error';
import { CrisisBar } from '../ui/CrisisHelp/CrisisBar';
import { ErrorScreen } from '../ui/ErrorScreen/ErrorScreen';
import { OfflineBanner } from '../ui/OfflineBanner/OfflineBanner';
import { ToastHost } from '../ui/ToastHost/ToastHost';

/**
 * Mounts a remote without the shell: for development, and for the session room that app webviews load
 * directly. It brings the chrome a page needs on its own (toasts, offline banner, crisis help). Where the
 * build painted the page as HTML (the session room's first view), the app renders offstage and takes the
 * picture's place the moment it draws its own first view: the same take-over as the shell's pages.
 */
export async function mountStandalone(name: string, Root: ComponentType): Promise<void> {
  const prerendered = takeLiveOffstage();
  const host = liveElementById('hv-app') ?? document.body;
  const root = createRoot(host);
  if (prerendered) takeOverSnapshot(prerendered, { isReady: isLiveFirstViewDrawn });
  const chrome = (
    <>
      <OfflineBanner probeUrl="/config.json" />
      <CrisisBar />
      <ToastHost />
    </>
  );
  try {
    await loadRuntimeConfig('/config.json');
  } catch (error) {
    reportError(error, { area: 'runtime-config', remote: name });
    // Crisis help stays on the page, as in the shell when its config fails.
    root.render(
      <>
        {chrome}
        <ErrorScreen />
      </>,
    );
    return;
  }
  root.render(
    <>
      {chrome}
      <Root />
    </>,
  );
}
