import { useCallback, useEffect, useState } from 'react';
import { isCancelledRequest, reportError } from '@haven/shared';
import { fetchPartnerPackage, type PartnerPackage } from './api/package-calls';

export type PackageState = { status: 'loading' } | { status: 'ready'; data: PartnerPackage } | { status: 'failed'; retry: () => void };

/** The package for the page; a failure offers a retry (never an endless spinner). */
export function usePartnerPackage(): PackageState {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<PackageState>({ status: 'loading' });
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    fetchPartnerPackage(controller.signal)
      .then((data) => setState({ status: 'ready', data }))
      .catch((error: unknown) => {
        if (isCancelledRequest(error)) return;
        reportError(error, { where: 'partner package' });
        setState({ status: 'failed', retry });
      });
    return () => controller.abort();
  }, [attempt, retry]);

  return state;
}
