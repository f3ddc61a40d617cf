import type { Queryable } from '../db/index.js';

export interface ProviderRow {
  id: number; uuid: string; firstname: string; lastname: string; roles: string[]; gender: string; languages: string[]; price_tier: number;
  concerns: string[]; currency: string; online_offering: Offering | null; offline_offering: Offering | null; commercials: { medium: string } | null;
  clinic_centre_ids: number[]; bio: string; experience_years: number; timezone: string; work_days: number[]; work_start_hour: number; work_end_hour: number;
  is_support_provider: boolean; offered_durations: number[];
  offer: { discount_amount: { value: number; currency: string } | null; discount_amount_currency: string | null; discount_percentage: number | null } | null;
}
interface Offering {
  minimum_fee: number; currency: string; display_text: string; international_pricing_display_text: string;
  international_price?: { amount: number; currency: string } | null;
  couple: { offering_couple: boolean; minimum_fee: number; display_text: string; international_pricing_display_text: string; international_price?: { amount: number; currency: string } | null } | null;
}

export function providerSummary(p: ProviderRow, earliest: number | null) {
  return {
    uuid: p.uuid, firstname: p.firstname, lastname: p.lastname, roles: p.roles, gender: p.gender, languages: p.languages, price_tier: p.price_tier,
    concerns: p.concerns, earliest_available_datetime: earliest === null ? null : new Date(earliest).toISOString(),
    online_offering: p.online_offering, offline_offering: p.offline_offering, commercials: p.commercials, clinic_centre_ids: p.clinic_centre_ids,
    experience_years: p.experience_years, is_support_provider: p.is_support_provider,
    offer: p.offer ?? null,
  };
}
export function providerDetail(p: ProviderRow, earliest: number | null) {
  return { ...providerSummary(p, earliest), bio: p.bio, timezone: p.timezone };
}

export interface BookingRow {
  id: number; uuid: string; status: string; start_time: Date | string; end_time: Date | string; mode: string; session_type: string; fee: number; currency: string;
  clinic_centre_id: number | null; cancel_reason: string | null; user_id: number; provider_id: number; duration_minutes: number;
  list_price: number | null; price_lines: unknown; hold_until: Date | string | null;
  p_firstname: string; p_lastname: string; p_uuid: string; p_roles: string[];
}
export const BOOKING_SELECT = `SELECT b.*, p.firstname AS p_firstname, p.lastname AS p_lastname, p.uuid::text AS p_uuid, p.roles AS p_roles
  FROM bookings b JOIN providers p ON p.id = b.provider_id`;
const iso = (d: Date | string) => new Date(d).toISOString();
/** The stored lines, or (a booking made before prices were kept) the fee as one line. */
function priceLinesOf(b: BookingRow): { kind: string; label: string; amount: number }[] {
  const kept = (b.price_lines as { price?: { lines?: { kind: string; label: string; amount: number }[] } } | null)?.price?.lines;
  return kept ?? [{ kind: 'list', label: 'Session fee', amount: b.fee }];
}
export function booking(b: BookingRow) {
  return {
    uuid: b.uuid, status: b.status, start_time: iso(b.start_time), end_time: iso(b.end_time), mode: b.mode, session_type: b.session_type, duration_minutes: b.duration_minutes,
    fee: b.fee, currency: b.currency, clinic_centre_id: b.clinic_centre_id, cancel_reason: b.cancel_reason,
    list_price: b.list_price ?? b.fee, price_lines: priceLinesOf(b), hold_until: b.status === 'pending' && b.hold_until ? iso(b.hold_until) : null,
    provider: { firstname: b.p_firstname, lastname: b.p_lastname, uuid: b.p_uuid, roles: b.p_roles },
  };
}
export async function bookingsWhere(q: Queryable, where: string, params: unknown[], order = 'b.start_time ASC') {
  return (await q.query<BookingRow>(`${BOOKING_SELECT} WHERE ${where} ORDER BY ${order}`, params)).map(booking);
}
