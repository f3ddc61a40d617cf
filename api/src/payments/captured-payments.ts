// A payment the gateway captured, told by the patient's browser (/verify) or by the gateway's webhook:
// one way to settle it, whoever tells first. It is settled under the transaction's lock
// (settleCapturedPayment); after the commit, a payment that could not be honoured is refunded in full,
// once, and an applied one gets its invoice (and the patient's receipt, once).
import type { FastifyBaseLogger } from 'fastify';
import type { Ctx } from '../core/http.js';
import { issueInvoiceOnPayment, unappliedTransaction } from './invoices.js';
import { refundTransaction } from './refunds.js';
import { settleCapturedPayment, type CapturedOutcome, type CapturedPaymentOf, type TxRow } from './transactions.js';

export async function takeCapturedPayment(
  ctx: Ctx,
  input: { of: CapturedPaymentOf; paymentId: string; now: number; check: (t: TxRow) => void },
  log: FastifyBaseLogger,
): Promise<CapturedOutcome> {
  const outcome = await ctx.db.tx((q) => settleCapturedPayment(q, input));
  if (outcome.kind === 'second') {
    log.error(
      { transaction: outcome.t.uuid, gatewayPayment: input.paymentId },
      'a second captured payment for one transaction: support must refund this payment by hand',
    );
  } else if (outcome.kind === 'unapplied') {
    // Committed first: the gateway is never asked while rows are locked, and the refund row keeps it once.
    const t = await unappliedTransaction(ctx.db, outcome.t.id);
    if (t) await refundTransaction(ctx, t, `Payment could not be applied: ${outcome.why}`, input.now, log, { creditNote: false });
  } else {
    // Again when already applied: an invoice that failed the first time is issued now; the receipt goes once.
    await issueInvoiceOnPayment(ctx.db, outcome.t.uuid, input.now, log);
  }
  return outcome;
}
