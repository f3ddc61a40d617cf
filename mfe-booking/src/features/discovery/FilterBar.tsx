import { useEffect, useState } from 'react';
import { reportError } from '@haven/shared';
import { Chip, Disclosure } from '@haven/shared/design';
import {
  CLINIC_CODES,
  cityOffered,
  concernLabel,
  languageLabel,
  PROVIDER_LANGUAGES,
  roleLabels,
  roleOffered,
  useBookingOptions,
  type ListFilterKey,
  type ProviderFilters,
} from '@haven/shared/booking-rules';
import { CITY_NAMES } from '../planvis/plan-refusal';
import { getFilterLists, type FilterLists } from './api/filter-lists';
import { GENDER_WORDS } from './filter-chips';

const TYPES: Array<[string, string]> = [
  ['therapist', 'Therapist'],
  ['psychiatrist', 'Psychiatrist'],
  ['couplestherapist', 'Couples therapist'],
  ['coach', 'Coach'],
  ['childenfirstindia', 'Children-first care'],
];
const GENDERS = Object.entries(GENDER_WORDS);
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

interface ChoicesProps {
  id: string;
  label: string;
  chosen: readonly string[];
  options: Array<[string, string]>;
  onChange(values: string[]): void;
}

/**
 * A filter of several values: a disclosure (closed, it names what is chosen) holding one toggle chip per
 * value; every chip turned on widens the filter, and the filter combines with the others.
 */
function FilterChoices({ id, label, chosen, options, onChange }: ChoicesProps) {
  const names = options.filter(([v]) => chosen.includes(v)).map(([, text]) => text.replace(/ \(\d+\)$/, ''));
  return (
    <Disclosure id={id} className="hv-filter--choices" label={label} summary={names.length ? names.join(', ') : 'Any'}>
      <div role="group" aria-label={label} className="hv-filter__options">
        {options.map(([v, text]) => (
          <Chip
            key={v}
            label={text}
            selected={chosen.includes(v)}
            onToggle={(on) => onChange(on ? [...chosen, v] : chosen.filter((c) => c !== v))}
          />
        ))}
      </div>
    </Disclosure>
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
  const keep = (options: Array<[string, string]>, values: readonly string[] | undefined, label: (v: string) => string) => [
    ...options,
    ...(values ?? []).filter((value) => !options.some(([v]) => v === value)).map((value) => [value, label(value)] as [string, string]),
  ];
  const roleLabel = (r: string) => roleLabels([r])[0] ?? r;
  const types: Array<[string, string]> = lists ? lists.expertise.map((e) => [e.role, `${roleLabel(e.role)} (${e.providers})`]) : TYPES;
  const concerns: Array<[string, string]> = lists
    ? lists.concerns.map((c) => [c.concern, `${concernLabel(c.concern)} (${c.providers})`])
    : CONCERNS.map((c) => [c, concernLabel(c)]);
  return { types: keep(types, filters.roles, roleLabel), concerns: keep(concerns, filters.concerns, concernLabel) };
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
  const setList = (key: ListFilterKey) => (values: string[]) =>
    set(key, values.length ? (key === 'priceTiers' ? values.map(Number) : values) : undefined);
  return (
    <form className="hv-filters" aria-label="Filter providers" onSubmit={(e) => e.preventDefault()}>
      <FilterChoices id="f-type" label="Provider type" chosen={filters.roles ?? []} options={types} onChange={setList('roles')} />
      <FilterChoices
        id="f-concern"
        label="Concern"
        chosen={filters.concerns ?? []}
        options={options.concerns}
        onChange={setList('concerns')}
      />
      <FilterChoices
        id="f-language"
        label="Language"
        chosen={filters.languages ?? []}
        options={PROVIDER_LANGUAGES.map((l) => [l, languageLabel(l)])}
        onChange={setList('languages')}
      />
      <FilterChoices id="f-gender" label="Gender" chosen={filters.genders ?? []} options={GENDERS} onChange={setList('genders')} />
      <FilterChoices
        id="f-tier"
        label="Price tier"
        chosen={(filters.priceTiers ?? []).map(String)}
        options={[1, 2, 3, 4, 5].map((t) => [String(t), `Tier ${t}`])}
        onChange={setList('priceTiers')}
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
