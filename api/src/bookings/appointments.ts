// What a booked session looks like from outside the app: the partner's invite, the appointment links
// (room opening times or the clinic with a map link, a calendar file), and the free times around it
// (the next session's, the schedule's days with their counts and discounts).
import type { Db, Queryable } from '../db/index.js';
import { displayTime, localParts } from '../core/time.js';
import { type ProviderRow, availableSlots } from '../providers/index.js';
import { JOIN_WINDOW_MINUTES } from '@haven/rules';
import { calendarFile, discountFor, discountRules, mapUrl } from './booking-details.js';
import type { BookingRow } from './serialize.js';
import { coupleSessionInvite } from '../messages/index.js';

const iso = (t: number | Date | string) => new Date(t).toISOString();
export interface Clinic {
  centre_name: string;
  city: string;
  address: string;
  map_url: string;
}

/** The clinic centre of an offline booking, with a map link; null for an online one. */
export async function clinicOf(q: Queryable, b: Pick<BookingRow, 'clinic_centre_id'>): Promise<Clinic | null> {
  if (!b.clinic_centre_id) return null;
  const [c] = await q.query<{ centre_name: string; address: string; city: string }>(
    `SELECT cc.centre_name, cc.address, c.name AS city FROM clinic_centres cc JOIN clinics c ON c.id = cc.clinic_id WHERE cc.id = $1`,
    [b.clinic_centre_id],
  );
  return c
    ? { centre_name: c.centre_name, city: c.city, address: c.address, map_url: mapUrl(`${c.centre_name}, ${c.address}, ${c.city}`) }
    : null;
}

/**
 * The partner's invite: only the product's own words go out (the provider, the time and the place, all
 * the product's data). Names the caller typed (the partner's, their own) never reach the message, so
 * the invite cannot carry someone's text to any address.
 */
export function partnerInvite(
  p: Pick<ProviderRow, 'firstname' | 'lastname' | 'timezone'>,
  startTime: Date | string,
  clinic: Clinic | null,
): { subject: string; body: string } {
  const start = new Date(startTime).getTime();
  const when = `${localParts(start, p.timezone).date} at ${displayTime(start, p.timezone)} (${p.timezone})`;
  return coupleSessionInvite(`${p.firstname} ${p.lastname}`, when, clinic);
}

/** Records when the partner was invited. */
export async function markParticipantInvited(q: Queryable, participantId: number, now: number): Promise<void> {
  await q.query(`UPDATE booking_participants SET invited_at = $2 WHERE id = $1`, [participantId, iso(now)]);
}

/** The links of a session: its page, the online room's opening times or the clinic, and a calendar file (.ics). */
export function appointmentLinks(b: BookingRow, clinic: Clinic | null, now: number) {
  const start = new Date(b.start_time).getTime();
  const end = new Date(b.end_time).getTime();
  const sessionPath = `/booking/session/${b.uuid}`;
  const kind = b.session_type === 'couple' ? 'Couple session' : 'Session';
  const content = calendarFile({
    uid: b.uuid,
    start,
    end,
    now,
    url: sessionPath,
    summary: `${kind} with ${b.p_firstname} ${b.p_lastname}`,
    description: clinic
      ? `In clinic at ${clinic.centre_name}. Map: ${clinic.map_url}`
      : `Online. Join from your Haven dashboard ${JOIN_WINDOW_MINUTES} minutes before the start.`,
    location: clinic ? `${clinic.centre_name}, ${clinic.address}, ${clinic.city}` : 'Online (Haven video session)',
  });
  return {
    session_path: sessionPath,
    join:
      b.mode === 'online'
        ? { opens_at: iso(start - JOIN_WINDOW_MINUTES * 60_000), closes_at: iso(end), dashboard_path: '/dashboard' }
        : null,
    clinic,
    calendar: { filename: `haven-session-${localParts(start, 'UTC').date}.ics`, content_type: 'text/calendar' as const, content },
  };
}

/** Free times of a provider with the discount each carries; `viewer` also sees the times held for their waitlist offers. */
export async function freeSlotsWithDiscounts(db: Db, p: ProviderRow, viewer: number | null, now: number, durationMinutes = 50) {
  const rules = await discountRules(db, p.id);
  return (await availableSlots(db, p, now, undefined, viewer)).map((s) => ({
    start: s,
    start_time: iso(s),
    end_time: iso(s + durationMinutes * 60_000),
    discount_percent: discountFor(rules, p, s)?.percent ?? 0,
  }));
}

/**
 * Free times per calendar day in `tz` for `days` days from today, days with none included (count 0),
 * with the best discount of each day. Noon steps never skip or repeat a day across offset changes.
 */
export function countsByDay(slots: readonly { start: number; discount_percent: number }[], tz: string, days: number, now: number) {
  const out: Array<{ date: string; slots_count: number; best_discount_percent: number }> = [];
  const today = localParts(now, tz);
  for (let i = 0; i < days; i++) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + i, 12)).toISOString().slice(0, 10);
    out.push({ date, slots_count: 0, best_discount_percent: 0 });
  }
  const byDate = new Map(out.map((d) => [d.date, d]));
  for (const s of slots) {
    const d = byDate.get(localParts(s.start, tz).date);
    if (!d) continue;
    d.slots_count++;
    d.best_discount_percent = Math.max(d.best_discount_percent, s.discount_percent);
  }
  return out;
}

/** The provider's discount rules and the free times that carry one (on one date in `tz` when `date` is given). */
export async function discountedSlots(db: Db, p: ProviderRow, viewer: number | null, tz: string, date: string | undefined, now: number) {
  const rules = await discountRules(db, p.id);
  const slots = [];
  for (const s of await availableSlots(db, p, now, undefined, viewer)) {
    if (date && localParts(s, tz).date !== date) continue;
    const d = discountFor(rules, p, s);
    if (d) slots.push({ start_time: iso(s), percent: d.percent, label: d.label });
  }
  return { rules: rules.map((r) => ({ ...r, weekdays: [...r.weekdays] })), slots };
}
