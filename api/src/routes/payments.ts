// Paying for a booking: a temporary transaction for a pending booking, settled by the gateway. In
// production that is the real gateway (payments/payment-gateway.ts): the api creates its order, the page's
// checkout pays it, and /verify checks the signature it hands back. Outside production the api is the
// gateway: its simulated checkout settles with success, failure or abandon, so the whole flow runs locally. A failed or abandoned payment cancels the pending booking (the slot is free
// again); a successful one confirms it.
import { Type } from '@sinclair/typebox';
import { HttpError, notFound, unprocessable, type App } from '../core/http.js';
import { Booking } from '../core/schemas.js';
import { BOOKING_SELECT, booking, type BookingRow, transition, tryTransition, sweepLapsed } from '../bookings/index.js';
import { applyCoupon, takeCouponLimits, accountOf, lockAccount, createOrder, gatewayFromEnv, isPaymentSignatureValid, issueInvoiceOnPayment } from '../payments/index.js';
import { limitsOf } from '../core/limits.js';
import type { Queryable } from '../db/index.js';

const Transaction = Type.Object({
  transaction_id: Type.String(), booking_uuid: Type.String(), amount: Type.Integer(), currency: Type.String(),
  gateway: Type.String({ description: 'simulated (development and test) or gateway (production)' }),
  status: Type.String({ description: 'created | paid | failed | abandoned | expired' }),
  gateway_order_id: Type.Union([Type.String(), Type.Null()], { description: 'the real gateway\'s order (production), else null' }),
  gateway_key_id: Type.Union([Type.String(), Type.Null()], { description: 'the gateway\'s public key id the checkout opens with (production), else null' }),
});
interface TxRow { id: number; uuid: string; booking_id: number; user_id: number; amount: number; currency: string; gateway: string; status: string; booking_uuid: string; gateway_order_id: string | null }
const TxParams = Type.Object({ uuid: Type.String({ format: 'uuid' }) });
const Settled = Type.Object({ data: Type.Object({ transaction: Transaction, booking: Booking }) });

/** Settles a created transaction: paid confirms the booking; failed or abandoned frees its slot. */
async function settle(q: Queryable, t: TxRow, status: 'paid' | 'failed' | 'abandoned', now: number): Promise<void> {
  await q.query(`UPDATE payment_transactions SET status = $2, updated_at = now() WHERE id = $1`, [t.id, status]);
  // Guarded: the payment must be of the booking's price (a checkout of an older price does not confirm it).
  if (status === 'paid') await transition(q, t.booking_id, 'confirm_paid', now, { set: 'hold_until = NULL' });
  else await tryTransition(q, t.booking_id, 'release', now, { set: 'cancel_reason = $3', params: [`Payment ${status}`] });
}
const TX_SELECT = `SELECT t.*, t.uuid::text AS uuid, b.uuid::text AS booking_uuid FROM payment_transactions t JOIN bookings b ON b.id = t.booking_id`;

