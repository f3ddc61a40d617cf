// The filters in force as words, one chip each (the list's chips and its "what to loosen" suggestions).
import { concernLabel, languageLabel, roleLabels, type ProviderFilters } from '@haven/shared/booking-rules';
import { CITY_NAMES } from '../planvis/plan-refusal';

export interface FilterChip {
  key: keyof ProviderFilters;
  /** "Language: Hindi" */
  text: string;
}

const GENDER_WORDS: Record<string, string> = { female: 'Female', male: 'Male', non_binary: 'Non-binary' };

/** One chip per filter in force, in the order of the filter bar. */
export function filterChips(f: ProviderFilters): FilterChip[] {
  const chips: FilterChip[] = [];
  if (f.role) chips.push({ key: 'role', text: `Type: ${roleLabels([f.role])[0] ?? f.role}` });
  if (f.concern) chips.push({ key: 'concern', text: `Concern: ${concernLabel(f.concern)}` });
  if (f.language) chips.push({ key: 'language', text: `Language: ${languageLabel(f.language)}` });
  if (f.gender) chips.push({ key: 'gender', text: `Gender: ${GENDER_WORDS[f.gender] ?? f.gender}` });
  if (f.priceTier) chips.push({ key: 'priceTier', text: `Price tier ${f.priceTier}` });
  if (f.mode) chips.push({ key: 'mode', text: f.mode === 'online' ? 'Online' : 'In clinic' });
  if (f.clinic) chips.push({ key: 'clinic', text: `Clinic: ${CITY_NAMES[f.clinic] ?? f.clinic}` });
  return chips;
}

/** The filters without one of them (a clinic city goes with in-clinic: dropping the mode drops the city). */
export function withoutFilter(f: ProviderFilters, key: keyof ProviderFilters): ProviderFilters {
  const next = { ...f };
  delete next[key];
  if (key === 'mode') delete next.clinic;
  return next;
}
