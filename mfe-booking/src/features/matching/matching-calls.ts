import { apiClient, type MatchingPayload } from '@haven/shared';

/** Spec §3 matching filter record. */
export interface MatchingRecord {
  filter: Record<string, unknown>;
  updated_at: string | null;
  all_matched_providers: string[];
  recently_matched_providers: string[];
}

export async function fetchMatchingFilters(type: string, signal?: AbortSignal): Promise<MatchingRecord> {
  const { data } = await apiClient.get<MatchingRecord>('/customers/matching_filters', { params: { type }, signal });
  return data;
}

export async function sendMatchingData(payload: MatchingPayload): Promise<MatchingRecord> {
  const { data } = await apiClient.post<MatchingRecord>('/customers/matching_data', payload);
  return data;
}

/** Spec §3 browser storage `matched_providers` (all and recently matched). */
export function storeMatchedProviders(record: MatchingRecord): void {
  localStorage.setItem(
    'matched_providers',
    JSON.stringify({ all_matched_providers: record.all_matched_providers, recently_matched_providers: record.recently_matched_providers }),
  );
}
