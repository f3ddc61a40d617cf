// Refunds: a paid session cancelled before it starts is refunded in full, by whoever cancels
// it (the patient, or closing the account). The spec names no cancellation fee, so none is kept. In
// production the gateway refunds the payment; a refund it refuses is recorded as failed and logged for
// support, and gives no credit note; one it did not answer (a timeout, a 5xx, the process died) is asked
// again with the same idempotency key, a few times with growing gaps (retryDueRefunds). Off production
// the simulated gateway refunds at once. A payment the
// gateway captured for something that could no longer be honoured (routes/payments.ts /verify) is
// refunded by the same function, without a credit note: no invoice was issued for it.
import type { Ctx, Logger } from '../core/http.js';
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
export type RefundLog = Pick<Logger, 'error' | 'warn'>;

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
 * Reserves the full refund of a payment (status requested, unique per payment): inside the transaction
 * that makes it owed, so that what is owed and the promise to pay it commit together. Asked of the gateway
 * after the commit (askReservedRefund); if the process dies first, the retry pass asks it once its ask
 * is presumed lost. Undefined when it was reserved already.
 */
export async function reserveRefund(q: Queryable, t: PaidTransaction, reason: string, now: number): Promise<Claim | undefined> {
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

  // Belt and braces: a cancelled booking that still owes its refund or credit (cancelled before a
  // cancellation reserved them in its own transaction, or by a path that does not yet). Only sessions
  // that have not started: one cancelled after its start is owed nothing, and no row says when it was cancelled.
  const owing = await ctx.db.query<{ id: number; cancel_reason: string | null }>(
    `SELECT b.id, b.cancel_reason FROM bookings b
      WHERE b.status = 'cancelled' AND b.start_time > $1
        AND (EXISTS (SELECT 1 FROM payment_transactions t
                      WHERE t.booking_id = b.id AND t.extension_id IS NULL AND t.status = 'paid' AND t.amount > 0
                        AND NOT EXISTS (SELECT 1 FROM payment_refunds r WHERE r.transaction_id = t.id))
          OR EXISTS (SELECT 1 FROM package_credit_uses u WHERE u.booking_id = b.id AND u.credits = 1
                      AND NOT EXISTS (SELECT 1 FROM package_credit_uses g WHERE g.booking_id = b.id AND g.credits = -1)))
      ORDER BY b.id LIMIT $2`,
    [iso(now), RETRY_BATCH],
  );
  for (const b of owing) {
    const owed = await ctx.db.tx((q) => reserveCancellationRefund(q, b.id, b.cancel_reason ?? 'cancelled', now));
    if (owed) {
      log.warn({ bookingId: b.id, transaction: owed.t.uuid }, 'a cancelled paid session had no refund: refunded now');
      await askReservedRefund(ctx, owed, now, log);
      asked++;
    }
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

/** A cancelled booking's refund, reserved in the cancellation's transaction and asked of the gateway after its commit. */
export interface OwedRefund {
  t: PaidTransaction;
  claim: Claim;
}

/**
 * What a cancellation owes, recorded inside the cancelling transaction (after the guarded `cancel`
 * transition, with it): a package credit comes back to the account (its return row, once), and a paid
 * session that has not started by `now` gets its full refund reserved. Never two steps: a process or a
 * connection that dies after the commit leaves the refund reserved, and the retry pass asks it. Answers
 * the reserved refund, to ask with askReservedRefund once committed.
 */
export async function reserveCancellationRefund(
  q: Queryable,
  bookingId: number,
  reason: string,
  now: number,
): Promise<OwedRefund | undefined> {
  await q.query(
    `INSERT INTO package_credit_uses (booking_id, account_id, org_package_id, credits, created_at)
     SELECT u.booking_id, u.account_id, u.org_package_id, -1, $2 FROM package_credit_uses u JOIN bookings b ON b.id = u.booking_id
      WHERE u.booking_id = $1 AND u.credits = 1 AND b.status = 'cancelled' ON CONFLICT (booking_id, credits) DO NOTHING`,
    [bookingId, new Date(now).toISOString()],
  );
  const t = await paidTransaction(q, bookingId);
  if (!t) return undefined;
  const [b] = await q.query<{ start_time: Date | string }>(`SELECT start_time FROM bookings WHERE id = $1`, [bookingId]);
  if (!b || new Date(b.start_time).getTime() <= now) return undefined;
  const claim = await reserveRefund(q, t, reason, now);
  return claim ? { t, claim } : undefined;
}

/**
 * The refunds of a cancelled session's paid extensions (one bought in the room's opening minutes, before
 * the start), reserved in the cancellation's transaction beside the session's own (reserveCancellationRefund):
 * only when the session had not started by `now`, each once. Ask each with askReservedRefund after the commit.
 */
export async function reserveExtensionRefunds(q: Queryable, bookingId: number, reason: string, now: number): Promise<OwedRefund[]> {
  const [b] = await q.query<{ start_time: Date | string }>(`SELECT start_time FROM bookings WHERE id = $1 AND status = 'cancelled'`, [
    bookingId,
  ]);
  if (!b || new Date(b.start_time).getTime() <= now) return [];
  const applied = await q.query<{ id: number }>(
    `SELECT id FROM session_extensions WHERE booking_id = $1 AND status = 'applied' ORDER BY seq`,
    [bookingId],
  );
  const owed: OwedRefund[] = [];
  for (const e of applied) {
    const t = await paidExtensionTransaction(q, e.id);
    const claim = t && (await reserveRefund(q, t, reason, now));
    if (t && claim) owed.push({ t, claim });
  }
  return owed;
}

/** Asks the gateway for a cancellation's refund reserved by reserveCancellationRefund (after its commit; never inside a transaction). */
export function askReservedRefund(ctx: RefundCtx, owed: OwedRefund, now: number, log: RefundLog): Promise<RefundRow | undefined> {
  return askForRefund(ctx, owed.t, owed.claim, now, log, true);
}

/**
 * Gives a cancelled booking's package credit back, and refunds its payment (with its credit note) when it
 * was paid and has not started by `now`; once, whoever cancels. For a booking already cancelled and
 * committed: a cancellation should reserve its refund in its own transaction (reserveCancellationRefund).
 */
export async function refundCancelledBooking(
  ctx: RefundCtx,
  bookingId: number,
  reason: string,
  now: number,
  log: RefundLog,
): Promise<void> {
  const owed = await ctx.db.tx((q) => reserveCancellationRefund(q, bookingId, reason, now));
  if (owed) await askReservedRefund(ctx, owed, now, log);
}
