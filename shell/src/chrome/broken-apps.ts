// Apps whose lifecycles threw (single-spa marks them SKIP_BECAUSE_BROKEN and leaves their DOM empty).
// The chrome shows the error screen on their routes so the page is never blank.
type Listener = () => void;

let broken: ReadonlySet<string> = new Set();
const listeners = new Set<Listener>();

export function markAppBroken(appName: string): void {
  broken = new Set([...broken, appName]);
  listeners.forEach((listener) => listener());
}

/** Immutable snapshot, so React's useSyncExternalStore sees a new value on each change. */
export function getBrokenApps(): ReadonlySet<string> {
  return broken;
}

export function subscribeBrokenApps(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
