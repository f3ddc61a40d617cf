import { useCallback, useEffect, useState } from 'react';
import { isCancelledRequest, reportError } from '@haven/shared';

export type LoadState<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; retry: () => void };

/**
 * One api read for a page part: cancelled when the part goes away (ignored silently, product rules, Errors and messages), any
 * other failure reported and offered as a retry (never an endless spinner).
 */
export function useCancellableLoad<T>(load: (signal: AbortSignal) => Promise<T>, where: string): LoadState<T> {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState<T>>({ status: 'loading' });
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal)
      .then((data) => setState({ status: 'ready', data }))
      .catch((error: unknown) => {
        if (isCancelledRequest(error)) return;
        reportError(error, { where });
        setState({ status: 'failed', retry });
      });
    return () => controller.abort();
  }, [attempt, load, retry, where]);

  return state;
}
