// Refunds: a paid session cancelled before it starts is refunded in full, by whoever cancels
// it (the patient, or closing the account). The spec names no cancellation fee, so none is kept. In
// production the gateway refunds the payment; a refund it refuses is recorded as failed and logged for
// support, and gives no credit note; one it did not answer (a timeout, a 5xx, the process died) is asked
// again with the same idempotency key, a few times with growing gaps (retryDueRefunds). Off production
// the simulated gateway refunds at once. A payment the
// gateway captured for something that could no longer be honoured (routes/payments.ts /verify) is
// refunded by the same function, without a credit note: no invoice was issued for it.
import type { FastifyBaseLogger } from 'fastify';
import type { Ctx } from '../core/http.js';
import type { Queryable } from '../db/index.js';
import { REFUND_ANSWER_LOST_MINUTES, REFUND_MAX_ATTEMPTS, REFUND_RETRY_FIRST_GAP_MINUTES } from '../config/billing.js';
import {
  issueDocument,
  paidExtensionTransaction,
  paidTransaction,
  refundableTransaction,
  unappliedTransaction,
  type PaidTransaction,
  type RefundRow,
} from './invoices.js';
import { createRefund, gatewayFromEnv, GatewayError } from './payment-gateway.js';

/** What the refunds need of the context: the database, and whether the real gateway is used. */
export type RefundCtx = Pick<Ctx, 'db' | 'isProduction'>;
/** Where refunds report: a failure support must finish by hand (error), a transient one asked again (warn). */
export type RefundLog = Pick<FastifyBaseLogger, 'error' | 'warn'>;

const iso = (ms: number) => new Date(ms).toISOString();
/** When an ask made at `now` is presumed lost if no answer is recorded by then. */
const lostAfter = (now: number) => iso(now + REFUND_ANSWER_LOST_MINUTES * 60_000);
/** The gap after the `attempts`-th ask failed transiently: 2, 4, 8, 16 minutes. */
export const refundRetryGapMs = (attempts: number) => REFUND_RETRY_FIRST_GAP_MINUTES * 60_000 * 2 ** (attempts - 1);

/** A refund row reserved or claimed for one ask: `attempts` counts that ask, so only its answer is recorded. */
interface Claim {
  id: number;
  attempts: number;
  idempotency_key: string;
}

/**
 * Refunds a payment in full, once: the refund row is reserved (status requested, unique per payment)
 * before the gateway is asked, and the gateway is asked with the payment's idempotency key, so neither two
 * requests nor two processes refund twice. A refund the gateway refuses is recorded as failed and logged
 * for support; one it did not answer (a timeout, a 5xx, the process died) is asked again later by
 * retryDueRefunds. `creditNote`: a processed refund of an invoiced payment issues its credit note. Never
 * call it inside a database transaction: it waits for the gateway. Answers the refund row this call
 * recorded (undefined when another call had reserved it already).
 */
export async function refundTransaction(
  ctx: RefundCtx,
  t: PaidTransaction,
  reason: string,
  now: number,
  log: RefundLog,
  opts: { creditNote: boolean },
): Promise<RefundRow | undefined> {
  const reserved = await reserveRefund(ctx.db, t, reason, now);
  if (!reserved) return undefined;
  return askForRefund(ctx, t, reserved, now, log, opts.creditNote);
}

/**
 * Reserves the refund of a payment, once (unique per payment): the row the gateway's ask is recorded on.
 * Undefined when it was reserved already. Inside a transaction it commits with what owes it (a
 * cancellation); if the ask after the commit never happens, retryDueRefunds asks it once it is presumed lost.
 */
async function reserveRefund(q: Queryable, t: PaidTransaction, reason: string, now: number): Promise<Claim | undefined> {
  const [reserved] = await q.query<Claim>(
    `INSERT INTO payment_refunds (transaction_id, amount, currency, status, reason, created_at, idempotency_key, attempts, next_attempt_at)
     VALUES ($1, $2, $3, 'requested', $4, $5, $6, 1, $7)
     ON CONFLICT (transaction_id) DO NOTHING RETURNING id, attempts, idempotency_key`,
    [t.id, t.amount, t.currency, reason, iso(now), `refund:${t.uuid}`, lostAfter(now)],
  );
  return reserved;
}

