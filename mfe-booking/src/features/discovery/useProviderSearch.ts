import { startTransition, useEffect, useState } from 'react';
import { havenStore, reportError, toast, useHavenStore, type Provider } from '@haven/shared';
import { type ProviderFilters } from '@haven/shared/booking-rules';
import { searchProviders } from './api/search-providers';

/** Product rules, Errors and messages: "Provider list failure: Toast 'Error fetching therapist(s)/psychiatrist(s)'; empty list." */
export const PROVIDER_LIST_ERROR = 'Error fetching therapist(s)/psychiatrist(s)';

/**
 * Runs the search for the filters and keeps the result in the shared providers slice. Until the
 * answer for these filters arrives the list counts as loading, so an older list is never shown as theirs.
 */
export function useProviderSearch(filters: ProviderFilters): { providers: Provider[]; loading: boolean; failed: boolean; retry(): void } {
  const providers = useHavenStore((s) => s.providers.providers);
  const [answered, setAnswered] = useState<{ run: string; failed: boolean } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const key = JSON.stringify(filters);
  const run = `${key}#${attempt}`;

  useEffect(() => {
    const controller = new AbortController();
    havenStore.getState().providers.update({ loading: true });
    searchProviders(JSON.parse(key) as ProviderFilters, controller.signal)
      .then((list) => {
        havenStore.getState().providers.update({ providers: list, loading: false });
        // The list (a card per provider, each with its slot labels) is the page's largest render: as a
        // transition React renders it in slices a tap can come between (total blocking time).
        startTransition(() => setAnswered({ run, failed: false }));
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return; // a newer search replaced this one
        reportError(error, { area: 'provider-search' });
        toast.error(PROVIDER_LIST_ERROR);
        havenStore.getState().providers.update({ providers: [], loading: false });
        setAnswered({ run, failed: true });
      });
    return () => controller.abort();
  }, [key, run]);

  const current = answered?.run === run ? answered : null;
  return {
    providers: current ? providers : [],
    loading: !current,
    failed: Boolean(current?.failed),
    retry: () => setAttempt((n) => n + 1),
  };
}
