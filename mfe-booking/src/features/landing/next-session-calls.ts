import { type Answer, apiClient, type Booking } from '@haven/shared';

/** GET upcoming sessions: the landing names a signed-in patient's next one. */
export async function fetchUpcomingSessions(signal?: AbortSignal): Promise<Booking[]> {
  const { data } = await apiClient.get<Answer<'/customers/upcomingsessions', 'get'>>('/customers/upcomingsessions', { signal });
  return data.bookings;
}

/** The soonest upcoming session (confirmed first: a pending one may still lapse). */
export function soonestSession(bookings: readonly Booking[]): Booking | null {
  const soon = [...bookings].sort((a, b) => a.start_time.localeCompare(b.start_time));
  return soon.find((b) => b.status === 'confirmed') ?? soon[0] ?? null;
}
