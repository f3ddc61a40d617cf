// The booking-details calls the product names: booking participants, appointment links, schedule
// counts and schedule discounts.
import { type Answer, apiClient, type Body } from '@haven/shared';

export type Participant = Answer<'/customers/bookings/{uuid}/participants', 'get'>['data'][number];
export type ParticipantBody = Body<'/customers/bookings/{uuid}/participants', 'put'>;
export type AppointmentLinks = Answer<'/customers/bookings/{uuid}/appointment_links', 'get'>['data'];
export type DayCount = Answer<'/providers/{uuid}/schedule_counts', 'get'>['data']['days'][number];
export type SlotDiscount = Answer<'/providers/{uuid}/schedule_discounts', 'get'>['data']['slots'][number];

const booking = (uuid: string) => `/customers/bookings/${encodeURIComponent(uuid)}`;

export async function fetchParticipants(uuid: string, signal?: AbortSignal): Promise<Participant[]> {
  return (await apiClient.get<Answer<'/customers/bookings/{uuid}/participants', 'get'>>(`${booking(uuid)}/participants`, { signal })).data
    .data;
}
export async function saveParticipant(uuid: string, body: ParticipantBody): Promise<Participant[]> {
  return (await apiClient.put<Answer<'/customers/bookings/{uuid}/participants', 'put'>>(`${booking(uuid)}/participants`, body)).data.data;
}
export async function inviteParticipant(uuid: string): Promise<Participant[]> {
  return (await apiClient.post<Answer<'/customers/bookings/{uuid}/participants/invite', 'post'>>(`${booking(uuid)}/participants/invite`))
    .data.data;
}
export async function fetchAppointmentLinks(uuid: string, signal?: AbortSignal): Promise<AppointmentLinks> {
  return (
    await apiClient.get<Answer<'/customers/bookings/{uuid}/appointment_links', 'get'>>(`${booking(uuid)}/appointment_links`, { signal })
  ).data.data;
}
/** Every day of the next `days` days in `timezone`, days with no free time included (count 0). */
export async function fetchScheduleCounts(providerUuid: string, timezone: string, days: number, signal?: AbortSignal): Promise<DayCount[]> {
  const { data } = await apiClient.get<Answer<'/providers/{uuid}/schedule_counts', 'get'>>(
    `/providers/${encodeURIComponent(providerUuid)}/schedule_counts`,
    {
      params: { timezone, days },
      signal,
    },
  );
  return data.data.days;
}
/** The free times that carry a schedule discount (on `date` in `timezone` when given). */
export async function fetchScheduleDiscounts(
  providerUuid: string,
  timezone: string,
  date: string | null,
  signal?: AbortSignal,
): Promise<SlotDiscount[]> {
  const { data } = await apiClient.get<Answer<'/providers/{uuid}/schedule_discounts', 'get'>>(
    `/providers/${encodeURIComponent(providerUuid)}/schedule_discounts`,
    {
      params: { timezone, ...(date ? { date } : {}) },
      signal,
    },
  );
  return data.data.slots;
}
