import { type Answer, apiClient, type ApiErrorBody, httpStatusOf, isApiError, type ApiSchema, type Body } from '@haven/shared';

type SlotsAnswer = Answer<'/providers/{uuid}/slots', 'get'>['data'];
export type Slot = SlotsAnswer['slots'][number];
/** The api's Booking (OpenAPI contract). */
export type BookingAnswer = ApiSchema<'Booking'>;
export type ClinicAnswer = Answer<'/customers/ih_clinics', 'get'>['data'][number];
/** A new booking (its couple partner, the zone the patient was shown prices in: the contract's descriptions). */
export type NewBooking = Body<'/bookings', 'post'>;

/** A time held by an unpaid booking: the patient's own (its booking, to finish paying) or another patient's (null). */
export type HeldSlot = NonNullable<SlotsAnswer['held']>[number];

/** Free slots on `date` (a calendar date in `timezone`), and the times held unpaid on it. */
export async function fetchSlots(
  uuid: string,
  date: string,
  timezone: string,
  signal?: AbortSignal,
): Promise<{ slots: Slot[]; held: HeldSlot[] }> {
  const { data } = await apiClient.get<Answer<'/providers/{uuid}/slots', 'get'>>(`/providers/${uuid}/slots`, {
    params: { date, timezone },
    signal,
  });
  return { slots: data.data.slots, held: data.data.held ?? [] };
}

/** The offered durations (product rules, Booking and time zones): the session lengths (minutes) the provider offers, shortest first. */
export async function fetchOfferedDurations(uuid: string, signal?: AbortSignal): Promise<number[]> {
  const { data } = await apiClient.get<Answer<'/providers/{uuid}/offered_durations', 'get'>>(`/providers/${uuid}/offered_durations`, {
    signal,
  });
  return data.data.durations;
}

export async function fetchClinics(signal?: AbortSignal): Promise<ClinicAnswer[]> {
  const { data } = await apiClient.get<Answer<'/customers/ih_clinics', 'get'>>('/customers/ih_clinics', { signal });
  return data.data;
}

/** Creates a pending booking that holds the slot. A taken slot answers 409 (the caller tells the patient). */
export async function createBooking(body: NewBooking): Promise<BookingAnswer> {
  const { data } = await apiClient.post<Answer<'/bookings', 'post'>>('/bookings', body);
  return data.data;
}

/** Confirms a pending booking that has nothing to pay. */
export async function confirmBooking(uuid: string): Promise<BookingAnswer> {
  const { data } = await apiClient.post<Answer<'/bookings/{uuid}/confirm', 'post'>>(`/bookings/${uuid}/confirm`);
  return data.data;
}

export async function fetchBooking(uuid: string, signal?: AbortSignal): Promise<BookingAnswer> {
  const { data } = await apiClient.get<Answer<'/bookings/{uuid}', 'get'>>(`/bookings/${uuid}`, { signal });
  return data.data;
}

export const isSlotTaken = (e: unknown) => httpStatusOf(e) === 409;

/**
 * Why the api refused a time (409): taken, held by another patient's unpaid booking, the patient's own
 * hold, their hold limit, their hold on this provider's day already, or their own booking of it (Back
 * after paying, then booking again).
 */
// The page's reading of a refusal (camelCase, one of the codes it tells apart), not an api shape.
/* eslint-disable no-restricted-syntax */
export interface SlotRefusal {
  code: 'slot_taken' | 'slot_held' | 'own_hold' | 'hold_limit' | 'provider_day_hold_limit' | 'own_booking';
  message: string;
  bookingUuid: string | null;
}
/* eslint-enable no-restricted-syntax */
export function slotRefusal(e: unknown): SlotRefusal | null {
  if (!isApiError<Partial<ApiErrorBody> | string>(e) || e.response?.status !== 409) return null;
  const data = e.response.data;
  const body = typeof data === 'object' && data !== null ? data : {};
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
  const { data } = await apiClient.post<Answer<'/bookings/{uuid}/reschedule', 'post'>>(`/bookings/${uuid}/reschedule`, {
    start_time: startTime,
  });
  return data.data;
}

export async function cancelBooking(uuid: string, reason: string): Promise<BookingAnswer> {
  const { data } = await apiClient.post<Answer<'/bookings/{uuid}/cancel', 'post'>>(`/bookings/${uuid}/cancel`, { reason });
  return data.data;
}
