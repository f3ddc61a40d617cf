// The sessions calls the product names (upcoming, completed, analytics info) and the booking actions.
import { type Answer, apiClient, type Booking } from '@haven/shared';

export type SessionBooking = Booking;

export async function getUpcomingSessions(): Promise<Answer<'/customers/upcomingsessions', 'get'>> {
  return (await apiClient.get<Answer<'/customers/upcomingsessions', 'get'>>('/customers/upcomingsessions')).data;
}

export async function getCompletedSessions(): Promise<Answer<'/customers/completedsessions', 'get'>> {
  return (await apiClient.get<Answer<'/customers/completedsessions', 'get'>>('/customers/completedsessions')).data;
}

/** Product rules, Sessions and the room: the count is data.data.total_completed_sessions of the axios answer. */
export async function getCompletedSessionsCount(): Promise<number> {
  const response = await apiClient.get<Answer<'/customers/analytics_info', 'get'>>('/customers/analytics_info');
  return response.data.data.total_completed_sessions;
}

export async function cancelBooking(uuid: string, reason: string): Promise<SessionBooking> {
  return (await apiClient.post<Answer<'/bookings/{uuid}/cancel', 'post'>>(`/bookings/${encodeURIComponent(uuid)}/cancel`, { reason })).data
    .data;
}

export async function rescheduleBooking(uuid: string, startTime: string): Promise<SessionBooking> {
  return (
    await apiClient.post<Answer<'/bookings/{uuid}/reschedule', 'post'>>(`/bookings/${encodeURIComponent(uuid)}/reschedule`, {
      start_time: startTime,
    })
  ).data.data;
}

/** Opens the checkout of a priced booking (spec temporary transaction); `paid` when a credit covered it. */
export async function startCheckout(bookingUuid: string): Promise<Answer<'/payments/temporary_transaction', 'post'>['data']> {
  return (
    await apiClient.post<Answer<'/payments/temporary_transaction', 'post'>>('/payments/temporary_transaction', {
      booking_uuid: bookingUuid,
    })
  ).data.data;
}

export async function confirmBooking(uuid: string): Promise<SessionBooking> {
  return (await apiClient.post<Answer<'/bookings/{uuid}/confirm', 'post'>>(`/bookings/${encodeURIComponent(uuid)}/confirm`)).data.data;
}

export type Slot = Answer<'/providers/{uuid}/slots', 'get'>['data']['slots'][number];

export async function getFreeSlots(providerUuid: string, date: string, timezone: string): Promise<Slot[]> {
  const response = await apiClient.get<Answer<'/providers/{uuid}/slots', 'get'>>(`/providers/${encodeURIComponent(providerUuid)}/slots`, {
    params: { date, timezone },
  });
  return response.data.data.slots;
}

export type ClinicWithName = Answer<'/customers/ih_clinics', 'get'>['data'][number];

export async function getClinics(): Promise<ClinicWithName[]> {
  return (await apiClient.get<Answer<'/customers/ih_clinics', 'get'>>('/customers/ih_clinics')).data.data;
}
