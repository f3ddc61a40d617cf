// A session that is on now, for the session-room tooling of development (POST /dev/session_room) and for
// tests of production, where that route does not exist. Fixture data, not a product write.
import type { Queryable } from '../db/index.js';

export interface LiveSession {
  userId: number;
  providerId: number;
  /** Milliseconds since the epoch. */
  start: number;
  minutes: number;
  status: 'confirmed' | 'cancelled';
  /** What the session cost, paid through the simulated gateway (0: a free session). */
  fee: number;
}

/** Inserts an online session (and its payment when it has a fee); its id and uuid. */
export async function insertLiveSession(q: Queryable, s: LiveSession): Promise<{ id: number; uuid: string }> {
  const [row] = await q.query<{ uuid: string; id: number }>(
    `INSERT INTO bookings (user_id, provider_id, start_time, end_time, mode, session_type, status, duration_minutes, fee, list_price)
     VALUES ($1, $2, $3, $4, 'online', 'individual', $5, $6, $7, $7) RETURNING id, uuid::text`,
    [
      s.userId,
      s.providerId,
      new Date(s.start).toISOString(),
      new Date(s.start + s.minutes * 60_000).toISOString(),
      s.status,
      s.minutes,
      s.fee,
    ],
  );
  if (s.fee > 0) {
    await q.query(
      `INSERT INTO payment_transactions (booking_id, user_id, amount, currency, gateway, status) VALUES ($1, $2, $3, 'INR', 'simulated', 'paid')`,
      [row!.id, s.userId, s.fee],
    );
  }
  return row!;
}
