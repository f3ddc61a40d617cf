// Refunds (issue 19): a paid session cancelled before it starts is refunded in full, by whoever cancels
// it (the patient, or closing the account). The spec names no cancellation fee, so none is kept. In
// production the gateway refunds the payment; a refund it refuses is recorded as failed and logged for
// support, and gives no credit note. Off production the simulated gateway refunds at once.
import type { FastifyBaseLogger } from 'fastify';
import type { Ctx } from './http.js';
import { issueDocument, paidTransaction, type RefundRow } from './invoices.js';
import { createRefund, gatewayFromEnv } from './payment-gateway.js';

/** Refunds the booking's payment when it was paid and has not started by `now`; issues the credit note. */
export async function refundCancelledBooking(ctx: Ctx, bookingId: number, reason: string, now: number, log: FastifyBaseLogger): Promise<void> {
  const t = await paidTransaction(ctx.db, bookingId);
  if (!t) return;
  const [b] = await ctx.db.query<{ start_time: Date | string; refunded: boolean }>(
    `SELECT b.start_time, EXISTS (SELECT 1 FROM payment_refunds r WHERE r.transaction_id = $2) AS refunded FROM bookings b WHERE b.id = $1`, [bookingId, t.id]);
  if (!b || b.refunded || new Date(b.start_time).getTime() <= now) return;
  let status: 'processed' | 'failed' = 'processed';
  let gatewayRefundId: string | null = null;
  if (t.gateway === 'gateway') {
    try {
      const g = ctx.isProduction ? gatewayFromEnv(process.env) : null;
      if (!g || !t.gateway_payment_id) throw new Error('no gateway payment to refund');
      gatewayRefundId = await createRefund(g, t.gateway_payment_id, t.amount);
    } catch (err) {
      status = 'failed';
      log.error({ err, bookingId, transaction: t.uuid }, 'refund failed: support must refund this payment by hand');
    }
  }
  await ctx.db.tx(async (q) => {
    const [r] = await q.query<RefundRow>(
      `INSERT INTO payment_refunds (transaction_id, amount, currency, status, gateway_refund_id, reason, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (transaction_id) DO NOTHING RETURNING *`, [t.id, t.amount, t.currency, status, gatewayRefundId, reason, new Date(now).toISOString()]);
    if (r?.status === 'processed') await issueDocument(q, 'credit_note', t, now, r);
  });
}