export async function paymentRoutes(app: App) {
  const { db, isProduction } = app.ctx;
  const now = app.ctx.clock ?? Date.now;
  const gateway = isProduction ? gatewayFromEnv(process.env) : null;
  const txOut = (t: TxRow) => ({
    transaction_id: t.uuid, booking_uuid: t.booking_uuid, amount: t.amount, currency: t.currency, gateway: t.gateway, status: t.status,
    gateway_order_id: t.gateway_order_id, gateway_key_id: t.gateway === 'gateway' ? (gateway?.keyId ?? null) : null,
  });
  /** The caller's own transaction, locked; 404 for anyone else's. */
  const ownTx = async (q: Queryable, uuid: string, userId: number) => {
    const t = (await q.query<TxRow>(`${TX_SELECT} WHERE t.uuid::text = $1 AND t.user_id = $2 FOR UPDATE OF t`, [uuid, userId]))[0];
    if (!t) throw notFound(`No transaction ${uuid}`);
    if (t.status === 'expired') throw new HttpError(409, 'This checkout has expired: the slot was released. Please choose a time again.');
    if (t.status !== 'created') throw new HttpError(409, `Transaction already ${t.status}`);
    return t;
  };
  const answer = async (uuid: string) => {
    const t = (await db.query<TxRow>(`${TX_SELECT} WHERE t.uuid::text = $1`, [uuid]))[0]!;
    const b = (await db.query<BookingRow>(`${BOOKING_SELECT} WHERE b.id = $1`, [t.booking_id]))[0]!;
    return { data: { transaction: txOut(t), booking: booking(b) } };
  };

  app.post('/payments/temporary_transaction', {
    config: { auth: true },
    schema: {
      tags: ['payments'], summary: 'Start paying for a pending booking (a temporary transaction), with an optional coupon',
      body: Type.Object({ booking_uuid: Type.String({ format: 'uuid' }), coupon_code: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })) }),
      response: { 201: Type.Object({ data: Transaction }) },
    },
  }, async (req, reply) => {
    // A coupon code is a secret worth guessing: the same limits as the coupon check.
    if (req.body.coupon_code) await takeCouponLimits(app.ctx, req.actor.id, req.ip);
    await sweepLapsed(db, now());
    const found = (await db.query<BookingRow>(`${BOOKING_SELECT} WHERE b.uuid::text = $1 AND b.user_id = $2`, [req.body.booking_uuid, req.actor.id]))[0];
    if (!found) throw notFound(`No booking ${req.body.booking_uuid}`);
    if (isProduction && !gateway) throw new HttpError(503, 'Payments are not configured (HAVEN_PAYMENT_KEY_ID, HAVEN_PAYMENT_KEY_SECRET)');
    const account = accountOf(req.actor);
    // Under the account's lock: the coupon (one per booking, its limits) and the one open checkout of
    // the booking are decided one request at a time, so ten requests at once discount once.
    const { tx, amount, b } = await db.tx(async (q) => {
      await lockAccount(q, account);
      const b = (await q.query<BookingRow>(`${BOOKING_SELECT} WHERE b.id = $1`, [found.id]))[0]!;
      if (b.status !== 'pending' && b.status !== 'suggested') throw new HttpError(409, `Cannot pay for a ${b.status} booking`);
      let fee = b.fee;
      if (req.body.coupon_code) fee = await applyCoupon(q, b, account, req.body.coupon_code);
      if (!(fee > 0)) {
        // A coupon covering the whole price: nothing to charge, the booking is confirmed now.
        if (!req.body.coupon_code) throw unprocessable('Nothing to pay: confirm the booking instead');
        await transition(q, b.id, 'confirm_free', now(), { set: 'hold_until = NULL' });
      }
      // The open checkout for this price, when there is one: asking again does not start another.
      const open = (await q.query<{ uuid: string }>(`SELECT uuid::text FROM payment_transactions WHERE booking_id = $1 AND status = 'created' AND amount = $2 ORDER BY id DESC LIMIT 1`, [b.id, fee]))[0];
      if (open) return { tx: open, amount: fee, b };
      // A checkout for another price (before a coupon) ends: only the current price can be paid.
      await q.query(`UPDATE payment_transactions SET status = 'expired', updated_at = now() WHERE booking_id = $1 AND status = 'created'`, [b.id]);
      const coupon = (await q.query<{ code: string }>(`SELECT code FROM coupon_redemptions WHERE booking_id = $1`, [b.id]))[0]?.code ?? null;
      const [t] = await q.query<{ uuid: string }>(
        `INSERT INTO payment_transactions (booking_id, user_id, amount, currency, gateway, coupon_code, status) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING uuid::text`,
        [b.id, req.actor.id, fee, b.currency, isProduction ? 'gateway' : 'simulated', coupon, fee === 0 ? 'paid' : 'created']);
      return { tx: t!, amount: fee, b };
    });
    const t = tx;
    const existingOrder = (await db.query<{ gateway_order_id: string | null }>(`SELECT gateway_order_id FROM payment_transactions WHERE uuid::text = $1`, [t.uuid]))[0]?.gateway_order_id;
    if (gateway && amount > 0 && !existingOrder) {
      const orderId = await createOrder(gateway, { amount, currency: b.currency, receipt: t.uuid });
      // The first order stays when two requests made one each (the other is never paid).
      await db.query(`UPDATE payment_transactions SET gateway_order_id = $2 WHERE uuid::text = $1 AND gateway_order_id IS NULL`, [t.uuid, orderId]);
    }
    reply.status(201);
    return { data: txOut((await db.query<TxRow>(`${TX_SELECT} WHERE t.uuid::text = $1`, [t.uuid]))[0]!) };
  });

  app.get('/payments/:uuid', {
    config: { auth: true },
    schema: { tags: ['payments'], summary: 'A temporary transaction of the caller (what the checkout opens with)', params: TxParams, response: { 200: Settled } },
  }, async (req) => {
    await sweepLapsed(db, now());
    const t = (await db.query<{ uuid: string }>(`SELECT uuid::text FROM payment_transactions WHERE uuid::text = $1 AND user_id = $2`, [req.params.uuid, req.actor.id]))[0];
    if (!t) throw notFound(`No transaction ${req.params.uuid}`);
    return answer(t.uuid);
  });

  app.post('/payments/:uuid/verify', {
    config: { auth: true },
    schema: {
      tags: ['payments'], summary: 'The gateway checkout succeeded: check its signature and confirm the booking (production gateway)',
      params: TxParams,
      body: Type.Object({ gateway_payment_id: Type.String({ minLength: 1, maxLength: 100 }), gateway_signature: Type.String({ minLength: 1, maxLength: 200 }) }),
      response: { 200: Settled },
    },
  }, async (req) => {
    // A signature is a secret check: limited per account and address like every other.
    const limits = limitsOf(app.ctx);
    await limits.take('payment_verify_address', req.ip);
    await limits.take('payment_verify_user', String(req.actor.id));
    await sweepLapsed(db, now());
    await db.tx(async (q) => {
      const t = await ownTx(q, req.params.uuid, req.actor.id);
      if (t.gateway !== 'gateway' || !gateway || !t.gateway_order_id) throw unprocessable('This transaction is not paid through the gateway');
      if (!isPaymentSignatureValid(gateway.keySecret, t.gateway_order_id, req.body.gateway_payment_id, req.body.gateway_signature)) throw unprocessable('The payment could not be verified');
      await settle(q, t, 'paid', now());
      await q.query(`UPDATE payment_transactions SET gateway_payment_id = $2 WHERE id = $1`, [t.id, req.body.gateway_payment_id]);
    });
    await issueInvoiceOnPayment(db, req.params.uuid, now(), req.log);
    return answer(req.params.uuid);
  });

  app.post('/payments/:uuid/release', {
    config: { auth: true },
    schema: {
      tags: ['payments'], summary: 'The checkout failed or was left: nothing is booked and the slot is free again',
      params: TxParams, body: Type.Object({ outcome: Type.Union([Type.Literal('failure'), Type.Literal('abandon')]) }),
      response: { 200: Settled },
    },
  }, async (req) => {
    await sweepLapsed(db, now());
    await db.tx(async (q) => settle(q, await ownTx(q, req.params.uuid, req.actor.id), req.body.outcome === 'failure' ? 'failed' : 'abandoned', now()));
    return answer(req.params.uuid);
  });

  if (isProduction) return; // the real gateway's checkout and /verify settle transactions there

  app.post('/payments/:uuid/simulate', {
    config: { auth: true },
    schema: {
      tags: ['payments', 'development'], summary: 'DEVELOPMENT CHECKOUT: settle a transaction as the gateway would (success, failure, abandon)',
      params: TxParams,
      body: Type.Object({ outcome: Type.Union([Type.Literal('success'), Type.Literal('failure'), Type.Literal('abandon')]) }),
      response: { 200: Settled },
    },
  }, async (req) => {
    await sweepLapsed(db, now());
    const status = ({ success: 'paid', failure: 'failed', abandon: 'abandoned' } as const)[req.body.outcome];
    await db.tx(async (q) => settle(q, await ownTx(q, req.params.uuid, req.actor.id), status, now()));
    await issueInvoiceOnPayment(db, req.params.uuid, now(), req.log);
    return answer(req.params.uuid);
  });
}
