import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { isCancelledRequest } from '../../api/cancelled';
import { httpStatusOf } from '../../api/error-message';
import { reportError, type ErrorContext } from '../../reporting/report-error';

/**
 * A read's state. `data` is the answer for the current deps: null while loading or after a failure,
 * never an older deps' answer. `error` is the current failure, already reported. `retry` loads again
 * (a failed read's way out: never an endless spinner). 'not-found': the api answered 404, the address
 * names nothing (the page shows not-found, not a retry; nothing is reported).
 */
export type ApiRead<T> = { retry: () => void } & (
  | { status: 'loading'; data: null; error: null }
  | { status: 'ready'; data: T; error: null }
  | { status: 'failed'; data: null; error: Error }
  | { status: 'not-found'; data: null; error: null }
);

export type ApiReadStatus = ApiRead<unknown>['status'];

interface Answer<T> {
  run: string;
  data?: T;
  error?: Error;
  missing?: boolean;
}

/**
 * The one read pattern of a page part: loads on mount and whenever `deps` change, cancels the
 * previous load (its AbortSignal aborts; its answer is never shown), reports a failure once and offers
 * retry(). A cancelled request is not a failure. `where` names the read in the report (a string is
 * `{ where }`).
 */
export function useApiRead<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: readonly unknown[],
  where: string | ErrorContext,
): ApiRead<T> {
  const [attempt, setAttempt] = useState(0);
  // `load` and `where` are fresh each render; what the load reads is named by `deps`.
  const latest = useRef({ load, where });
  useEffect(() => {
    latest.current = { load, where };
  });
  const run = `${JSON.stringify(deps)}#${attempt}`;
  const [answer, setAnswerNow] = useState<Answer<T> | null>(null);

  useEffect(() => {
    // An answer's render is a transition: a page whose parts answer one after another (the dashboard's
    // dozen reads) renders each in slices a tap can come between, not as one long task per answer.
    const setAnswer = (next: Answer<T>) => startTransition(() => setAnswerNow(next));
    const controller = new AbortController();
    latest.current.load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setAnswer({ run, data });
      },
      (error: unknown) => {
        if (controller.signal.aborted || isCancelledRequest(error)) return;
        if (httpStatusOf(error) === 404) {
          setAnswer({ run, missing: true });
          return;
        }
        const { where: named } = latest.current;
        reportError(error, typeof named === 'string' ? { where: named } : named);
        setAnswer({ run, error: error instanceof Error ? error : new Error(String(error)) });
      },
    );
    return () => controller.abort();
  }, [run]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const current = answer?.run === run ? answer : null;
  if (!current) return { status: 'loading', data: null, error: null, retry };
  if (current.missing) return { status: 'not-found', data: null, error: null, retry };
  if (current.error) return { status: 'failed', data: null, error: current.error, retry };
  return { status: 'ready', data: current.data as T, error: null, retry };
}
