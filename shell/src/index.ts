// Async boundary: Module Federation negotiates the shared singletons before any app code runs.
//
// The boot runs in four tasks instead of one (issue 7, total blocking time): the federation runtime's
// start (this file's evaluation), react-dom's evaluation, the core's, then the shell's own code. On a
// cheap phone each of these is a long task, and one task of all four keeps a tap waiting for their sum.
// Their chunks are preloaded by the page (tooling/boot-preload-plugin.js), so a stage finds its files
// there. The core's yieldToMain cannot be imported here (nothing shared loads before this boundary).
type SchedulerGlobal = { scheduler?: { yield?: () => Promise<void> } };

function nextTask(): Promise<void> {
  const scheduler = (globalThis as SchedulerGlobal).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * ICU's date data, loaded on a worker's thread while the page boots (tooling/public/warm-intl.js): the
 * page's first formatter then costs under 1 ms instead of a long task. Only a head start: without
 * workers, or if the file fails, the first formatter loads the data itself, as before.
 */
function warmIntlOffMainThread(): void {
  if (typeof Worker !== 'function') return;
  try {
    new Worker('/warm-intl.js');
  } catch (error) {
    console.warn('[boot] ICU warm-up worker not started', error);
  }
}

async function boot(): Promise<void> {
  await nextTask();
  await import('react-dom/client');
  await nextTask();
  await import('@haven/shared');
  await nextTask();
  await import('./bootstrap');
}

warmIntlOffMainThread();
void boot();
