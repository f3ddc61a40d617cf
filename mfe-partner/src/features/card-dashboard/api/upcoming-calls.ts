import { type Answer, apiClient, type Booking } from '@haven/shared';

/** Product rules, Calls to the api: GET upcoming sessions: the card shows the next few; the dashboard remote manages them. */
export async function fetchUpcomingSessions(signal?: AbortSignal): Promise<Booking[]> {
  const { data } = await apiClient.get<Answer<'/customers/upcomingsessions', 'get'>>('/customers/upcomingsessions', { signal });
  return data.bookings;
}
