import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { PageFrame, Spinner } from '@haven/shared';
import {
  filtersFromQuery,
  providerOffered,
  queryFromFilters,
  useBookingOptions,
  type ProviderFilters,
  usePatientPricing,
} from '@haven/shared/booking-rules';
import { usePatientZone, zoneName } from '@haven/shared/session-times';
import { LoadFailed } from '@haven/shared/design';
import { FilterBar } from './FilterBar';
import { FilterChips, LoosenFilters } from './FilterChips';
import { priceLine } from './card-facts';
import { ProviderCard } from './ProviderCard';
import { useProviderSearch } from './useProviderSearch';
import { useListingCoupons } from '../coupons/useListingCoupons';
import { ListCoupons } from '../coupons/ListCoupons';
import { PlanNotice } from '../planvis/PlanNotice';
import { planRefusal } from '../planvis/plan-refusal';
import { usePersistedClinicFilter } from '../planvis/usePersistedClinicFilter';
import './discovery.css';

/** How many cards a wide screen shows before scrolling: their portraits load at once, the rest lazily. */
const ABOVE_THE_FOLD = 3;

/** /providers: the short-code query is the filter state (shared links, reload, back and forward). */
export function ProviderList() {
  const location = useLocation();
  const navigate = useNavigate();
  const filters = useMemo(() => filtersFromQuery(location.search), [location.search]);
  const plan = useBookingOptions();
  const { providers: found, loading: searching, failed, retry } = useProviderSearch(filters);
  // Plan visibility (product rules, Plan visibility): only providers the patient's plan offers (in the chosen mode).
  const providers = plan.ready ? found.filter((p) => providerOffered(plan.options, p.roles ?? [], filters.mode)) : [];
  const loading = searching || !plan.ready;
  // Several types chosen: the plan's "no" is said only when it offers none of them (the others are listed).
  const refusedRole = plan.ready
    ? (filters.roles ?? []).find((r) => planRefusal(plan.options, { role: r, mode: filters.mode }))
    : undefined;
  const anyRoleOffered = (filters.roles ?? []).some(
    (r) => r !== refusedRole && !planRefusal(plan.options, { role: r, mode: filters.mode }),
  );
  const refusal = plan.ready
    ? planRefusal(plan.options, { role: anyRoleOffered ? undefined : refusedRole, mode: filters.mode, city: filters.clinic })
    : null;
  const { zone } = usePatientZone();
  const pricing = usePatientPricing();
  const coupons = useListingCoupons();
  const show = (next: ProviderFilters, replace = false) => {
    const q = queryFromFilters(next).toString();
    navigate({ pathname: '/providers', search: q ? `?${q}` : '' }, { replace });
  };
  const clinicFilter = usePersistedClinicFilter(filters, plan, (next) => show(next, true));
  const onChange = (next: ProviderFilters) => {
    if (!next.clinic) clinicFilter.forget();
    show(next);
  };
  return (
    <PageFrame
      title="Find a provider"
      description="Search therapists, psychiatrists, couples therapists and coaches."
      app="mfe-booking"
      pathname={location.pathname}
    >
      <FilterBar filters={filters} onChange={onChange} />
      <FilterChips filters={filters} onChange={onChange} />
      {refusal && <PlanNotice message={refusal} options={plan.options} />}
      <p className="hv-discovery__zone">Times are shown in {zoneName(zone) ?? zone}.</p>
      <div aria-live="polite" className="hv-discovery__status">
        {loading ? (
          <Spinner label="Loading providers" />
        ) : failed ? (
          <LoadFailed what="Providers" retry={retry} />
        ) : (
          <p>{`${providers.length} ${providers.length === 1 ? 'provider' : 'providers'} found`}</p>
        )}
      </div>
      {!loading && !failed && providers.length === 0 && <LoosenFilters filters={filters} onChange={onChange} />}
      {!loading && <ListCoupons pricing={pricing} {...coupons} anyToPay={providers.some((p) => priceLine(p, pricing).kind === 'price')} />}
      <ul className="hv-discovery__list" aria-label="Providers">
        {providers.map((p, i) => (
          <li key={p.uuid}>
            <ProviderCard provider={p} zone={zone} pricing={pricing} eager={i < ABOVE_THE_FOLD} />
          </li>
        ))}
      </ul>
    </PageFrame>
  );
}
