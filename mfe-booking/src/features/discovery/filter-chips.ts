// The filters in force as words: one removable chip per chosen value, and one "what to loosen" suggestion per filter.
import { concernLabel, languageLabel, roleLabels, type ListFilterKey, type ProviderFilters } from '@haven/shared/booking-rules';
import { CITY_NAMES } from '../planvis/plan-refusal';

export interface FilterChip {
  key: keyof ProviderFilters;
  /** The value this chip removes (a filter of several values has one chip per value); none for mode and city. */
  value?: string | number;
  /** "Language: Hindi" */
  text: string;
}

export const GENDER_WORDS: Record<string, string> = { female: 'Female', male: 'Male', non_binary: 'Non-binary' };

/** How each filter of several values names itself and one of its values, in the order of the filter bar. */
export const LIST_FILTERS: ReadonlyArray<{ key: ListFilterKey; name: string; word(v: string | number): string }> = [
  { key: 'roles', name: 'Type', word: (r) => roleLabels([String(r)])[0] ?? String(r) },
  { key: 'concerns', name: 'Concern', word: (c) => concernLabel(String(c)) },
  { key: 'languages', name: 'Language', word: (l) => languageLabel(String(l)) },
  { key: 'genders', name: 'Gender', word: (g) => GENDER_WORDS[String(g)] ?? String(g) },
  { key: 'priceTiers', name: 'Price tier', word: (t) => String(t) },
];

const valuesOf = (f: ProviderFilters, key: ListFilterKey): ReadonlyArray<string | number> => f[key] ?? [];
const joinOr = (words: string[]) =>
  words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]!}`;

/** "Price tier 2"; "Type: Therapist". */
function chipText(name: string, word: string): string {
  return name === 'Price tier' ? `${name} ${word}` : `${name}: ${word}`;
}

/** One chip per value in force, in the order of the filter bar. */
export function filterChips(f: ProviderFilters): FilterChip[] {
  const chips: FilterChip[] = LIST_FILTERS.flatMap(({ key, name, word }) =>
    valuesOf(f, key).map((value) => ({ key, value, text: chipText(name, word(value)) })),
  );
  if (f.mode) chips.push({ key: 'mode', text: f.mode === 'online' ? 'Online' : 'In clinic' });
  if (f.clinic) chips.push({ key: 'clinic', text: `Clinic: ${CITY_NAMES[f.clinic] ?? f.clinic}` });
  return chips;
}

/**
 * What to loosen when nothing matches: one suggestion per filter in force ("Type: Therapist or Psychiatrist"),
 * since dropping one of several values would narrow the list, not widen it.
 */
export function loosenChips(f: ProviderFilters): FilterChip[] {
  const chips: FilterChip[] = LIST_FILTERS.filter(({ key }) => valuesOf(f, key).length > 0).map(({ key, name, word }) => ({
    key,
    text: chipText(name, joinOr(valuesOf(f, key).map(word))),
  }));
  return [...chips, ...filterChips(f).filter((c) => c.key === 'mode' || c.key === 'clinic')];
}

/**
 * The filters without a chip's value, or without the whole filter when no value is named (a clinic city
 * goes with in-clinic: dropping the mode drops the city).
 */
export function withoutFilter(f: ProviderFilters, key: keyof ProviderFilters, value?: string | number): ProviderFilters {
  const next: ProviderFilters = { ...f };
  const list = LIST_FILTERS.some((l) => l.key === key) ? valuesOf(f, key as ListFilterKey) : null;
  if (list && value !== undefined && list.length > 1) {
    (next as Record<ListFilterKey, ReadonlyArray<string | number>>)[key as ListFilterKey] = list.filter((v) => v !== value);
    return next;
  }
  delete next[key];
  if (key === 'mode') delete next.clinic;
  return next;
}
