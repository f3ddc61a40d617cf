// A payment the gateway captured, told by the patient's browser (/verify) or by the gateway's webhook:
// one way to settle it, whoever tells first. It is settled under the transaction's lock
// (settleCapturedPayment); after the commit, a payment that could not be honoured is refunded in full,
// once; an applied one gets its invoice and the patient's receipt in the transaction that applies it.
import type { Ctx, Logger } from '../core/http.js';
import { issueInvoiceInSettlement, issueInvoiceOnPayment, unappliedTransaction } from './invoices.js';
import { refundTransaction } from './refunds.js';
import { settleCapturedPayment, type CapturedOutcome, type CapturedPaymentOf, type TxRow } from './transactions.js';

export async function takeCapturedPayment(
  ctx: Ctx,
  input: { of: CapturedPaymentOf; paymentId: string; now: number; check: (t: TxRow) => void },
  log: Logger,
): Promise<CapturedOutcome> {
  // Applied: the payment, its invoice and its receipt commit together (issueInvoiceInSettlement).
  const outcome = await ctx.db.tx(async (q) => {
    const o = await settleCapturedPayment(q, input);
    if (o.kind === 'applied') await issueInvoiceInSettlement(q, o.t.id, input.now);
    return o;
  });
  if (outcome.kind === 'second') {
    log.error(
      { transaction: outcome.t.uuid, gatewayPayment: input.paymentId },
      'a second captured payment for one transaction: support must refund this payment by hand',
    );
  } else if (outcome.kind === 'unapplied') {
    // Committed first: the gateway is never asked while rows are locked, and the refund row keeps it once.
    const t = await unappliedTransaction(ctx.db, outcome.t.id);
    if (t) await refundTransaction(ctx, t, `Payment could not be applied: ${outcome.why}`, input.now, log, { creditNote: false });
  } else if (outcome.kind === 'already') {
    // Told again: a payment settled before its invoice was issued with it gets it now; the receipt goes once.
    await issueInvoiceOnPayment(ctx.db, outcome.t.uuid, input.now, log);
  }
  return outcome;
}
