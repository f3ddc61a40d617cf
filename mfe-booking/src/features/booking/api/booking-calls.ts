import { apiClient, type ApiComponents } from '@haven/shared';
import type { ParticipantBody } from '../../couple/couple-calls';

export interface Slot {
  start_time: string;
  end_time: string;
}
/** The api's Booking (OpenAPI contract). */
export type BookingAnswer = ApiComponents['schemas']['Booking'];
export interface ClinicAnswer {
  id: number;
  code: string;
  name: string;
  centres: Array<{ id: number; centre_name: string; address: string }>;
}
export interface NewBooking {
  provider_uuid: string;
  start_time: string;
  mode: 'online' | 'offline';
  session_type: 'individual' | 'couple' | 'ancillary_assessment';
  clinic_centre_id?: number;
  duration_minutes?: number;
  /** The partner of a couple session (features/couple). */
  participant?: ParticipantBody;
}

/** Free slots on `date` (a calendar date in `timezone`). */
export async function fetchSlots(uuid: string, date: string, timezone: string, signal?: AbortSignal): Promise<Slot[]> {
  const { data } = await apiClient.get<{ data: { slots: Slot[] } }>(`/providers/${uuid}/slots`, { params: { date, timezone }, signal });
  return data.data.slots;
}

/** Spec §7 "offered durations": the session lengths (minutes) the provider offers, shortest first. */
export async function fetchOfferedDurations(uuid: string, signal?: AbortSignal): Promise<number[]> {
  const { data } = await apiClient.get<{ data: { durations: number[] } }>(`/providers/${uuid}/offered_durations`, { signal });
  return data.data.durations;
}

export async function fetchClinics(signal?: AbortSignal): Promise<ClinicAnswer[]> {
  const { data } = await apiClient.get<{ data: ClinicAnswer[] }>('/customers/ih_clinics', { signal });
  return data.data;
}

/** Creates a pending booking that holds the slot. A taken slot answers 409 (the caller tells the patient). */
export async function createBooking(body: NewBooking): Promise<BookingAnswer> {
  const { data } = await apiClient.post<{ data: BookingAnswer }>('/bookings', body);
  return data.data;
}

/** Confirms a pending booking that has nothing to pay. */
export async function confirmBooking(uuid: string): Promise<BookingAnswer> {
  const { data } = await apiClient.post<{ data: BookingAnswer }>(`/bookings/${uuid}/confirm`);
  return data.data;
}

export async function fetchBooking(uuid: string, signal?: AbortSignal): Promise<BookingAnswer> {
  const { data } = await apiClient.get<{ data: BookingAnswer }>(`/bookings/${uuid}`, { signal });
  return data.data;
}

export const isSlotTaken = (e: unknown) => (e as { response?: { status?: number } }).response?.status === 409;

export async function rescheduleBooking(uuid: string, startTime: string): Promise<BookingAnswer> {
  const { data } = await apiClient.post<{ data: BookingAnswer }>(`/bookings/${uuid}/reschedule`, { start_time: startTime });
  return data.data;
}

export async function cancelBooking(uuid: string, reason: string): Promise<BookingAnswer> {
  const { data } = await apiClient.post<{ data: BookingAnswer }>(`/bookings/${uuid}/cancel`, { reason });
  return data.data;
}
