// `@haven/shared/boot`: what an app's entry runs before its async boundary. Unlike the core's
// other entries it is not a Module Federation share: nothing shared can load before the boundary, so
// each app's `main.js` bundles this file (a few hundred bytes), and the core's own yieldToMain stays
// apart from it (importing it here would put a second copy of that file on every page).

type SchedulerGlobal = { scheduler?: { yield?: () => Promise<void> } };

/** Ends the current task: `scheduler.yield` where the browser has it, else a new task. */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as SchedulerGlobal).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Evaluates a boot's parts a task each, in order: on a cheap phone the federation runtime's start,
 * react-dom, the core and the app's own code are each a long task, and one task of all of them keeps a
 * tap waiting for their sum. The page preloads their chunks (tooling/boot-preload-plugin.js), so a
 * stage finds its files there. A stage that fails rejects, as a plain `import('./bootstrap')` would.
 */
export async function bootInStages(stages: ReadonlyArray<() => Promise<unknown>>): Promise<void> {
  for (const stage of stages) {
    await nextTask();
    await stage();
  }
}

/**
 * ICU's date data, loaded on a worker's thread while the page boots (tooling/public/warm-intl.js, in
 * every app's build): that data is the renderer process's, so the page's first date formatter (the
 * X-Timezone zone read, a session's time) then costs under 1 ms instead of a 40-70 ms task (~4x that
 * on a cheap phone). Only a head start: without workers, or if the file fails, the first formatter
 * loads the data itself, as before.
 */
export function warmIntlOffMainThread(scriptUrl = '/warm-intl.js'): void {
  if (typeof Worker !== 'function') return;
  try {
    new Worker(scriptUrl);
  } catch (error) {
    console.warn('[boot] ICU warm-up worker not started', error);
  }
}
