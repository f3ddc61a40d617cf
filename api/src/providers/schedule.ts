// Provider availability: hourly 50-minute sessions inside the provider's working hours (in the
// provider's own time zone), minus booked slots, at least LEAD_MS ahead.
import type { Queryable } from '../db/index.js';
import type { ProviderRow } from './serialize.js';
import { localParts, zonedToUtc } from '../core/time.js';

export const SESSION_MINUTES = 50;
export const LEAD_MS = 2 * 3600_000;
export const HORIZON_DAYS = 21;

export function workSlots(
  p: Pick<ProviderRow, 'timezone' | 'work_days' | 'work_start_hour' | 'work_end_hour'>,
  from: number,
  to: number,
): number[] {
  const out: number[] = [];
  const seen = new Set<string>();
  for (let t = from - 86_400_000; t < to + 86_400_000; t += 3 * 3600_000) {
    const lp = localParts(t, p.timezone);
    if (seen.has(lp.date)) continue;
    seen.add(lp.date);
    if (!p.work_days.includes(lp.isoWeekday)) continue;
    for (let h = p.work_start_hour; h < p.work_end_hour; h++) {
      const s = zonedToUtc(lp.year, lp.month, lp.day, h, 0, p.timezone);
      if (s >= from && s < to) out.push(s);
    }
  }
  return out.sort((a, b) => a - b);
}

/**
 * Starts taken by a confirmed booking, a pending one whose hold has not lapsed at `now`, or a waitlist
 * offer still held (config/waitlist.ts) for someone other than `viewer` (an account id: its own offers
 * and its profiles' stay bookable for it).
 */
export async function bookedStarts(
  q: Queryable,
  providerIds: number[],
  from: number,
  to: number,
  now = Date.now(),
  viewer: number | null = null,
): Promise<Map<number, Set<number>>> {
  const map = new Map<number, Set<number>>();
  if (providerIds.length === 0) return map;
  const rows = await q.query<{ provider_id: number; start_time: Date | string }>(
    `SELECT provider_id, start_time FROM bookings WHERE provider_id = ANY($1::int[]) AND start_time >= $2 AND start_time < $3
       AND (status = 'confirmed' OR (status = 'pending' AND (hold_until IS NULL OR hold_until > $4)))
     UNION ALL
     SELECT w.offered_provider_id, w.offered_start FROM waitlists w JOIN users u ON u.id = w.user_id
       WHERE w.status = 'offered' AND w.offered_provider_id = ANY($1::int[]) AND w.offered_start >= $2 AND w.offered_start < $3 AND w.offer_expires_at > $4
         AND ($5::int IS NULL OR (w.user_id <> $5 AND u.parent_user_id IS DISTINCT FROM $5))`,
    [providerIds, new Date(from).toISOString(), new Date(to).toISOString(), new Date(now).toISOString(), viewer],
  );
  for (const r of rows) {
    const set = map.get(r.provider_id) ?? new Set<number>();
    set.add(new Date(r.start_time).getTime());
    map.set(r.provider_id, set);
  }
  return map;
}

/** An unpaid hold on a provider's time: until when, and the booking when it is the viewer's own. */
export interface Hold {
  start: number;
  until: number;
  bookingUuid: string | null;
}

/**
 * The unpaid holds (pending bookings whose payment hold has not lapsed) on a provider's times in
 * [from, to), so a patient is told why a time is not free. `viewer` (an account id) sees its own holds
 * and its profiles' with their booking; another patient's hold names nobody.
 */
export async function unpaidHolds(
  q: Queryable,
  providerId: number,
  from: number,
  to: number,
  now: number,
  viewer: number | null,
): Promise<Hold[]> {
  const rows = await q.query<{ start_time: Date | string; hold_until: Date | string; uuid: string; mine: boolean }>(
    `SELECT b.start_time, b.hold_until, b.uuid::text,
            ($5::int IS NOT NULL AND b.user_id IN (SELECT id FROM users WHERE id = $5 OR parent_user_id = $5)) AS mine
       FROM bookings b WHERE b.provider_id = $1 AND b.start_time >= $2 AND b.start_time < $3
        AND b.status = 'pending' AND b.hold_until IS NOT NULL AND b.hold_until > $4
      ORDER BY b.start_time`,
    [providerId, new Date(from).toISOString(), new Date(to).toISOString(), new Date(now).toISOString(), viewer],
  );
  return rows.map((r) => ({
    start: new Date(r.start_time).getTime(),
    until: new Date(r.hold_until).getTime(),
    bookingUuid: r.mine ? r.uuid : null,
  }));
}

/** Slots a provider added outside their working hours (migration 028; a waitlist is offered them). */
export async function extraStarts(q: Queryable, providerIds: number[], from: number, to: number): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>();
  if (providerIds.length === 0) return map;
  const rows = await q.query<{ provider_id: number; start_time: Date | string }>(
    `SELECT provider_id, start_time FROM provider_extra_slots WHERE provider_id = ANY($1::int[]) AND start_time >= $2 AND start_time < $3`,
    [providerIds, new Date(from).toISOString(), new Date(to).toISOString()],
  );
  for (const r of rows) map.set(r.provider_id, [...(map.get(r.provider_id) ?? []), new Date(r.start_time).getTime()]);
  return map;
}

/** Working-hour slots plus added ones, sorted, each once. */
const allStarts = (p: ProviderRow, extra: number[] | undefined, from: number, to: number) =>
  [...new Set([...workSlots(p, from, to), ...(extra ?? [])])].sort((a, b) => a - b);

/** `viewer`: the account asking (its held waitlist offers are free for it); null: anyone. */
export async function availableSlots(
  q: Queryable,
  p: ProviderRow,
  now = Date.now(),
  days = HORIZON_DAYS,
  viewer: number | null = null,
): Promise<number[]> {
  const from = now + LEAD_MS;
  const to = now + days * 86_400_000;
  const booked = (await bookedStarts(q, [p.id], from, to, now, viewer)).get(p.id) ?? new Set();
  const extra = (await extraStarts(q, [p.id], from, to)).get(p.id);
  return allStarts(p, extra, from, to).filter((s) => !booked.has(s));
}

export async function earliestFor(q: Queryable, providers: ProviderRow[], now = Date.now()): Promise<Map<number, number | null>> {
  const free = await nextFreeStarts(q, providers, 1, now);
  return new Map(providers.map((p) => [p.id, free.get(p.id)?.[0] ?? null]));
}

/** Each provider's first `count` free starts in the next two weeks (the card's next free times), in one read for all. */
export async function nextFreeStarts(
  q: Queryable,
  providers: ProviderRow[],
  count: number,
  now = Date.now(),
): Promise<Map<number, number[]>> {
  const from = now + LEAD_MS;
  const to = now + 14 * 86_400_000;
  const ids = providers.map((p) => p.id);
  const booked = await bookedStarts(q, ids, from, to, now);
  const extra = await extraStarts(q, ids, from, to);
  const out = new Map<number, number[]>();
  for (const p of providers) {
    const b = booked.get(p.id) ?? new Set();
    out.set(
      p.id,
      allStarts(p, extra.get(p.id), from, to)
        .filter((s) => !b.has(s))
        .slice(0, count),
    );
  }
  return out;
}
