import { useEffect, useState } from 'react';

type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/** True from the first idle moment after `ready` (at most a second later): work that need not share its task. */
export function useIdleAfter(ready: boolean): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!ready || idle) return undefined;
    const w = window as IdleWindow;
    if (w.requestIdleCallback) {
      const handle = w.requestIdleCallback(() => setIdle(true), { timeout: 1000 });
      return () => w.cancelIdleCallback?.(handle);
    }
    const timer = setTimeout(() => setIdle(true), 1);
    return () => clearTimeout(timer);
  }, [ready, idle]);
  return idle;
}
