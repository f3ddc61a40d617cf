// A patient's own bookings as the booking routes need them: found by uuid (404 for anyone else's), a
// provider's own session, whether a time is still free to book, and feedback on a completed session.
import { HttpError, notFound } from '../core/http.js';
import type { Db, Queryable } from '../db/index.js';
import { type ProviderRow, availableSlots, unpaidHolds } from '../providers/index.js';
import { BOOKING_SELECT, type BookingRow } from './serialize.js';
import { sweepLapsed } from './waitlist.js';

/** A booking row by its id (it exists: the caller holds a reference to it). */
export async function bookingById(q: Queryable, id: number): Promise<BookingRow> {
  return (await q.query<BookingRow>(`${BOOKING_SELECT} WHERE b.id = $1`, [id]))[0]!;
}

/** The user's own booking by its uuid; 404 for anyone else's. */
export async function ownBooking(q: Queryable, uuid: string, userId: number): Promise<BookingRow> {
  const b = (await q.query<BookingRow>(`${BOOKING_SELECT} WHERE b.uuid::text = $1 AND b.user_id = $2`, [uuid, userId]))[0];
  if (!b) throw notFound(`No booking ${uuid}`);
  return b;
}

/** A session of the provider whose log-in this is; 404 for anyone else (the patient, another provider). */
export async function providersOwnBooking(q: Queryable, uuid: string, userId: number): Promise<number> {
  const [b] = await q.query<{ id: number }>(
    `SELECT b.id FROM bookings b JOIN providers p ON p.id = b.provider_id WHERE b.uuid::text = $1 AND p.user_id = $2`,
    [uuid, userId],
  );
  if (!b) throw notFound(`No booking ${uuid}`);
  return b.id;
}

/**
 * The time is free to book for `viewer` (the account booking: a time held for its waitlist offer is free
 * for it), or a 409 that says why: the patient's own booking of it (`actor`'s: Back after paying, then
 * booking again, is not someone else's doing), the patient's own unpaid hold (with its booking, to
 * finish paying it), another patient's hold, or taken.
 */
export async function assertSlotFree(
  db: Db,
  p: ProviderRow,
  start: number,
  viewer: number,
  actor: number,
  now: () => number,
): Promise<void> {
  await sweepLapsed(db, now());
  if ((await availableSlots(db, p, now(), undefined, viewer)).includes(start)) return;
  // Only the person the booking is for is told it is theirs (another profile of the account learns nothing).
  const [own] = await db.query<{ uuid: string }>(
    `SELECT uuid::text AS uuid FROM bookings WHERE user_id = $1 AND provider_id = $2 AND start_time = $3 AND status IN ('confirmed', 'completed')`,
    [actor, p.id, new Date(start)],
  );
  if (own) throw new HttpError(409, 'You have booked this time already', { code: 'own_booking', booking_uuid: own.uuid });
  const hold = (await unpaidHolds(db, p.id, start, start + 1, now(), viewer))[0];
  if (hold?.bookingUuid) {
    throw new HttpError(409, 'You are already holding this time: finish paying for it to book it', {
      code: 'own_hold',
      booking_uuid: hold.bookingUuid,
      held_until: new Date(hold.until).toISOString(),
    });
  }
  if (hold) {
    throw new HttpError(409, 'Another patient is paying for this time; it is held for them until their payment completes or lapses', {
      code: 'slot_held',
      held_until: new Date(hold.until).toISOString(),
    });
  }
  throw new HttpError(409, 'The selected slot is not available', { code: 'slot_taken' });
}

/** Remembers the provider among the user's providers (once). */
export async function rememberProvider(q: Queryable, userId: number, p: ProviderRow): Promise<void> {
  await q.query(`INSERT INTO user_providers (user_id, provider_id, provider_type) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [
    userId,
    p.id,
    p.roles[0] ?? 'therapist',
  ]);
}

/** Feedback on a session, once: false when it was already given. */
export async function leaveSessionFeedback(
  q: Queryable,
  bookingId: number,
  userId: number,
  rating: number,
  comment: string | null,
): Promise<boolean> {
  const r = await q.query(
    `INSERT INTO session_feedback (booking_id, user_id, rating, comment) VALUES ($1, $2, $3, $4) ON CONFLICT (booking_id) DO NOTHING RETURNING id`,
    [bookingId, userId, rating, comment],
  );
  return r.length > 0;
}
