// The booking-details calls the product names: booking participants, appointment links, schedule
// counts and schedule discounts.
import { apiClient } from '@haven/shared';

export interface Participant {
  uuid: string;
  name: string;
  email: string | null;
  /** E.164 */
  mobile: string | null;
  invited_at: string | null;
}
export interface ParticipantBody {
  name: string;
  email: string | null;
  country_code: string;
  mobile: string | null;
}
export interface AppointmentLinks {
  session_path: string;
  join: { opens_at: string; closes_at: string; dashboard_path: string } | null;
  clinic: { centre_name: string; city: string; address: string; map_url: string } | null;
  calendar: { filename: string; content_type: 'text/calendar'; content: string };
}
export interface DayCount {
  date: string;
  slots_count: number;
  best_discount_percent: number;
}
export interface SlotDiscount {
  start_time: string;
  percent: number;
  label: string;
}

const booking = (uuid: string) => `/customers/bookings/${encodeURIComponent(uuid)}`;

export async function fetchParticipants(uuid: string, signal?: AbortSignal): Promise<Participant[]> {
  return (await apiClient.get<{ data: Participant[] }>(`${booking(uuid)}/participants`, { signal })).data.data;
}
export async function saveParticipant(uuid: string, body: ParticipantBody): Promise<Participant[]> {
  return (await apiClient.put<{ data: Participant[] }>(`${booking(uuid)}/participants`, body)).data.data;
}
export async function inviteParticipant(uuid: string): Promise<Participant[]> {
  return (await apiClient.post<{ data: Participant[] }>(`${booking(uuid)}/participants/invite`)).data.data;
}
export async function fetchAppointmentLinks(uuid: string, signal?: AbortSignal): Promise<AppointmentLinks> {
  return (await apiClient.get<{ data: AppointmentLinks }>(`${booking(uuid)}/appointment_links`, { signal })).data.data;
}
/** Every day of the next `days` days in `timezone`, days with no free time included (count 0). */
export async function fetchScheduleCounts(providerUuid: string, timezone: string, days: number, signal?: AbortSignal): Promise<DayCount[]> {
  const { data } = await apiClient.get<{ data: { days: DayCount[] } }>(`/providers/${encodeURIComponent(providerUuid)}/schedule_counts`, {
    params: { timezone, days },
    signal,
  });
  return data.data.days;
}
/** The free times that carry a schedule discount (on `date` in `timezone` when given). */
export async function fetchScheduleDiscounts(
  providerUuid: string,
  timezone: string,
  date: string | null,
  signal?: AbortSignal,
): Promise<SlotDiscount[]> {
  const { data } = await apiClient.get<{ data: { slots: SlotDiscount[] } }>(
    `/providers/${encodeURIComponent(providerUuid)}/schedule_discounts`,
    {
      params: { timezone, ...(date ? { date } : {}) },
      signal,
    },
  );
  return data.data.slots;
}
