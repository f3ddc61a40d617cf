// The product's "next-session slot lists", as the dashboard reads them.
import { apiClient } from '@haven/shared';

export interface NextSessionSlots {
  provider: { uuid: string; firstname: string; lastname: string };
  mode: string;
  session_type: string;
  duration_minutes: number;
  clinic_centre_id: number | null;
  slots: Array<{ start_time: string; end_time: string; discount_percent: number }>;
}

export async function getNextSessionSlots(bookingUuid: string, signal?: AbortSignal): Promise<NextSessionSlots> {
  return (
    await apiClient.get<{ data: NextSessionSlots }>(`/customers/bookings/${encodeURIComponent(bookingUuid)}/next_session_slots`, {
      params: { limit: 3 },
      signal,
    })
  ).data.data;
}
