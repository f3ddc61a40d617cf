import type { Queryable } from '../db/index.js';

export interface BookingRow {
  id: number;
  uuid: string;
  status: string;
  start_time: Date | string;
  end_time: Date | string;
  mode: string;
  session_type: string;
  fee: number;
  currency: string;
  clinic_centre_id: number | null;
  cancel_reason: string | null;
  user_id: number;
  provider_id: number;
  duration_minutes: number;
  list_price: number | null;
  price_lines: unknown;
  hold_until: Date | string | null;
  p_firstname: string;
  p_lastname: string;
  p_uuid: string;
  p_roles: string[];
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
    uuid: b.uuid,
    status: b.status,
    start_time: iso(b.start_time),
    end_time: iso(b.end_time),
    mode: b.mode,
    session_type: b.session_type,
    duration_minutes: b.duration_minutes,
    fee: b.fee,
    currency: b.currency,
    clinic_centre_id: b.clinic_centre_id,
    cancel_reason: b.cancel_reason,
    list_price: b.list_price ?? b.fee,
    price_lines: priceLinesOf(b),
    hold_until: b.status === 'pending' && b.hold_until ? iso(b.hold_until) : null,
    provider: { firstname: b.p_firstname, lastname: b.p_lastname, uuid: b.p_uuid, roles: b.p_roles },
  };
}
export async function bookingsWhere(q: Queryable, where: string, params: unknown[], order = 'b.start_time ASC') {
  return (await q.query<BookingRow>(`${BOOKING_SELECT} WHERE ${where} ORDER BY ${order}`, params)).map(booking);
}
