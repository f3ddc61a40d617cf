// Paying for a booking: a temporary transaction for a pending booking, settled by the gateway. Outside
// production the api is the gateway: its simulated checkout settles with success, failure or abandon, so
// the whole flow runs locally. A failed or abandoned payment cancels the pending booking (the slot is free
// again); a successful one confirms it.
import { Type } from '@sinclair/typebox';
import { HttpError, notFound, unprocessable, type App } from '../lib/http.js';
import { Booking } from '../lib/schemas.js';
import { BOOKING_SELECT, booking, type BookingRow } from '../lib/serialize.js';
import { discounted, takeCouponLimits } from './coupons.js';
import { expireHolds } from '../lib/schedule.js';

const Transaction = Type.Object({
  transaction_id: Type.String(), booking_uuid: Type.String(), amount: Type.Integer(), currency: Type.String(),
  gateway: Type.String({ description: 'simulated (development and test) or gateway (production)' }),
  status: Type.String({ description: 'created | paid | failed | abandoned' }),
});
interface TxRow { id: number; uuid: string; booking_id: number; user_id: number; amount: number; currency: string; gateway: string; status: string; booking_uuid: string }
const txOut = (t: TxRow) => ({ transaction_id: t.uuid, booking_uuid: t.booking_uuid, amount: t.amount, currency: t.currency, gateway: t.gateway, status: t.status });
const TX_SELECT = `SELECT t.*, t.uuid::text AS uuid, b.uuid::text AS booking_uuid FROM payment_transactions t JOIN bookings b ON b.id = t.booking_id`;

export async function paymentRoutes(app: App) {
  const { db, isProduction } = app.ctx;
  const now = app.ctx.clock ?? Date.now;

  app.post('/payments/temporary_transaction', {
    config: { auth: true },
    schema: {
      tags: ['payments'], summary: 'Start paying for a pending booking (a temporary transaction), with an optional coupon',
      body: Type.Object({ booking_uuid: Type.String({ format: 'uuid' }), coupon_code: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })) }),
      response: { 201: Type.Object({ data: Transaction }) },
    },
  }, async (req, reply) => {
    // A coupon code is a secret worth guessing: the same limits as the coupon check.
    if (req.body.coupon_code) await takeCouponLimits(app, req.actor.id, req.ip);
    await expireHolds(db, now());
    const b = (await db.query<BookingRow>(`${BOOKING_SELECT} WHERE b.uuid::text = $1 AND b.user_id = $2`, [req.body.booking_uuid, req.actor.id]))[0];
    if (!b) throw notFound(`No booking ${req.body.booking_uuid}`);
    if (b.status !== 'pending') throw new HttpError(409, `Cannot pay for a ${b.status} booking`);
    if (!(b.fee > 0)) throw unprocessable('Nothing to pay: confirm the booking instead');
    const coupon = req.body.coupon_code ? await discounted(db, req.body.coupon_code, b.fee, b.currency) : null;
    const amount = coupon ? coupon.amount : b.fee;
    if (coupon && amount === 0) {
      // A coupon covering the whole fee: nothing to charge, the booking is confirmed now.
      await db.query(`UPDATE bookings SET status = 'confirmed', fee = 0 WHERE id = $1`, [b.id]);
    }
    const [t] = await db.query<{ uuid: string }>(
      `INSERT INTO payment_transactions (booking_id, user_id, amount, currency, gateway, coupon_code, status) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING uuid::text`,
      [b.id, req.actor.id, amount, b.currency, isProduction ? 'gateway' : 'simulated', coupon?.coupon.code ?? null, amount === 0 ? 'paid' : 'created']);
    if (coupon && amount > 0) await db.query(`UPDATE bookings SET fee = $2 WHERE id = $1`, [b.id, amount]);
    reply.status(201);
    return { data: txOut((await db.query<TxRow>(`${TX_SELECT} WHERE t.uuid::text = $1`, [t!.uuid]))[0]!) };
  });

  if (isProduction) return; // the real gateway's webhook settles transactions there

  app.post('/payments/:uuid/simulate', {
    config: { auth: true },
    schema: {
      tags: ['payments', 'development'], summary: 'DEVELOPMENT CHECKOUT: settle a transaction as the gateway would (success, failure, abandon)',
      params: Type.Object({ uuid: Type.String({ format: 'uuid' }) }),
      body: Type.Object({ outcome: Type.Union([Type.Literal('success'), Type.Literal('failure'), Type.Literal('abandon')]) }),
      response: { 200: Type.Object({ data: Type.Object({ transaction: Transaction, booking: Booking }) }) },
    },
  }, async (req) => {
    await expireHolds(db, now());
    const result = await db.tx(async (q) => {
      const t = (await q.query<TxRow>(`${TX_SELECT} WHERE t.uuid::text = $1 AND t.user_id = $2 FOR UPDATE OF t`, [req.params.uuid, req.actor.id]))[0];
      if (!t) throw notFound(`No transaction ${req.params.uuid}`);
      if (t.status === 'expired') throw new HttpError(409, 'This checkout has expired: the slot was released. Please choose a time again.');
      if (t.status !== 'created') throw new HttpError(409, `Transaction already ${t.status}`);
      const status = { success: 'paid', failure: 'failed', abandon: 'abandoned' }[req.body.outcome];
      await q.query(`UPDATE payment_transactions SET status = $2, updated_at = now() WHERE id = $1`, [t.id, status]);
      if (status === 'paid') await q.query(`UPDATE bookings SET status = 'confirmed' WHERE id = $1 AND status = 'pending'`, [t.booking_id]);
      else await q.query(`UPDATE bookings SET status = 'cancelled', cancel_reason = $2 WHERE id = $1 AND status = 'pending'`, [t.booking_id, `Payment ${status}`]);
      return t.uuid;
    });
    const t = (await db.query<TxRow>(`${TX_SELECT} WHERE t.uuid::text = $1`, [result]))[0]!;
    const b = (await db.query<BookingRow>(`${BOOKING_SELECT} WHERE b.id = $1`, [t.booking_id]))[0]!;
    return { data: { transaction: txOut(t), booking: booking(b) } };
  });
}