/**
 * Asks the gateway for a reserved or claimed refund and records its answer: processed (with the credit
 * note when asked), failed to be asked again after a transient failure (up to the cap), or failed for
 * support. The answer is recorded only while the row is still this ask's (requested, same attempt).
 */
async function askForRefund(
  ctx: RefundCtx,
  t: PaidTransaction,
  claim: Claim,
  now: number,
  log: RefundLog,
  creditNote: boolean,
): Promise<RefundRow | undefined> {
  let gatewayRefundId: string | null = null;
  let failure: { err: unknown; transient: boolean } | null = null;
  if (t.gateway === 'gateway') {
    try {
      const g = ctx.isProduction ? gatewayFromEnv(process.env) : null;
      if (!g || !t.gateway_payment_id) throw new Error('no gateway payment to refund');
      gatewayRefundId = await createRefund(g, t.gateway_payment_id, t.amount, claim.idempotency_key);
    } catch (err) {
      failure = { err, transient: err instanceof GatewayError && err.transient };
    }
  }
  const retry = failure?.transient === true && claim.attempts < REFUND_MAX_ATTEMPTS;
  if (failure) {
    const about = {
      err: failure.err,
      bookingId: t.booking_id,
      transaction: t.uuid,
      gatewayPayment: t.gateway_payment_id,
      amount: t.amount,
      currency: t.currency,
      attempts: claim.attempts,
    };
    if (retry) log.warn(about, 'refund not carried out by the gateway: it is asked again later');
    else log.error(about, 'refund failed: support must refund this payment by hand');
  }
  const lastError = failure ? String(failure.err instanceof Error ? failure.err.message : failure.err).slice(0, 500) : null;
  return ctx.db.tx(async (q) => {
    const [r] = await q.query<RefundRow>(
      `UPDATE payment_refunds SET status = $2, gateway_refund_id = $3, next_attempt_at = $4, last_error = $5
        WHERE id = $1 AND status = 'requested' AND attempts = $6 RETURNING *`,
      [
        claim.id,
        failure ? 'failed' : 'processed',
        gatewayRefundId,
        retry ? iso(now + refundRetryGapMs(claim.attempts)) : null,
        lastError,
        claim.attempts,
      ],
    );
    if (r?.status === 'processed' && creditNote) await issueDocument(q, 'credit_note', t, now, r);
    return r;
  });
}

/** How many due refunds one pass claims (each ask may wait for the gateway's timeout). */
const RETRY_BATCH = 10;

/**
 * One pass of the refund retries, safe in every api process at once: refunds due to be asked again (a
 * requested one whose ask is presumed lost, a failed one after a transient failure) are claimed with one
 * guarded UPDATE (attempts + 1, so only one process asks, and a late answer to an older ask is not
 * recorded), then asked with their own idempotency key. A requested one at the cap is given up: failed,
 * logged for support. A payment taken but not applied whose refund was never reserved (the process died
 * after the commit) is refunded now. Answers how many refunds were asked for.
 */
export async function retryDueRefunds(ctx: RefundCtx, now: number, log: RefundLog): Promise<number> {
  const givenUp = await ctx.db.query<{ id: number; transaction_id: number; attempts: number }>(
    `UPDATE payment_refunds SET status = 'failed', next_attempt_at = NULL, last_error = COALESCE(last_error, 'no answer recorded')
      WHERE status = 'requested' AND next_attempt_at <= $1 AND attempts >= $2 RETURNING id, transaction_id, attempts`,
    [iso(now), REFUND_MAX_ATTEMPTS],
  );
  for (const r of givenUp) log.error(r, 'refund failed: no answer after the last ask; support must check it and refund by hand');

  const claims = await ctx.db.query<Claim & { transaction_id: number }>(
    `UPDATE payment_refunds SET status = 'requested', attempts = attempts + 1, next_attempt_at = $2
      WHERE id IN (SELECT id FROM payment_refunds
                    WHERE status IN ('requested', 'failed') AND next_attempt_at <= $1 AND attempts < $3
                    ORDER BY next_attempt_at LIMIT $4 FOR UPDATE SKIP LOCKED)
        -- checked again on the locked row: a refund another process claimed meanwhile is not asked twice
        AND status IN ('requested', 'failed') AND next_attempt_at <= $1 AND attempts < $3
      RETURNING id, transaction_id, attempts, idempotency_key`,
    [iso(now), lostAfter(now), REFUND_MAX_ATTEMPTS, RETRY_BATCH],
  );
  let asked = 0;
  for (const c of claims) {
    const t = await refundableTransaction(ctx.db, c.transaction_id);
    // Only an invoiced payment (paid, then cancelled) has a credit note; one never applied had no invoice.
    await askForRefund(ctx, t, { ...c, idempotency_key: c.idempotency_key ?? `refund:${t.uuid}` }, now, log, t.status === 'paid');
    asked++;
  }

  const orphans = await ctx.db.query<{ id: number }>(
    `SELECT t.id FROM payment_transactions t
      WHERE t.status = 'paid_unapplied' AND t.updated_at <= $1
        AND NOT EXISTS (SELECT 1 FROM payment_refunds r WHERE r.transaction_id = t.id)
      ORDER BY t.id LIMIT $2`,
    [iso(now - REFUND_ANSWER_LOST_MINUTES * 60_000), RETRY_BATCH],
  );
  for (const o of orphans) {
    const t = await unappliedTransaction(ctx.db, o.id);
    if (t && (await refundTransaction(ctx, t, 'Payment could not be applied', now, log, { creditNote: false }))) asked++;
  }
  return asked;
}

