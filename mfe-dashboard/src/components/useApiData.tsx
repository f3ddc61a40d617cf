// The one read pattern of the dashboard's pages: load on mount, a spinner while loading, and on failure
// a plain message with a retry (the error reported), never an endless spinner or a blank page.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, httpStatusOf, reportError, Spinner } from '@haven/shared';

export interface ApiData<T> {
  data: T | null;
  failed: boolean;
  /** The api answered 404: there is no such thing (the page shows not-found, not a retry). */
  notFound: boolean;
  /** Loaded or failed: what the page shows for it will not change by itself. */
  settled: boolean;
  reload: () => void;
  /** Spinner while loading, the failure line with its retry, or nothing once loaded. */
  status: ReactNode;
}

export function useApiData<T>(load: () => Promise<T>, where: string, what: string, deps: readonly unknown[] = []): ApiData<T> {
  const [data, setData] = useState<T | null>(null);
  const [failed, setFailed] = useState(false);
  const [notFound, setNotFound] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // `load` is a new function each render; what it reads is named by `deps`.
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  const key = JSON.stringify(deps);

  useEffect(() => {
    let live = true;
    loadRef.current()
      .then((value) => live && setData(value))
      .catch((error: unknown) => {
        const missing = httpStatusOf(error) === 404;
        // An address that names nothing is not a failure to report.
        if (!missing) reportError(error, { where });
        if (live) {
          setFailed(true);
          setNotFound(missing);
        }
      });
    return () => {
      live = false;
    };
  }, [key, where, attempt]);

  const reload = useCallback(() => {
    setFailed(false);
    setNotFound(false);
    setAttempt((n) => n + 1);
  }, []);
  const status = failed ? (
    <p>
      {what} could not be loaded. <Button variant="ghost" onClick={reload}>Try again</Button>
    </p>
  ) : data === null ? <Spinner label={`Loading ${what.toLowerCase()}`} /> : null;
  return { data, failed, notFound, settled: data !== null || failed, reload, status };
}
