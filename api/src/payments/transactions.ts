// Temporary transactions: the checkout of a pending booking, settled by the gateway (or, outside
// production, by the api's simulated checkout). A paid one confirms the booking; a failed or abandoned one
// frees its slot.
import { HttpError, notFound, unprocessable } from '../core/http.js';
import type { Queryable } from '../db/index.js';
import { bookingById, type BookingRow, transition, tryTransition } from '../bookings/index.js';
import { accountOfBooking, applyCoupon, dropCoupon, firstSessionTakenRefusal, lapsedFirstSessionCoupon } from './coupons.js';
import { lockAccount } from './pricing.js';
import { settleExtension } from './session-extensions.js';

export interface TxRow {
  id: number;
  uuid: string;
  booking_id: number;
  user_id: number;
  amount: number;
  currency: string;
  gateway: string;
  status: string;
  booking_uuid: string;
  gateway_order_id: string | null;
  /** The gateway's payment (production): recorded when its signature was verified. */
  gateway_payment_id: string | null;
  /** The session extension it pays for (null: the booking itself). */
  extension_id: number | null;
}
export type SettledStatus = 'paid' | 'failed' | 'abandoned';

const TX_SELECT = `SELECT t.*, t.uuid::text AS uuid, b.uuid::text AS booking_uuid FROM payment_transactions t JOIN bookings b ON b.id = t.booking_id`;

/** A transaction by its uuid (anyone's: callers have checked the owner). */
export async function transactionByUuid(q: Queryable, uuid: string): Promise<TxRow | undefined> {
  return (await q.query<TxRow>(`${TX_SELECT} WHERE t.uuid::text = $1`, [uuid]))[0];
}

/** The uuid of the caller's own transaction, or undefined for anyone else's. */
export async function ownTransactionUuid(q: Queryable, uuid: string, userId: number): Promise<string | undefined> {
  return (
    await q.query<{ uuid: string }>(`SELECT uuid::text FROM payment_transactions WHERE uuid::text = $1 AND user_id = $2`, [uuid, userId])
  )[0]?.uuid;
}

/** The caller's own transaction, locked, whatever its status; 404 for anyone else's. */
async function ownTransaction(q: Queryable, uuid: string, userId: number): Promise<TxRow> {
  const t = (await q.query<TxRow>(`${TX_SELECT} WHERE t.uuid::text = $1 AND t.user_id = $2 FOR UPDATE OF t`, [uuid, userId]))[0];
  if (!t) throw notFound(`No transaction ${uuid}`);
  return t;
}

/** The transaction of a gateway order, locked, whatever its status; 404 when no transaction has that order. */
async function transactionOfOrder(q: Queryable, orderId: string): Promise<TxRow> {
  const t = (await q.query<TxRow>(`${TX_SELECT} WHERE t.gateway_order_id = $1 FOR UPDATE OF t`, [orderId]))[0];
  if (!t) throw notFound(`No transaction for the gateway order ${orderId}`);
  return t;
}

/** 409 when the transaction is no longer open (settled, or its checkout expired). */
export function assertOpen(t: TxRow): void {
  if (t.status === 'expired') throw new HttpError(409, 'This checkout has expired: the slot was released. Please choose a time again.');
  if (t.status === 'paid_unapplied') throw new HttpError(409, 'This payment could not be applied and is being refunded in full.');
  if (t.status !== 'created') throw new HttpError(409, `Transaction already ${t.status}`);
}

/** The caller's own open transaction, locked; 404 for anyone else's, 409 when it is no longer open. */
export async function ownOpenTransaction(q: Queryable, uuid: string, userId: number): Promise<TxRow> {
  const t = await ownTransaction(q, uuid, userId);
  assertOpen(t);
  return t;
}

/**
 * What became of a payment the gateway captured: applied now; applied already (`already`: the same payment
 * told again, by /verify after the webhook or the other way round, or a redelivered event); not applicable
 * (`unapplied`: to refund, with why); or another payment of a transaction already settled with one
 * (`second`: for support). `t` is the transaction as it stands.
 */
export type CapturedOutcome =
  | { kind: 'applied'; t: TxRow }
  | { kind: 'already'; t: TxRow }
  | { kind: 'unapplied'; t: TxRow; why: string; code?: string }
  | { kind: 'second'; t: TxRow };

/** Whose transaction a captured payment is for: the caller's own by its uuid (/verify), or the gateway's order (its webhook). */
export type CapturedPaymentOf = { uuid: string; userId: number } | { orderId: string };

