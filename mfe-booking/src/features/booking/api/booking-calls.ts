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
  /** The zone of the location the patient was shown prices for: the api charges in that currency. */
  location_timezone?: string;
}

/** A time held by an unpaid booking: the patient's own (its booking, to finish paying) or another patient's (null). */
export interface HeldSlot {
  start_time: string;
  held_until: string;
  booking_uuid: string | null;
}

/** Free slots on `date` (a calendar date in `timezone`), and the times held unpaid on it. */
export async function fetchSlots(
  uuid: string,
  date: string,
  timezone: string,
  signal?: AbortSignal,
): Promise<{ slots: Slot[]; held: HeldSlot[] }> {
  const { data } = await apiClient.get<{ data: { slots: Slot[]; held?: HeldSlot[] } }>(`/providers/${uuid}/slots`, {
    params: { date, timezone },
    signal,
  });
  return { slots: data.data.slots, held: data.data.held ?? [] };
}

/** The offered durations (product rules, Booking and time zones): the session lengths (minutes) the provider offers, shortest first. */
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

/**
 * Why the api refused a time (409): taken, held by another patient's unpaid booking, the patient's own
 * hold, their hold limit, their hold on this provider's day already, or their own booking of it (Back
 * after paying, then booking again).
 */
export interface SlotRefusal {
  code: 'slot_taken' | 'slot_held' | 'own_hold' | 'hold_limit' | 'provider_day_hold_limit' | 'own_booking';
  message: string;
  bookingUuid: string | null;
}
export function slotRefusal(e: unknown): SlotRefusal | null {
  const r = (e as { response?: { status?: number; data?: unknown } }).response;
  if (r?.status !== 409) return null;
  const body = (typeof r.data === 'object' && r.data !== null ? r.data : {}) as {
    code?: unknown;
    message?: unknown;
    booking_uuid?: unknown;
  };
  const code =
    body.code === 'slot_held' ||
    body.code === 'own_hold' ||
    body.code === 'hold_limit' ||
    body.code === 'provider_day_hold_limit' ||
    body.code === 'own_booking'
      ? body.code
      : 'slot_taken';
  return {
    code,
    message: typeof body.message === 'string' ? body.message : '',
    bookingUuid: typeof body.booking_uuid === 'string' ? body.booking_uuid : null,
  };
}

export async function rescheduleBooking(uuid: string, startTime: string): Promise<BookingAnswer> {
  const { data } = await apiClient.post<{ data: BookingAnswer }>(`/bookings/${uuid}/reschedule`, { start_time: startTime });
  return data.data;
}

export async function cancelBooking(uuid: string, reason: string): Promise<BookingAnswer> {
  const { data } = await apiClient.post<{ data: BookingAnswer }>(`/bookings/${uuid}/cancel`, { reason });
  return data.data;
}
