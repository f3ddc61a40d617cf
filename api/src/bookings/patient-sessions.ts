// A patient's sessions as their home lists them: upcoming (and suggested by a provider), completed, counted.
import type { Queryable } from '../db/index.js';
import { bookingsWhere } from './serialize.js';

/** Upcoming sessions (pending or confirmed, not yet over) and the ones a provider suggested, apart. */
export async function upcomingSessions(q: Queryable, userId: number) {
  const all = await bookingsWhere(
    q,
    `b.user_id = $1 AND ((b.status IN ('pending', 'confirmed') AND b.end_time > now()) OR (b.status = 'suggested' AND b.start_time > now()))`,
    [userId],
  );
  return { bookings: all.filter((b) => b.status !== 'suggested'), suggested_bookings: all.filter((b) => b.status === 'suggested') };
}

/** Completed sessions, newest first. */
export async function completedSessions(q: Queryable, userId: number) {
  return bookingsWhere(q, `b.user_id = $1 AND b.status = 'completed'`, [userId], 'b.start_time DESC');
}

export async function sessionCounts(q: Queryable, userId: number): Promise<{ completed: number; upcoming: number }> {
  const [r] = await q.query<{ completed: number; upcoming: number }>(
    `SELECT count(*) FILTER (WHERE status = 'completed')::int AS completed, count(*) FILTER (WHERE status IN ('pending','confirmed') AND end_time > now())::int AS upcoming
         FROM bookings WHERE user_id = $1`,
    [userId],
  );
  return r!;
}

/** Sessions `userId` has held (completed) with the provider `providerId`. */
export async function heldSessionsWith(q: Queryable, userId: number, providerId: number): Promise<number> {
  const [r] = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM bookings WHERE user_id = $1 AND provider_id = $2 AND status = 'completed'`,
    [userId, providerId],
  );
  return r!.n;
}