/** The refund retries of an api process (stopped by the returned function); a failed pass is logged and the next one tries again. */
export function startRefundRetries(ctx: RefundCtx, now: () => number, everyMs: number, log: RefundLog): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    retryDueRefunds(ctx, now(), log)
      .catch((err: unknown) => log.error({ err }, 'refund retry pass failed'))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Gives a cancelled booking's package credit back, and refunds its payment (with its credit note) when it
 * was paid and has not started by `now`; once, whoever cancels (refundTransaction).
 */
export async function refundCancelledBooking(
  ctx: RefundCtx,
  bookingId: number,
  reason: string,
  now: number,
  log: RefundLog,
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

/** Refunds a cancellation reserved (cancelBookingWithReturns), to ask the gateway for after its commit. */
export interface ReservedRefund {
  t: PaidTransaction;
  claim: Claim;
}

/**
 * What a cancelled booking owes, inside the transaction that cancelled it (so the money commits with the
 * status): its package credit back (once), and the refunds of what was paid for it when it had not
 * started by `now`: the session's own payment (its credit note follows) and every paid extension of it
 * (an extension bought in the room's opening minutes, before the start). Answers the refunds reserved;
 * ask for them after the commit (askReservedRefunds).
 */
export async function reserveCancellationReturns(q: Queryable, bookingId: number, reason: string, now: number): Promise<ReservedRefund[]> {
  await q.query(
    `INSERT INTO package_credit_uses (booking_id, account_id, org_package_id, credits, created_at)
     SELECT u.booking_id, u.account_id, u.org_package_id, -1, $2 FROM package_credit_uses u JOIN bookings b ON b.id = u.booking_id
      WHERE u.booking_id = $1 AND u.credits = 1 AND b.status = 'cancelled' ON CONFLICT (booking_id, credits) DO NOTHING`,
    [bookingId, iso(now)],
  );
  const [b] = await q.query<{ start_time: Date | string }>(`SELECT start_time FROM bookings WHERE id = $1 AND status = 'cancelled'`, [
    bookingId,
  ]);
  if (!b || new Date(b.start_time).getTime() <= now) return [];
  const paid: PaidTransaction[] = [];
  const own = await paidTransaction(q, bookingId);
  if (own) paid.push(own);
  const extensions = await q.query<{ id: number }>(
    `SELECT id FROM session_extensions WHERE booking_id = $1 AND status = 'applied' ORDER BY seq`,
    [bookingId],
  );
  for (const e of extensions) {
    const t = await paidExtensionTransaction(q, e.id);
    if (t) paid.push(t);
  }
  const reserved: ReservedRefund[] = [];
  for (const t of paid) {
    const claim = await reserveRefund(q, t, reason, now);
    if (claim) reserved.push({ t, claim });
  }
  return reserved;
}

/** Asks the gateway for refunds reserved with a cancellation, after its commit; each invoiced payment gets its credit note. */
export async function askReservedRefunds(ctx: RefundCtx, reserved: readonly ReservedRefund[], now: number, log: RefundLog): Promise<void> {
  for (const r of reserved) await askForRefund(ctx, r.t, r.claim, now, log, true);
}
