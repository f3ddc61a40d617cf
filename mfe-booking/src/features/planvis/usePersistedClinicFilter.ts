// Product rules, What the client keeps: browser storage `activeFilters (ih_clinic_ids)`: the provider list's clinic filter is kept as
// clinic ids for the visit (session storage) and restored when the list opens without one later in that
// visit. A fresh visit starts clean, as the other filters do (it used to bring back a city chosen days
// ago, unasked); a city in the address is honoured. Choosing "Any" forgets it; logout removes it (shared logout).
import { useEffect, useState } from 'react';
import {
  ACTIVE_FILTERS_KEY,
  clinicCodeOfIds,
  idsOfClinicCode,
  parseActiveFilters,
  reportError,
  serializeActiveFilters,
} from '@haven/shared';
import { cityOffered, type BookingOptions, type ProviderFilters } from '@haven/shared/booking-rules';
import { fetchClinics, type ClinicAnswer } from '../booking/api/booking-calls';

function storedIds(): number[] {
  try {
    return parseActiveFilters(sessionStorage.getItem(ACTIVE_FILTERS_KEY)).ih_clinic_ids;
  } catch {
    return []; // storage blocked (privacy mode): nothing was kept
  }
}
function store(ids: number[]): void {
  try {
    if (ids.length) sessionStorage.setItem(ACTIVE_FILTERS_KEY, serializeActiveFilters({ ih_clinic_ids: ids }));
    else sessionStorage.removeItem(ACTIVE_FILTERS_KEY);
  } catch (e) {
    reportError(e, { area: 'activeFilters' });
  }
}

/** Keeps `filters.clinic` in storage; `restore` is called with the stored city when the list has none. Returns `forget` for a cleared city. */
export function usePersistedClinicFilter(
  filters: ProviderFilters,
  plan: { options: BookingOptions; ready: boolean },
  restore: (next: ProviderFilters) => void,
) {
  const [clinics, setClinics] = useState<ClinicAnswer[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    // Product rules, Plan visibility: a clinics failure is silent (the list stays empty: nothing is restored).
    fetchClinics(controller.signal).then(setClinics, (e: unknown) => {
      if (controller.signal.aborted) return;
      reportError(e, { area: 'clinics' });
      setClinics([]);
    });
    return () => controller.abort();
  }, []);
  const { clinic } = filters;
  useEffect(() => {
    if (!clinics || !plan.ready) return;
    if (clinic) {
      const ids = idsOfClinicCode(clinic, clinics);
      if (ids.length) store(ids);
      return;
    }
    const code = clinicCodeOfIds(storedIds(), clinics);
    if (code && cityOffered(plan.options, code)) restore({ ...filters, clinic: code });
    // `filters` and `restore` change with every render; the city, the clinics and the plan decide.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [clinic, clinics, plan.ready, plan.options]);
  return { forget: () => store([]) };
}
