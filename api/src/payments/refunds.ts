// Refunds: a paid session cancelled before it starts is refunded in full, by whoever cancels
// it (the patient, or closing the account). The spec names no cancellation fee, so none is kept. In
// production the gateway refunds the payment; a refund it refuses is recorded as failed and logged for
// support, and gives no credit note. Off production the simulated gateway refunds at once. A payment the
// gateway captured for something that could no longer be honoured (routes/payments.ts /verify) is
// refunded by the same function, without a credit note: no invoice was issued for it.
import type { FastifyBaseLogger } from 'fastify';
import type { Ctx } from '../core/http.js';
import { issueDocument, paidTransaction, type PaidTransaction, type RefundRow } from './invoices.js';
import { createRefund, gatewayFromEnv } from './payment-gateway.js';

/**
 * Refunds a payment in full, once: the refund row is reserved (status requested, unique per payment)
 * before the gateway is asked, and the gateway is asked with the payment's idempotency key, so neither two
 * requests nor two processes refund twice. A refund the gateway refuses is recorded as failed and logged
 * for support. `creditNote`: a processed refund of an invoiced payment issues its credit note. Never call
 * it inside a database transaction: it waits for the gateway. Answers the refund row this call recorded
 * (undefined when another call had reserved it already).
 */
export async function refundTransaction(
  ctx: Ctx,
  t: PaidTransaction,
  reason: string,
  now: number,
  log: FastifyBaseLogger,
  opts: { creditNote: boolean },
): Promise<RefundRow | undefined> {
  const key = `refund:${t.uuid}`;
  const [reserved] = await ctx.db.query<{ id: number }>(
    `INSERT INTO payment_refunds (transaction_id, amount, currency, status, reason, created_at, idempotency_key) VALUES ($1, $2, $3, 'requested', $4, $5, $6)
     ON CONFLICT (transaction_id) DO NOTHING RETURNING id`,
    [t.id, t.amount, t.currency, reason, new Date(now).toISOString(), key],
  );
  if (!reserved) return undefined;
  let status: 'processed' | 'failed' = 'processed';
  let gatewayRefundId: string | null = null;
  if (t.gateway === 'gateway') {
    try {
      const g = ctx.isProduction ? gatewayFromEnv(process.env) : null;
      if (!g || !t.gateway_payment_id) throw new Error('no gateway payment to refund');
      gatewayRefundId = await createRefund(g, t.gateway_payment_id, t.amount, key);
    } catch (err) {
      status = 'failed';
      log.error(
        { err, bookingId: t.booking_id, transaction: t.uuid, gatewayPayment: t.gateway_payment_id, amount: t.amount, currency: t.currency },
        'refund failed: support must refund this payment by hand',
      );
    }
  }
  return ctx.db.tx(async (q) => {
    const [r] = await q.query<RefundRow>(
      `UPDATE payment_refunds SET status = $2, gateway_refund_id = $3 WHERE id = $1 AND status = 'requested' RETURNING *`,
      [reserved.id, status, gatewayRefundId],
    );
    if (r?.status === 'processed' && opts.creditNote) await issueDocument(q, 'credit_note', t, now, r);
    return r;
  });
}

/**
 * Gives a cancelled booking's package credit back, and refunds its payment (with its credit note) when it
 * was paid and has not started by `now`; once, whoever cancels (refundTransaction).
 */
export async function refundCancelledBooking(
  ctx: Ctx,
  bookingId: number,
  reason: string,
  now: number,
  log: FastifyBaseLogger,
): Promise<void> {
  // A package credit comes back to the account: its return row, once (the rows are unique per booking and sign).
  await ctx.db.query(
    `INSERT INTO package_credit_uses (booking_id, account_id, org_package_id, credits, created_at)
     SELECT u.booking_id, u.account_id, u.org_package_id, -1, $2 FROM package_credit_uses u JOIN bookings b ON b.id = u.booking_id
      WHERE u.booking_id = $1 AND u.credits = 1 AND b.status = 'cancelled' ON CONFLICT (booking_id, credits) DO NOTHING`,
    [bookingId, new Date(now).toISOString()],
  );
  const t = await paidTransaction(ctx.db, bookingId);
  if (!t) return;
  const [b] = await ctx.db.query<{ start_time: Date | string }>(`SELECT start_time FROM bookings WHERE id = $1`, [bookingId]);
  if (!b || new Date(b.start_time).getTime() <= now) return;
  await refundTransaction(ctx, t, reason, now, log, { creditNote: true });
}
