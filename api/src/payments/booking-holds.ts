// A priced booking: a new one holds its time unpaid (within the account's limit of unpaid holds), and a
// moved one is re-priced at its new time. The price kept with the booking is the one price rule's.
import { HttpError } from '../core/http.js';
import type { Queryable } from '../db/index.js';
import { PAYMENT_HOLD_MINUTES } from '../config/booking.js';
import { type BookingRow, transition } from '../bookings/index.js';
import type { Price, PriceInput } from '@haven/rules';
import { ACCOUNT_BOOKINGS, lockAccount, maxHoldsPerProviderDay, maxUnpaidHolds } from './pricing.js';
import { expireOpenCheckouts } from './transactions.js';

export interface PendingBooking {
  userId: number;
  account: number;
  providerId: number;
  start: number;
  minutes: number;
  mode: 'online' | 'offline';
  sessionType: string;
  clinicCentreId: number | null;
  inputs: PriceInput;
  priced: Price;
  now: number;
}

/**
 * Inserts a pending booking holding its time for the payment hold. Unpaid holds are counted per
 * account, under the account's lock (two requests cannot both be the Nth); a free booking holds nothing
 * to pay and is not counted against that limit. Every hold, free or not, counts against the account's
 * holds on that provider's day (MAX_HOLDS_PER_PROVIDER_DAY). Call it inside a transaction.
 */
export async function holdPendingBooking(q: Queryable, n: PendingBooking): Promise<{ id: number; uuid: string }> {
  await lockAccount(q, n.account);
  const [{ held }] = (await q.query<{ held: number }>(
    `SELECT count(*)::int AS held FROM bookings b WHERE ${ACCOUNT_BOOKINGS(1)} AND b.status = 'pending' AND b.hold_until > $2`,
    [n.account, new Date(n.now).toISOString()],
  )) as [{ held: number }];
  if (n.priced.total > 0 && held >= maxUnpaidHolds()) {
    throw new HttpError(409, `You already hold ${held} unpaid sessions: pay for or leave one of them before holding another time`, {
      code: 'hold_limit',
    });
  }
  // Every hold of the account on this provider's local date, free or priced: a few accounts must not
  // hold a provider's whole day between them.
  const [{ sameDay }] = (await q.query<{ sameDay: number }>(
    `SELECT count(*)::int AS "sameDay" FROM bookings b JOIN providers p ON p.id = b.provider_id
      WHERE ${ACCOUNT_BOOKINGS(1)} AND b.provider_id = $2 AND b.status = 'pending' AND b.hold_until > $3
        AND (b.start_time AT TIME ZONE p.timezone)::date = ($4::timestamptz AT TIME ZONE p.timezone)::date`,
    [n.account, n.providerId, new Date(n.now).toISOString(), new Date(n.start).toISOString()],
  )) as [{ sameDay: number }];
  if (sameDay >= maxHoldsPerProviderDay()) {
    throw new HttpError(
      409,
      `You already hold ${sameDay === 1 ? 'a time' : `${sameDay} times`} with this provider on this day: pay for or leave it before holding another`,
      { code: 'provider_day_hold_limit' },
    );
  }
  const [r] = await q.query<{ id: number; uuid: string }>(
    `INSERT INTO bookings (user_id, provider_id, start_time, end_time, mode, session_type, status, fee, currency, clinic_centre_id, duration_minutes, hold_until, discount_percent, list_price, price_lines)
     VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id, uuid::text`,
    [
      n.userId,
      n.providerId,
      new Date(n.start).toISOString(),
      new Date(n.start + n.minutes * 60_000).toISOString(),
      n.mode,
      n.sessionType,
      n.priced.total,
      n.priced.currency,
      n.clinicCentreId,
      n.minutes,
      new Date(n.now + PAYMENT_HOLD_MINUTES * 60_000).toISOString(),
      n.inputs.scheduleDiscountPercent,
      n.priced.list,
      JSON.stringify({ inputs: n.inputs, price: n.priced }),
    ],
  );
  return r!;
}

/**
 * Moves a booking to `start` at its new price, guarded on the status it was read in (the price was
 * checked at that status). An open checkout was for the old price: it ends, and paying starts again at
 * the new one. Call it inside a transaction.
 */
export async function moveBooking(
  q: Queryable,
  b: BookingRow,
  start: number,
  inputs: PriceInput,
  priced: Price,
  now: number,
): Promise<void> {
  await assertNotExtended(q, b.id);
  // An extension waiting for its payment was for the old time: it gives its place back, and its checkout ends.
  await q.query(
    `WITH released AS (UPDATE session_extensions SET status = 'cancelled' WHERE booking_id = $1 AND status = 'pending' RETURNING id)
     UPDATE payment_transactions SET status = 'expired', updated_at = now() WHERE extension_id IN (SELECT id FROM released) AND status = 'created'`,
    [b.id],
  );
  await transition(q, b.id, 'reschedule', now, {
    set: 'start_time = $3, end_time = $4, fee = $5, list_price = $6, price_lines = $7, discount_percent = $8',
    params: [
      new Date(start).toISOString(),
      new Date(start + b.duration_minutes * 60_000).toISOString(),
      priced.total,
      priced.list,
      JSON.stringify({ inputs, price: priced }),
      inputs.scheduleDiscountPercent,
    ],
    extraGuard: `status = '${b.status}' AND NOT EXISTS (SELECT 1 FROM session_extensions e WHERE e.booking_id = bookings.id AND e.status = 'applied')`,
  });
  if (b.status === 'pending') await expireOpenCheckouts(q, b.id);
}

/**
 * An extended session is not moved: its added time would be dropped (or not fit the new time) while still
 * counting toward the cap. Cancel it instead (refunded in full, its extensions too). The move checks it
 * again in its guarded statement.
 */
export async function assertNotExtended(q: Queryable, bookingId: number): Promise<void> {
  const [{ extended }] = (await q.query<{ extended: number }>(
    `SELECT count(*)::int AS extended FROM session_extensions WHERE booking_id = $1 AND status = 'applied'`,
    [bookingId],
  )) as [{ extended: number }];
  if (extended > 0) throw extendedSessionRefusal();
}

/** A session extended (a paid or free extension applied) cannot be moved. */
export const extendedSessionRefusal = () =>
  new HttpError(
    409,
    'This session has been extended, so it cannot be moved: cancel it (what you paid, the extension included, is refunded in full) and book another time.',
    { code: 'extended_session' },
  );