/**
 * A payment the gateway captured (its signature verified) for a transaction, inside a transaction
 * (db.tx), under the transaction's row lock: /verify and the gateway's webhook both settle through it, so
 * whichever comes first decides and the other changes nothing. It settles the transaction as paid when
 * that can still be honoured. When it cannot (the session can no longer be extended, the booking cannot
 * be confirmed, the checkout had expired or was released), the money was taken all the same: the payment
 * is recorded as `paid_unapplied` with its gateway id (an extension gives its place back), for the caller
 * to refund after the commit; a replay of that payment answers the same. `check` runs first, on the
 * locked row: the gateway, signature and amount checks (nothing is recorded when it throws).
 */
export async function settleCapturedPayment(
  q: Queryable,
  input: { of: CapturedPaymentOf; paymentId: string; now: number; check: (t: TxRow) => void },
): Promise<CapturedOutcome> {
  // The account's lock before the transaction's row lock, in the order a checkout takes them (openCheckout).
  const [of] =
    'orderId' in input.of
      ? await q.query<{ booking_id: number }>(`SELECT booking_id FROM payment_transactions WHERE gateway_order_id = $1`, [input.of.orderId])
      : await q.query<{ booking_id: number }>(`SELECT booking_id FROM payment_transactions WHERE uuid::text = $1 AND user_id = $2`, [
          input.of.uuid,
          input.of.userId,
        ]);
  if (of) await lockAccount(q, await accountOfBooking(q, of.booking_id));
  const t = 'orderId' in input.of ? await transactionOfOrder(q, input.of.orderId) : await ownTransaction(q, input.of.uuid, input.of.userId);
  input.check(t);
  if (t.status === 'paid' || t.status === 'paid_unapplied') {
    if (t.gateway_payment_id !== input.paymentId) return { kind: 'second', t };
    if (t.status === 'paid') return { kind: 'already', t };
    return { kind: 'unapplied', t, why: 'the same payment verified again' };
  }
  let why = `its checkout was ${t.status} before the payment was verified`;
  let code: string | undefined;
  if (t.status === 'created') {
    // The refused transition may have failed a statement (a unique index): a savepoint keeps the transaction usable.
    await q.query('SAVEPOINT settle_captured');
    try {
      await settle(q, t, 'paid', input.now);
      await recordGatewayPayment(q, t.id, input.paymentId);
      return { kind: 'applied', t: { ...t, status: 'paid', gateway_payment_id: input.paymentId } };
    } catch (e) {
      if (!(e instanceof HttpError && e.statusCode === 409)) throw e;
      await q.query('ROLLBACK TO SAVEPOINT settle_captured');
      why = e.message;
      code = typeof e.extra.code === 'string' ? e.extra.code : undefined;
    }
  }
  await q.query(`UPDATE payment_transactions SET status = 'paid_unapplied', gateway_payment_id = $2, updated_at = now() WHERE id = $1`, [
    t.id,
    input.paymentId,
  ]);
  if (t.extension_id !== null) await settleExtension(q, t.extension_id, false, input.now);
  return { kind: 'unapplied', t: { ...t, status: 'paid_unapplied', gateway_payment_id: input.paymentId }, why, code };
}

/** The answer to a captured payment that could not be honoured: it is being refunded in full (`why`: its refusal, when it says more than a lapsed time). */
export function unappliedPaymentRefusal(t: TxRow, why?: { why: string; code?: string }): HttpError {
  if (t.extension_id === null && why?.code === 'first_session_taken') {
    return new HttpError(409, `Your booking could not be confirmed: ${why.why} Your payment is being refunded in full.`, {
      code: 'booking_payment_refunded',
    });
  }
  return t.extension_id !== null
    ? new HttpError(409, 'Your session could not be extended, so your payment is being refunded in full.', {
        code: 'extension_payment_refunded',
      })
    : new HttpError(
        409,
        'Your booking could not be confirmed: its time was released before your payment arrived. Your payment is being refunded in full; please choose a time again.',
        { code: 'booking_payment_refunded' },
      );
}

/**
 * Settles a created transaction: paid confirms the booking; failed or abandoned frees its slot. An
 * extension's payment extends the session instead, or gives its place back.
 */
