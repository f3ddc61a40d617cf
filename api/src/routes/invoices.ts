// Invoices and credit notes as PDFs (api/README.md "Invoices"): the patient's paid sessions,
// an invoice for each, a credit note for each refunded one. Only the booking's owner gets them (404 for
// anyone else); making a document is rate-limited per account and per address.
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, type App } from '../core/http.js';
import { Nullable } from '../core/schemas.js';
import { limitsOf } from '../core/limits.js';
import {
  issueDocument,
  ownBookingId,
  ownExtension,
  paidExtensionTransaction,
  type PaidTransaction,
  paidSessionsOf,
  payerScopeOf,
  paidTransaction,
  processedRefund,
  renderInvoicePdf,
  whyNoInvoice,
  type DocumentKind,
  type RefundRow,
} from '../payments/index.js';
import { sellerFromEnv } from '../config/billing.js';

const Params = Type.Object({ uuid: Type.String({ format: 'uuid' }) });
const Pdf = Type.Unsafe<Buffer>({
  type: 'string',
  format: 'binary',
  description: 'The PDF (application/pdf, an attachment named after its number)',
});
const Payment = Type.Object({
  booking_uuid: Type.String(),
  booking_status: Type.String(),
  start_time: Type.String({ format: 'date-time' }),
  provider: Type.Object({ firstname: Type.String(), lastname: Type.String() }),
  amount: Type.Integer(),
  currency: Type.String(),
  paid_at: Type.String({ format: 'date-time' }),
  invoice_number: Nullable(Type.String({ description: 'null until the invoice is first made (payments before invoices existed)' })),
  refund: Nullable(
    Type.Object({
      amount: Type.Integer(),
      currency: Type.String(),
      status: Type.String({
        description:
          'requested (on its way, also while a refund the gateway did not answer is asked again) | processed | failed (support refunds it by hand)',
      }),
    }),
  ),
  credit_note_number: Nullable(Type.String()),
  extension: Nullable(
    Type.Object(
      { uuid: Type.String(), minutes: Type.Integer() },
      { description: 'a payment for extending the session: its invoice is the extension invoice (series EXT)' },
    ),
  ),
  for_profile: Nullable(
    Type.Object(
      { uuid: Type.String(), first_name: Type.String(), last_name: Type.String() },
      { description: "the child's profile the session was for, when it is not the caller's own (the parent sees their children's)" },
    ),
  ),
  unapplied: Type.Boolean({
    description:
      'the payment was taken for something that could no longer be had (the booking time was released, the extension refused): it is refunded in full, with no invoice and no credit note; refund null until its refund is reserved',
  }),
});
export async function invoiceRoutes(app: App) {
  const { db, isProduction } = app.ctx;
  const now = app.ctx.clock ?? Date.now;

  /** The document of the payment `paid` finds (it answers 404 or 409 itself), as a PDF attachment. */
  const send = async (
    kind: DocumentKind,
    req: FastifyRequest,
    reply: FastifyReply,
    paid: () => Promise<{ t: PaidTransaction; refund?: RefundRow }>,
  ) => {
    const limits = limitsOf(app.ctx);
    await limits.take('invoice_document_address', req.ip);
    await limits.take('invoice_document_user', String(req.actor.id));
    const seller = sellerFromEnv(process.env, isProduction);
    if (!seller) throw new HttpError(503, 'Invoices are not available yet. Please contact support.', { code: 'invoices_not_configured' });
    const { t, refund } = await paid();
    const doc = await db.tx((q) => issueDocument(q, kind, t, now(), refund));
    const pdf = await renderInvoicePdf(doc, seller);
    reply.header('content-type', 'application/pdf');
    reply.header('content-disposition', `attachment; filename="${doc.number}.pdf"`);
    reply.header('x-content-type-options', 'nosniff');
    return reply.send(pdf);
  };
  const document = (kind: 'invoice' | 'credit_note', req: FastifyRequest<{ Params: { uuid: string } }>, reply: FastifyReply) =>
    send(kind, req, reply, async () => {
      const bookingId = await ownBookingId(db, req.params.uuid, await payerScopeOf(db, req.actor, now()));
      const t = await paidTransaction(db, bookingId);
      if (!t) throw await whyNoInvoice(db, bookingId);
      if (kind === 'invoice') return { t };
      const refund = await processedRefund(db, t.id);
      if (!refund) throw new HttpError(409, 'This session was not refunded, so it has no credit note.', { code: 'no_credit_note' });
      return { t, refund };
    });

  app.get(
    '/customers/bookings/:uuid/invoice',
    {
      config: { auth: true },
      schema: {
        tags: ['invoices'],
        summary: 'The invoice of one of my paid sessions (PDF); 409 nothing_to_invoice when unpaid, free or paid by an employer package',
        params: Params,
        response: { 200: Pdf },
      },
    },
    (req, reply) => document('invoice', req, reply),
  );

  app.get(
    '/customers/bookings/:uuid/credit_note',
    {
      config: { auth: true },
      schema: {
        tags: ['invoices'],
        summary: 'The credit note of one of my refunded sessions (PDF, naming its invoice); 409 no_credit_note when not refunded',
        params: Params,
        response: { 200: Pdf },
      },
    },
    (req, reply) => document('credit_note', req, reply),
  );

  app.get(
    '/customers/session_extensions/:uuid/invoice',
    {
      config: { auth: true },
      schema: {
        tags: ['invoices'],
        summary: 'The invoice of one of my paid session extensions (PDF, series EXT); 409 nothing_to_invoice when free or not paid yet',
        params: Params,
        response: { 200: Pdf },
      },
    },
    (req, reply) =>
      send('extension_invoice', req, reply, async () => {
        const e = await ownExtension(db, req.params.uuid, await payerScopeOf(db, req.actor, now()));
        const t = await paidExtensionTransaction(db, e.id);
        if (t) return { t };
        if (e.amount === 0)
          throw new HttpError(409, 'This extension was free, so there is nothing to invoice.', {
            code: 'nothing_to_invoice',
            reason: 'free',
          });
        throw new HttpError(409, 'This extension has not been paid, so it has no invoice.', {
          code: 'nothing_to_invoice',
          reason: 'unpaid',
        });
      }),
  );

  app.get(
    '/customers/payments',
    {
      config: { auth: true },
      schema: {
        tags: ['invoices'],
        summary:
          "My payments (the account holder's include their children's profiles', each naming the child), newest first: paid sessions with their invoice and any refund and credit note, paid session extensions with their extension invoice, and payments that could not be applied (unapplied) with their refund",
        response: { 200: Type.Object({ data: Type.Array(Payment) }) },
      },
    },
    async (req) => ({ data: await paidSessionsOf(db, req.actor.id, await payerScopeOf(db, req.actor, now())) }),
  );
}
