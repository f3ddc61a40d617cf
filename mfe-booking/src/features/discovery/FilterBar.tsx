import { useEffect, useState } from 'react';
import { reportError } from '@haven/shared';
import {
  CLINIC_CODES,
  cityOffered,
  concernLabel,
  languageLabel,
  PROVIDER_LANGUAGES,
  roleLabels,
  roleOffered,
  useBookingOptions,
  type ProviderFilters,
} from '@haven/shared/booking-rules';
import { CITY_NAMES } from '../planvis/plan-refusal';
import { getFilterLists, type FilterLists } from './api/filter-lists';

const TYPES: Array<[string, string]> = [
  ['therapist', 'Therapist'],
  ['psychiatrist', 'Psychiatrist'],
  ['couplestherapist', 'Couples therapist'],
  ['coach', 'Coach'],
  ['childenfirstindia', 'Children-first care'],
];
const GENDERS: Array<[string, string]> = [
  ['female', 'Female'],
  ['male', 'Male'],
  ['non_binary', 'Non-binary'],
];
const CONCERNS = [
  'adhd',
  'anxiety',
  'depression',
  'ocd',
  'trauma',
  'stress',
  'sleep-disturbances',
  'grief',
  'anger',
  'addiction',
  'eating-disorders',
  'parenting-concerns',
  'academic-concerns',
  'relationship',
];

interface SelectProps {
  id: string;
  label: string;
  value: string;
  options: Array<[string, string]>;
  onChange(value: string): void;
}

function FilterSelect({ id, label, value, options, onChange }: SelectProps) {
  return (
    <div className="hv-filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Any</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Type and concern options from the api's expertise and concerns lists (with how many providers have
 * each) once they arrive; until then, or if they fail, the short-code values. A value in the URL stays
 * choosable even when no provider has it now.
 */
function useFilterOptions(filters: ProviderFilters): { types: Array<[string, string]>; concerns: Array<[string, string]> } {
  const [lists, setLists] = useState<FilterLists | null>(null);
  useEffect(() => {
    let live = true;
    getFilterLists()
      .then((l) => live && setLists(l))
      .catch((e: unknown) => reportError(e, { where: 'provider filter lists' }));
    return () => {
      live = false;
    };
  }, []);
  const keep = (options: Array<[string, string]>, value: string | undefined, label: (v: string) => string) =>
    value && !options.some(([v]) => v === value) ? [...options, [value, label(value)] as [string, string]] : options;
  const roleLabel = (r: string) => roleLabels([r])[0] ?? r;
  const types: Array<[string, string]> = lists ? lists.expertise.map((e) => [e.role, `${roleLabel(e.role)} (${e.providers})`]) : TYPES;
  const concerns: Array<[string, string]> = lists
    ? lists.concerns.map((c) => [c.concern, `${concernLabel(c.concern)} (${c.providers})`])
    : CONCERNS.map((c) => [c, concernLabel(c)]);
  return { types: keep(types, filters.role, roleLabel), concerns: keep(concerns, filters.concern, concernLabel) };
}

/** The list's filters; every change becomes a new URL (the URL is the state). */
export function FilterBar({ filters, onChange }: { filters: ProviderFilters; onChange(next: ProviderFilters): void }) {
  const options = useFilterOptions(filters);
  // Plan visibility (product rules, Plan visibility): only the types, modes and clinic cities the patient's plan offers.
  const { options: plan } = useBookingOptions();
  const types = options.types.filter(([role]) => roleOffered(plan, role));
  const anyOffline = Object.values(plan.offline).some(Boolean);
  const set = <K extends keyof ProviderFilters>(key: K, value: ProviderFilters[K] | undefined) => {
    const next = { ...filters };
    if (value === undefined || value === '') delete next[key];
    else next[key] = value;
    onChange(next);
  };
  return (
    <form className="hv-filters" aria-label="Filter providers" onSubmit={(e) => e.preventDefault()}>
      <FilterSelect id="f-type" label="Provider type" value={filters.role ?? ''} options={types} onChange={(v) => set('role', v)} />
      <FilterSelect
        id="f-concern"
        label="Concern"
        value={filters.concern ?? ''}
        options={options.concerns}
        onChange={(v) => set('concern', v)}
      />
      <FilterSelect
        id="f-language"
        label="Language"
        value={filters.language ?? ''}
        options={PROVIDER_LANGUAGES.map((l) => [l, languageLabel(l)])}
        onChange={(v) => set('language', v)}
      />
      <FilterSelect id="f-gender" label="Gender" value={filters.gender ?? ''} options={GENDERS} onChange={(v) => set('gender', v)} />
      <FilterSelect
        id="f-tier"
        label="Price tier"
        value={filters.priceTier ? String(filters.priceTier) : ''}
        options={[1, 2, 3, 4, 5].map((t) => [String(t), `Tier ${t}`])}
        onChange={(v) => set('priceTier', v ? Number(v) : undefined)}
      />
      <FilterSelect
        id="f-mode"
        label="Session"
        value={filters.mode ?? ''}
        options={
          anyOffline
            ? [
                ['online', 'Online'],
                ['offline', 'In clinic'],
              ]
            : [['online', 'Online']]
        }
        onChange={(v) => set('mode', (v || undefined) as ProviderFilters['mode'])}
      />
      <FilterSelect
        id="f-city"
        label="Clinic city"
        value={filters.clinic ?? ''}
        options={CLINIC_CODES.filter((c) => cityOffered(plan, c)).map((c) => [c, CITY_NAMES[c] ?? c])}
        onChange={(v) => set('clinic', v)}
      />
    </form>
  );
}