export async function settle(q: Queryable, t: TxRow, status: SettledStatus, now: number): Promise<void> {
  await q.query(`UPDATE payment_transactions SET status = $2, updated_at = now() WHERE id = $1`, [t.id, status]);
  if (t.extension_id !== null) return settleExtension(q, t.extension_id, status === 'paid', now);
  if (status === 'paid') {
    // "First session" checked again as the payment settles, under the account's lock (so a payment of another
    // session settling at the same time is seen): a first-session discount is not confirmed after another was paid.
    await lockAccount(q, await accountOfBooking(q, t.booking_id));
    const lapsed = await lapsedFirstSessionCoupon(q, t.booking_id);
    if (lapsed) throw firstSessionTakenRefusal(lapsed);
    // Guarded: the payment must be of the booking's price (a checkout of an older price does not confirm it).
    await transition(q, t.booking_id, 'confirm_paid', now, { set: 'hold_until = NULL' });
  } else await tryTransition(q, t.booking_id, 'release', now, { set: 'cancel_reason = $3', params: [`Payment ${status}`] });
}

export interface CheckoutInput {
  bookingId: number;
  userId: number;
  account: number;
  couponCode?: string;
  gateway: 'gateway' | 'simulated';
  now: number;
}

/**
 * Opens the checkout of a pending booking, in one transaction under the account's lock: the coupon (one
 * per booking, its limits) and the one open checkout of the booking are decided one request at a time,
 * so ten requests at once discount once. Returns the transaction's uuid, the amount and the booking.
 */
export async function openCheckout(q: Queryable, input: CheckoutInput): Promise<{ uuid: string; amount: number; b: BookingRow }> {
  await lockAccount(q, input.account);
  let b = await bookingById(q, input.bookingId);
  if (b.status !== 'pending' && b.status !== 'suggested') throw new HttpError(409, `Cannot pay for a ${b.status} booking`);
  // A first-session coupon that no longer holds (another session was paid first) comes off: the full price is paid.
  if (await lapsedFirstSessionCoupon(q, b.id)) {
    await dropCoupon(q, b);
    b = await bookingById(q, b.id);
  }
  let fee = b.fee;
  if (input.couponCode) fee = await applyCoupon(q, b, input.account, input.couponCode);
  if (!(fee > 0)) {
    // A coupon covering the whole price: nothing to charge, the booking is confirmed now.
    if (!input.couponCode) throw unprocessable('Nothing to pay: confirm the booking instead');
    await transition(q, b.id, 'confirm_free', input.now, { set: 'hold_until = NULL' });
  }
  // The open checkout for this price, when there is one: asking again does not start another.
  const open = (
    await q.query<{ uuid: string }>(
      `SELECT uuid::text FROM payment_transactions WHERE booking_id = $1 AND extension_id IS NULL AND status = 'created' AND amount = $2 ORDER BY id DESC LIMIT 1`,
      [b.id, fee],
    )
  )[0];
  if (open) return { uuid: open.uuid, amount: fee, b };
  // A checkout for another price (before a coupon) ends: only the current price can be paid.
  await expireOpenCheckouts(q, b.id);
  const coupon = (await q.query<{ code: string }>(`SELECT code FROM coupon_redemptions WHERE booking_id = $1`, [b.id]))[0]?.code ?? null;
  const [t] = await q.query<{ uuid: string }>(
    `INSERT INTO payment_transactions (booking_id, user_id, amount, currency, gateway, coupon_code, status) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING uuid::text`,
    [b.id, input.userId, fee, b.currency, input.gateway, coupon, fee === 0 ? 'paid' : 'created'],
  );
  return { uuid: t!.uuid, amount: fee, b };
}

/** Ends the booking's open checkouts (they were for another price). */
export async function expireOpenCheckouts(q: Queryable, bookingId: number): Promise<void> {
  await q.query(
    `UPDATE payment_transactions SET status = 'expired', updated_at = now() WHERE booking_id = $1 AND extension_id IS NULL AND status = 'created'`,
    [bookingId],
  );
}

/** The gateway order already made for a transaction, if any. */
export async function gatewayOrderOf(q: Queryable, uuid: string): Promise<string | null | undefined> {
  return (
    await q.query<{ gateway_order_id: string | null }>(`SELECT gateway_order_id FROM payment_transactions WHERE uuid::text = $1`, [uuid])
  )[0]?.gateway_order_id;
}

/** Records the gateway's order; the first one stays when two requests made one each (the other is never paid). */
export async function attachGatewayOrder(q: Queryable, uuid: string, orderId: string): Promise<void> {
  await q.query(`UPDATE payment_transactions SET gateway_order_id = $2 WHERE uuid::text = $1 AND gateway_order_id IS NULL`, [
    uuid,
    orderId,
  ]);
}

/** Records the gateway's payment id on a verified transaction. */
export async function recordGatewayPayment(q: Queryable, id: number, paymentId: string): Promise<void> {
  await q.query(`UPDATE payment_transactions SET gateway_payment_id = $2 WHERE id = $1`, [id, paymentId]);
}
