import { useLayoutEffect, useState } from 'react';

/** Whole seconds left until `deadline` (ms since epoch), rounded up; 0 when none or past. */
export function secondsUntil(deadline: number | null, now: number): number {
  return deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
}

/**
 * Seconds left until a deadline timestamp. Computed from the deadline, never counted down,
 * so a re-render, a slow timer or a reload cannot make it jump: each tick is scheduled for the moment
 * the shown number changes.
 */
export function useCountdown(deadline: number | null): number {
  const [seconds, setSeconds] = useState(() => secondsUntil(deadline, Date.now()));
  // Layout effect: a new deadline shows its first number before paint, never the previous one.
  useLayoutEffect(() => {
    let timer: number | undefined;
    const tick = () => {
      const now = Date.now();
      const left = secondsUntil(deadline, now);
      setSeconds(left);
      if (left > 0 && deadline !== null) timer = window.setTimeout(tick, ((deadline - now) % 1000 || 1000) + 5);
    };
    tick();
    return () => window.clearTimeout(timer);
  }, [deadline]);
  return seconds;
}
