import { type ProviderFilters } from '@haven/shared/booking-rules';
import { filterChips, loosenChips, withoutFilter } from './filter-chips';

/**
 * The filters in force as chips, each removable (the URL is the state: removing one is a new address).
 * With no provider found, the same chips become the suggestions of what to loosen.
 */
export function FilterChips({ filters, onChange }: { filters: ProviderFilters; onChange(next: ProviderFilters): void }) {
  const chips = filterChips(filters);
  if (chips.length === 0) return null;
  return (
    <div className="hv-filter-chips" role="group" aria-label="Filters in use">
      <ul className="hv-filter-chips__list">
        {chips.map((c) => (
          <li key={`${c.key}:${c.value ?? ''}`}>
            {/* Named by its words, no aria-label: the filter bar's fields keep their labels to themselves. */}
            <button type="button" className="hv-filter-chip" onClick={() => onChange(withoutFilter(filters, c.key, c.value))}>
              {c.text}
              <span className="hv-visually-hidden">, remove this filter</span> <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ul>
      {chips.length > 1 && (
        <button type="button" className="hv-filter-chips__clear" onClick={() => onChange({})}>
          Clear all filters
        </button>
      )}
    </div>
  );
}

/** No provider matches: say which filters are in force and offer to drop each one (or all). */
export function LoosenFilters({ filters, onChange }: { filters: ProviderFilters; onChange(next: ProviderFilters): void }) {
  const chips = loosenChips(filters);
  if (chips.length === 0) return <p>No providers are listed right now.</p>;
  return (
    <div className="hv-loosen" data-testid="loosen-filters">
      <p>No provider matches all of {chips.map((c) => c.text).join(', ')}. Try removing one:</p>
      <ul className="hv-filter-chips__list">
        {chips.map((c) => (
          <li key={c.key}>
            <button type="button" className="hv-filter-chip" onClick={() => onChange(withoutFilter(filters, c.key))}>
              Without {c.text}
            </button>
          </li>
        ))}
        {chips.length > 1 && (
          <li>
            <button type="button" className="hv-filter-chip" onClick={() => onChange({})}>
              Show everyone
            </button>
          </li>
        )}
      </ul>
    </div>
  );
}
