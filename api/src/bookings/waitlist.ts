// Waitlists: a patient with no free slot in their range waits for a provider or a role;
// when a slot of that provider opens (the provider adds one, a booking is cancelled) the first in line
// is offered it: an in-app notification and a message in the outbox. Booking it is the normal booking.
import type { Db, Queryable } from '../db/index.js';
import { type ProviderRow, availableSlots } from '../providers/index.js';
import { WAITLIST_OFFER_HOLD_MINUTES } from '../config/waitlist.js';
import { displayTime, localParts } from '../core/time.js';
import { deliver } from '../core/outbox.js';
import { completeEnded, expireHolds } from './booking-state.js';
import { waitlistOffer } from '../messages/index.js';

export interface WaitlistRow {
  id: number;
  uuid: string;
  user_id: number;
  provider_id: number | null;
  role: string | null;
  range_start: Date | string;
  range_end: Date | string;
  status: string;
  offered_provider_id: number | null;
  offered_start: Date | string | null;
  offer_expires_at: Date | string | null;
  created_at: Date | string;
}

/** Starts offered to someone on a waitlist and not yet booked: not offered twice. */
async function offeredStarts(q: Queryable, providerId: number): Promise<Set<number>> {
  const rows = await q.query<{ offered_start: Date | string }>(
    `SELECT offered_start FROM waitlists WHERE status = 'offered' AND offered_provider_id = $1`,
    [providerId],
  );
  return new Set(rows.map((r) => new Date(r.offered_start).getTime()));
}

/** Where the offer goes: the account's e-mail (a profile's is its parent account's). */
async function contactOf(q: Queryable, userId: number): Promise<{ email: string | null; zone: string }> {
  const [u] = await q.query<{ email: string | null; parent_email: string | null; timezone: string | null }>(
    `SELECT u.email, p.email AS parent_email, COALESCE(u.timezone, p.timezone) AS timezone FROM users u LEFT JOIN users p ON p.id = u.parent_user_id WHERE u.id = $1`,
    [userId],
  );
  return { email: u?.email ?? u?.parent_email ?? null, zone: u?.timezone ?? 'Asia/Kolkata' };
}

export async function notify(q: Queryable, userId: number, n: { kind: string; title: string; body: string; link: string | null }) {
  await q.query(`INSERT INTO notifications (user_id, kind, title, body, link) VALUES ($1, $2, $3, $4, $5)`, [
    userId,
    n.kind,
    n.title,
    n.body,
    n.link,
  ]);
}

/**
 * Offers `providerId`'s open slots to the people waiting for it (or for one of its roles), first come
 * first served; each offered time is held for its patient (config/waitlist.ts). Call it through
 * offerInTurn, which keeps two processes from offering the same time twice.
 */
async function offerOpenedSlots(q: Queryable, providerId: number, now: number): Promise<number> {
  const [p] = await q.query<ProviderRow>(`SELECT * FROM providers WHERE id = $1`, [providerId]);
  if (!p || p.is_support_provider) return 0;
  const waiting = await q.query<WaitlistRow>(
    `SELECT * FROM waitlists WHERE status = 'waiting' AND (provider_id = $1 OR (provider_id IS NULL AND $2::jsonb @> jsonb_build_array(role)))
       ORDER BY created_at, id`,
    [p.id, JSON.stringify(p.roles)],
  );
  if (waiting.length === 0) return 0;
  const free = await availableSlots(q, p, now);
  const taken = await offeredStarts(q, p.id);
  let offered = 0;
  for (const w of waiting) {
    const from = new Date(w.range_start).getTime();
    const to = new Date(w.range_end).getTime();
    const start = free.find((s) => s >= from && s < to && !taken.has(s));
    if (start === undefined) continue;
    taken.add(start);
    const moved = await q.query(
      `UPDATE waitlists SET status = 'offered', offered_provider_id = $2, offered_start = $3, offered_at = $4, offer_expires_at = $5 WHERE id = $1 AND status = 'waiting' RETURNING id`,
      [
        w.id,
        p.id,
        new Date(start).toISOString(),
        new Date(now).toISOString(),
        new Date(now + WAITLIST_OFFER_HOLD_MINUTES * 60_000).toISOString(),
      ],
    );
    if (moved.length === 0) continue;
    const { email, zone } = await contactOf(q, w.user_id);
    const when = `${localParts(start, zone).date} at ${displayTime(start, zone)} (${zone})`;
    const until = `${displayTime(now + WAITLIST_OFFER_HOLD_MINUTES * 60_000, zone)} (${zone})`;
    const name = `${p.firstname} ${p.lastname}`;
    const link = `/booking?provider=${p.uuid}&step=1`;
    await notify(q, w.user_id, {
      kind: 'waitlist_offer',
      title: `A time opened with ${name}`,
      body: `${name} has a free time on ${when}. It is held for you until ${until}.`,
      link,
    });
    if (email) await deliver(q, { channel: 'email', to: email, ...waitlistOffer(name, when, until, link) });
    offered++;
  }
  return offered;
}

/** A booking with the offered provider ends the patient's wait for it. */
export async function waitlistBooked(q: Queryable, userId: number, providerId: number): Promise<void> {
  await q.query(
    `UPDATE waitlists SET status = 'booked' WHERE user_id = $1 AND status IN ('waiting', 'offered') AND (offered_provider_id = $2 OR provider_id = $2)`,
    [userId, providerId],
  );
}

/** One name for every offering of waitlist times, in every api process. */
const OFFER_LOCK = 'haven:waitlist-offers';

/**
 * Offers the open times of `providerIds` to their waitlists, in one transaction holding a database-wide
 * advisory lock, so that two api processes (or a sweep and a cancellation) never offer one time to two
 * patients.
 */
export function offerInTurn(db: Db, providerIds: number[], now: number): Promise<number> {
  if (providerIds.length === 0) return Promise.resolve(0);
  return db.tx(async (q) => {
    await q.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [OFFER_LOCK]);
    let offered = 0;
    for (const id of new Set(providerIds)) offered += await offerOpenedSlots(q, id, now);
    return offered;
  });
}

/**
 * Lapsed payment holds expire and lapsed offers end (`lapsed`); the times they held go to the waitlist
 * (the next in line). The UPDATEs lock the rows they change, so with two processes each lapse is seen
 * by one of them only; the offering is serialised by offerInTurn. Answers how many were offered.
 */
export async function sweepLapsed(db: Db, now: number): Promise<number> {
  // Sessions that ended are completed (one guarded statement: safe in every process at once).
  await completeEnded(db, now);
  const providers = await expireHolds(db, now);
  const lapsed = await db.query<{ provider_id: number }>(
    `UPDATE waitlists SET status = 'lapsed' WHERE status = 'offered' AND offer_expires_at <= $1 RETURNING offered_provider_id AS provider_id`,
    [new Date(now).toISOString()],
  );
  return offerInTurn(db, [...providers, ...lapsed.map((r) => r.provider_id)], now);
}

/** The periodic sweep of an api process (stopped by the returned function); a failed run is logged and the next one tries again. */
export function startSweep(db: Db, now: () => number, everyMs: number, log: (e: unknown) => void): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepLapsed(db, now())
      .catch(log)
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
