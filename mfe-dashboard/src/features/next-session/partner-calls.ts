// The product's "booking participants", as the dashboard's session card reads them (its own module: the
// partner line and the next-session offer are separate lazy chunks).
import { type Answer, apiClient } from '@haven/shared';

export async function getPartnerName(bookingUuid: string, signal?: AbortSignal): Promise<string | null> {
  const { data } = await apiClient.get<Answer<'/customers/bookings/{uuid}/participants', 'get'>>(
    `/customers/bookings/${encodeURIComponent(bookingUuid)}/participants`,
    { signal },
  );
  return data.data[0]?.name ?? null;
}
