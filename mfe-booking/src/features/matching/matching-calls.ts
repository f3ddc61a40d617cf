import { type Answer, apiClient, type Provider, type Body, type Query } from '@haven/shared';
import { type MatchingPayload } from '@haven/shared/booking-rules';

/** The matching filter record. */
export type MatchingRecord = Answer<'/customers/matching_filters', 'get'>;

type DeclineBody = Body<'/customers/provider_declines', 'post'>;
export type DeclineReason = DeclineBody['reason'];
type FeedbackBody = Body<'/customers/matching_feedback', 'post'>;

export async function fetchMatchingFilters(type: string, signal?: AbortSignal): Promise<MatchingRecord> {
  const { data } = await apiClient.get<Answer<'/customers/matching_filters', 'get'>>('/customers/matching_filters', {
    params: { type },
    signal,
  });
  return data;
}

export async function sendMatchingData(payload: MatchingPayload): Promise<MatchingRecord> {
  const { data } = await apiClient.post<Answer<'/customers/matching_data', 'post'>>('/customers/matching_data', payload);
  return data;
}

/** The providers that fit the answers, ranked by the api with my declines and feedback (declined ones left out). */
export async function fetchMatches(answers: Query<'/customers/matches', 'get'>): Promise<Provider[]> {
  const { data } = await apiClient.get<Answer<'/customers/matches', 'get'>>('/customers/matches', { params: answers });
  return data.data;
}

/** Decline and track: "not a fit", with a reason; the provider is not suggested again. */
export async function declineProvider(body: DeclineBody): Promise<void> {
  await apiClient.post<Answer<'/customers/provider_declines', 'post'>>('/customers/provider_declines', body);
}

/** Matching feedback: a rating of the matches and the providers marked a good fit. */
export async function sendMatchingFeedback(body: FeedbackBody): Promise<void> {
  await apiClient.post<Answer<'/customers/matching_feedback', 'post'>>('/customers/matching_feedback', body);
}

/** Browser storage (product rules, What the client keeps) `matched_providers` (all and recently matched). */
export function storeMatchedProviders(record: MatchingRecord): void {
  localStorage.setItem(
    'matched_providers',
    JSON.stringify({ all_matched_providers: record.all_matched_providers, recently_matched_providers: record.recently_matched_providers }),
  );
}
