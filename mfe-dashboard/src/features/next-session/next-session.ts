// Which session the "book your next session" offer follows, and the booking address of one offered time.
import type { Booking } from '@haven/shared';
import type { NextSessionSlots } from './next-session-calls';

/** The soonest confirmed upcoming session, else the soonest upcoming one, else the latest completed one. */
export function nextSessionAnchor(upcoming: readonly Booking[], completed: readonly Booking[]): Booking | null {
  const byStart = (a: Booking, b: Booking) => a.start_time.localeCompare(b.start_time);
  const soon = [...upcoming].sort(byStart);
  return soon.find((b) => b.status === 'confirmed') ?? soon[0] ?? [...completed].sort(byStart).at(-1) ?? null;
}

/** The calendar date of an instant in `zone` (YYYY-MM-DD). */
const dateIn = (iso: string, zone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));

/** The booking flow at its Confirm step with this time, length, mode and session type chosen (one tap). */
export function nextSessionHref(
  n: Pick<NextSessionSlots, 'provider' | 'mode' | 'session_type' | 'duration_minutes' | 'clinic_centre_id'>,
  startIso: string,
  zone: string,
): string {
  const q = new URLSearchParams({
    provider: n.provider.uuid,
    step: '5',
    mode: n.mode,
    type: n.session_type,
    duration: String(n.duration_minutes),
    date: dateIn(startIso, zone),
    slot: startIso,
    tz: zone,
  });
  if (n.mode === 'offline' && n.clinic_centre_id) q.set('centre', String(n.clinic_centre_id));
  return `/booking?${q.toString()}`;
}
