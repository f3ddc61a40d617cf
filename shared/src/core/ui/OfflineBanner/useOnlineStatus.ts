import { useEffect, useState } from 'react';

/** Product rules, Errors and messages: offline poll 1000 ms. */
export const ONLINE_POLL_MS = 1000;
/**
 * Default probe: a tiny, always-available external endpoint built for connectivity checks
 * (answers 204 with no body). The shell may pass its own (e.g. the API's health URL).
 */
export const DEFAULT_ONLINE_PROBE_URL = 'https://www.gstatic.com/generate_204';

export interface UseOnlineStatusOptions {
  pollMs?: number;
  probeUrl?: string;
}

/**
 * Product rules, Errors and messages: "Offline": going offline (the window 'offline' event, or navigator.onLine false at start)
 * marks the page offline at once; going online probes at once, then every `pollMs` until an external
 * request succeeds, and only then marks it online. The browser's 'online' event alone is not trusted:
 * it only means a network interface is up, not that the internet answers.
 * Returns true while online.
 */
export function useOnlineStatus({ pollMs = ONLINE_POLL_MS, probeUrl = DEFAULT_ONLINE_PROBE_URL }: UseOnlineStatusOptions = {}): boolean {
  const [online, setOnline] = useState(() => (typeof navigator === 'undefined' ? true : navigator.onLine !== false));

  useEffect(() => {
    let disposed = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0; // bumps on every offline/online change so a stale probe cannot flip the state

    const stopPolling = () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      attempt += 1;
    };

    const probe = (current: number) => {
      // no-cors: an opaque answer is still an answer; no-store: never a cached one.
      fetch(probeUrl, { cache: 'no-store', mode: 'no-cors' }).then(
        () => {
          if (disposed || current !== attempt) return;
          timer = undefined;
          setOnline(true);
        },
        () => {
          if (disposed || current !== attempt) return;
          timer = setTimeout(() => probe(current), pollMs);
        },
      );
    };

    const handleOffline = () => {
      stopPolling();
      setOnline(false);
    };

    const handleOnline = () => {
      stopPolling();
      probe(attempt);
    };

    window.addEventListener('offline', handleOffline);
    window.addEventListener('online', handleOnline);
    return () => {
      disposed = true;
      stopPolling();
      window.removeEventListener('offline', handleOffline);
      window.removeEventListener('online', handleOnline);
    };
  }, [pollMs, probeUrl]);

  return online;
}
