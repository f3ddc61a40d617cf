// "After the page has painted", for work a page does not need for its first paint (the realtime
// client of a restored session). A page's content is painted once a PageFrame has committed; pages that
// never render one (or a page that stays on a spinner) fall back to a time limit, so nothing waits forever.

/** How long deferred work waits for a page to paint before it starts anyway. */
export const PAGE_PAINT_FALLBACK_MS = 3000;

let painted = false;
/** Deferred work waiting for a paint -> its fallback timer. */
const waiting = new Map<() => void, ReturnType<typeof setTimeout>>();

/** Called by PageFrame after its first commit. */
export function markPagePainted(): void {
  painted = true;
  for (const resolve of [...waiting.keys()]) resolve();
}

type IdleWindow = Window & { requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number };

function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    const idle = (window as IdleWindow).requestIdleCallback;
    if (idle) idle(() => resolve(), { timeout: 1000 });
    else setTimeout(resolve, 1);
  });
}

/** Resolves in the first idle period after a page has painted (or after the fallback time limit). */
export function afterPagePainted(fallbackMs = PAGE_PAINT_FALLBACK_MS): Promise<void> {
  if (painted) return whenIdle();
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(waiting.get(done));
      waiting.delete(done);
      resolve();
    };
    waiting.set(done, setTimeout(done, fallbackMs));
  }).then(whenIdle);
}

/** Test hook: a fresh page, nothing painted; work still waiting from an earlier test never starts. */
export function resetPagePaintedForTests(): void {
  painted = false;
  for (const timer of waiting.values()) clearTimeout(timer);
  waiting.clear();
}
