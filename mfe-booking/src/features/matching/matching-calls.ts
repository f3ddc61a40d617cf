import { apiClient, type ApiPaths, type Provider } from '@haven/shared';
import { type MatchingPayload } from '@haven/shared/booking-rules';

/** The matching filter record. */
export interface MatchingRecord {
  filter: Record<string, unknown>;
  updated_at: string | null;
  all_matched_providers: string[];
  recently_matched_providers: string[];
}

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type DeclineBody = Json<ApiPaths['/api/v1/customers/provider_declines']['post']['requestBody']>;
export type DeclineReason = DeclineBody['reason'];
type FeedbackBody = Json<ApiPaths['/api/v1/customers/matching_feedback']['post']['requestBody']>;

export async function fetchMatchingFilters(type: string, signal?: AbortSignal): Promise<MatchingRecord> {
  const { data } = await apiClient.get<MatchingRecord>('/customers/matching_filters', { params: { type }, signal });
  return data;
}

export async function sendMatchingData(payload: MatchingPayload): Promise<MatchingRecord> {
  const { data } = await apiClient.post<MatchingRecord>('/customers/matching_data', payload);
  return data;
}

/** The providers that fit the answers, ranked by the api with my declines and feedback (declined ones left out). */
export async function fetchMatches(answers: {
  role: string;
  concern?: string;
  language?: string;
  mode?: 'online' | 'offline';
}): Promise<Provider[]> {
  const { data } = await apiClient.get<{ data: Provider[] }>('/customers/matches', { params: answers });
  return data.data;
}

/** Decline and track: "not a fit", with a reason; the provider is not suggested again. */
export async function declineProvider(body: DeclineBody): Promise<void> {
  await apiClient.post('/customers/provider_declines', body);
}

/** Matching feedback: a rating of the matches and the providers marked a good fit. */
export async function sendMatchingFeedback(body: FeedbackBody): Promise<void> {
  await apiClient.post('/customers/matching_feedback', body);
}

/** Browser storage (product rules, What the client keeps) `matched_providers` (all and recently matched). */
export function storeMatchedProviders(record: MatchingRecord): void {
  localStorage.setItem(
    'matched_providers',
    JSON.stringify({ all_matched_providers: record.all_matched_providers, recently_matched_providers: record.recently_matched_providers }),
  );
}
