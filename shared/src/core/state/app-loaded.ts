// appLoaded (App config state): the page's boot is over — runtime config loaded, persisted state
// rehydrated (or its time-out passed), sign-in settled. One writer (finishBoot), read through
// whenAppLoaded / useAppLoaded; never persisted, so a reload starts not loaded.
import { havenStore, useHavenStore, type HavenStore } from './store';

function when(store: HavenStore, ready: (s: ReturnType<HavenStore['getState']>) => boolean): Promise<void> {
  if (ready(store.getState())) return Promise.resolve();
  return new Promise((resolve) => {
    const off = store.subscribe((s) => {
      if (!ready(s)) return;
      off();
      resolve();
    });
  });
}

/**
 * Marks the boot finished once the store has rehydrated and every given step has settled (a step that
 * failed was reported by its owner: the page goes on, as it does after it).
 */
export async function finishBoot(steps: ReadonlyArray<Promise<unknown>>, store: HavenStore = havenStore): Promise<void> {
  await Promise.all([when(store, (s) => s.hydrated), Promise.allSettled(steps)]);
  store.getState().appConfig.update({ appLoaded: true });
}

/** Resolves once the boot has finished (at once when it already has). */
export function whenAppLoaded(store: HavenStore = havenStore): Promise<void> {
  return when(store, (s) => s.appConfig.appLoaded);
}

/** React hook: true once the boot has finished. */
export function useAppLoaded(store: HavenStore = havenStore): boolean {
  return useHavenStore((s) => s.appConfig.appLoaded, store);
}
