// Invoices and credit notes as PDFs (api/README.md "Invoices"): the patient's paid sessions,
// an invoice for each, a credit note for each refunded one. Only the booking's owner gets them (404 for
// anyone else); making a document is rate-limited per account and per address.
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, notFound, type App } from '../core/http.js';
import { Nullable } from '../core/schemas.js';
import { limitsOf } from '../core/limits.js';
import { issueDocument, paidTransaction, processedRefund, type DocumentKind, type RefundRow, renderInvoicePdf } from '../payments/index.js';
import { sellerFromEnv } from '../config/billing.js';

const Params = Type.Object({ uuid: Type.String({ format: 'uuid' }) });
const Pdf = Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'The PDF (application/pdf, an attachment named after its number)' });
const Payment = Type.Object({
  booking_uuid: Type.String(), booking_status: Type.String(), start_time: Type.String({ format: 'date-time' }),
  provider: Type.Object({ firstname: Type.String(), lastname: Type.String() }),
  amount: Type.Integer(), currency: Type.String(), paid_at: Type.String({ format: 'date-time' }),
  invoice_number: Nullable(Type.String({ description: 'null until the invoice is first made (payments before invoices existed)' })),
  refund: Nullable(Type.Object({ amount: Type.Integer(), currency: Type.String(), status: Type.String({ description: 'processed | failed (support refunds it by hand)' }) })),
  credit_note_number: Nullable(Type.String()),
});
interface PaymentRow {
  booking_uuid: string; booking_status: string; start_time: Date; firstname: string; lastname: string; amount: number; currency: string; paid_at: Date;
  invoice_number: string | null; credit_note_number: string | null; refund_amount: number | null; refund_currency: string | null; refund_status: string | null;
}

export async function invoiceRoutes(app: App) {
  const { db, isProduction } = app.ctx;
  const now = app.ctx.clock ?? Date.now;

  /** Why a booking of the caller has no invoice: paid by an employer's package, free, or not paid. */
  const nothingToInvoice = async (bookingId: number) => {
    const [b] = await db.query<{ org_package_id: number | null; fee: number; status: string }>(`SELECT org_package_id, fee, status FROM bookings WHERE id = $1`, [bookingId]);
    if (b!.org_package_id) return new HttpError(409, 'Your organisation\'s package paid for this session, so there is no invoice for you.', { code: 'nothing_to_invoice', reason: 'sponsored' });
    if (!(b!.fee > 0)) return new HttpError(409, 'This session was free, so there is nothing to invoice.', { code: 'nothing_to_invoice', reason: 'free' });
    return new HttpError(409, 'This session has not been paid, so it has no invoice.', { code: 'nothing_to_invoice', reason: 'unpaid' });
  };

  const document = async (kind: DocumentKind, req: FastifyRequest<{ Params: { uuid: string } }>, reply: FastifyReply) => {
    const limits = limitsOf(app.ctx);
    await limits.take('invoice_document_address', req.ip);
    await limits.take('invoice_document_user', String(req.actor.id));
    const seller = sellerFromEnv(process.env, isProduction);
    if (!seller) throw new HttpError(503, 'Invoices are not available yet. Please contact support.', { code: 'invoices_not_configured' });
    const [b] = await db.query<{ id: number }>(`SELECT id FROM bookings WHERE uuid::text = $1 AND user_id = $2`, [req.params.uuid, req.actor.id]);
    if (!b) throw notFound(`No booking ${req.params.uuid}`);
    const t = await paidTransaction(db, b.id);
    if (!t) throw await nothingToInvoice(b.id);
    let refund: RefundRow | undefined;
    if (kind === 'credit_note') {
      refund = await processedRefund(db, t.id);
      if (!refund) throw new HttpError(409, 'This session was not refunded, so it has no credit note.', { code: 'no_credit_note' });
    }
    const doc = await db.tx((q) => issueDocument(q, kind, t, now(), refund));
    const pdf = await renderInvoicePdf(doc, seller);
    reply.header('content-type', 'application/pdf');
    reply.header('content-disposition', `attachment; filename="${doc.number}.pdf"`);
    reply.header('x-content-type-options', 'nosniff');
    return reply.send(pdf);
  };

  app.get('/customers/bookings/:uuid/invoice', {
    config: { auth: true },
    schema: {
      tags: ['invoices'], summary: 'The invoice of one of my paid sessions (PDF); 409 nothing_to_invoice when unpaid, free or paid by an employer package',
      params: Params, response: { 200: Pdf },
    },
  }, (req, reply) => document('invoice', req, reply));

  app.get('/customers/bookings/:uuid/credit_note', {
    config: { auth: true },
    schema: {
      tags: ['invoices'], summary: 'The credit note of one of my refunded sessions (PDF, naming its invoice); 409 no_credit_note when not refunded',
      params: Params, response: { 200: Pdf },
    },
  }, (req, reply) => document('credit_note', req, reply));

  app.get('/customers/payments', {
    config: { auth: true },
    schema: { tags: ['invoices'], summary: 'My paid sessions, newest payment first, with their invoice and any refund and credit note', response: { 200: Type.Object({ data: Type.Array(Payment) }) } },
  }, async (req) => {
    const rows = await db.query<PaymentRow>(
      `SELECT b.uuid::text AS booking_uuid, b.status AS booking_status, b.start_time, p.firstname, p.lastname, t.amount, t.currency, t.updated_at AS paid_at,
              inv.number AS invoice_number, cn.number AS credit_note_number, r.amount AS refund_amount, r.currency AS refund_currency, r.status AS refund_status
         FROM payment_transactions t JOIN bookings b ON b.id = t.booking_id JOIN providers p ON p.id = b.provider_id
         LEFT JOIN invoices inv ON inv.transaction_id = t.id AND inv.kind = 'invoice'
         LEFT JOIN invoices cn ON cn.transaction_id = t.id AND cn.kind = 'credit_note'
         LEFT JOIN payment_refunds r ON r.transaction_id = t.id
        WHERE b.user_id = $1 AND t.status = 'paid' AND t.amount > 0
        ORDER BY t.updated_at DESC, t.id DESC`, [req.actor.id]);
    return {
      data: rows.map((r) => ({
        booking_uuid: r.booking_uuid, booking_status: r.booking_status, start_time: new Date(r.start_time).toISOString(),
        provider: { firstname: r.firstname, lastname: r.lastname }, amount: r.amount, currency: r.currency, paid_at: new Date(r.paid_at).toISOString(),
        invoice_number: r.invoice_number,
        refund: r.refund_status ? { amount: r.refund_amount!, currency: r.refund_currency!, status: r.refund_status } : null,
        credit_note_number: r.credit_note_number,
      })),
    };
  });
}
