import { useEffect, useState } from 'react';
import { reportError } from '@haven/shared';

export interface Loaded<T> {
  data: T | null;
  error: boolean;
  retry(): void;
}

/**
 * Loads `load()` whenever `key` changes; an answer for an older key is never shown (that is how a zone
 * change re-computes a list instead of showing the previous zone's). Failures are reported.
 */
export function useLoad<T>(key: string, load: (signal: AbortSignal) => Promise<T>, area: string): Loaded<T> {
  const [attempt, setAttempt] = useState(0);
  const run = `${key}#${attempt}`;
  const [answer, setAnswer] = useState<{ run: string; data?: T; error?: boolean } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => setAnswer({ run, data }),
      (e: unknown) => {
        if (controller.signal.aborted) return;
        reportError(e, { area });
        setAnswer({ run, error: true });
      },
    );
    return () => controller.abort();
    // `load` is a fresh closure each render; `run` names what it loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [run]);
  const current = answer?.run === run ? answer : null;
  return { data: current?.data ?? null, error: Boolean(current?.error), retry: () => setAttempt((n) => n + 1) };
}
