// The product's "next-session slot lists", as the dashboard reads them.
import { type Answer, apiClient } from '@haven/shared';

export type NextSessionSlots = Answer<'/customers/bookings/{uuid}/next_session_slots', 'get'>['data'];

export async function getNextSessionSlots(bookingUuid: string, signal?: AbortSignal): Promise<NextSessionSlots> {
  return (
    await apiClient.get<Answer<'/customers/bookings/{uuid}/next_session_slots', 'get'>>(
      `/customers/bookings/${encodeURIComponent(bookingUuid)}/next_session_slots`,
      {
        params: { limit: 3 },
        signal,
      },
    )
  ).data.data;
}
