// The sessions calls the product names (upcoming, completed, analytics info) and the booking actions.
import { apiClient, type Booking } from '@haven/shared';

export type SessionBooking = Booking;

export async function getUpcomingSessions(): Promise<{ bookings: SessionBooking[]; suggested_bookings: SessionBooking[] }> {
  return (await apiClient.get('/customers/upcomingsessions')).data;
}

export async function getCompletedSessions(): Promise<{ bookings: SessionBooking[] }> {
  return (await apiClient.get('/customers/completedsessions')).data;
}

/** Product rules, Sessions and the room: the count is data.data.total_completed_sessions of the axios answer. */
export async function getCompletedSessionsCount(): Promise<number> {
  const response = await apiClient.get<{ data: { total_completed_sessions: number } }>('/customers/analytics_info');
  return response.data.data.total_completed_sessions;
}

export async function cancelBooking(uuid: string, reason: string): Promise<SessionBooking> {
  return (await apiClient.post(`/bookings/${encodeURIComponent(uuid)}/cancel`, { reason })).data.data;
}

export async function rescheduleBooking(uuid: string, startTime: string): Promise<SessionBooking> {
  return (await apiClient.post(`/bookings/${encodeURIComponent(uuid)}/reschedule`, { start_time: startTime })).data.data;
}

/** Opens the checkout of a priced booking (spec temporary transaction); `paid` when a credit covered it. */
export async function startCheckout(bookingUuid: string): Promise<{ transaction_id: string; status: string }> {
  return (await apiClient.post('/payments/temporary_transaction', { booking_uuid: bookingUuid })).data.data;
}

export async function confirmBooking(uuid: string): Promise<SessionBooking> {
  return (await apiClient.post(`/bookings/${encodeURIComponent(uuid)}/confirm`)).data.data;
}

export interface Slot {
  start_time: string;
  end_time: string;
  display_time: string;
}

export async function getFreeSlots(providerUuid: string, date: string, timezone: string): Promise<Slot[]> {
  const response = await apiClient.get(`/providers/${encodeURIComponent(providerUuid)}/slots`, { params: { date, timezone } });
  return response.data.data.slots;
}

export interface ClinicWithName {
  id: number;
  code: string;
  name: string;
  centres: Array<{ id: number; centre_name: string; address: string }>;
}

export async function getClinics(): Promise<ClinicWithName[]> {
  return (await apiClient.get('/customers/ih_clinics')).data.data;
}
