// The PDF of an invoice or credit note (pdfkit, imported on the first document so the api's start does
// not load it). Only what was fixed at issue (payments/invoices.ts) and the seller's details are printed.
import type { Seller } from '../config/billing.js';
import type { InvoiceRow } from './invoices.js';
import { invoiceAmount } from '@haven/rules';

/** Product rules, Booking and time zones: date display 'DD MMM YYYY, hh:mm A' in the given zone. */
export function displayDate(iso: string, timeZone: string, withTime = true): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      day: '2-digit',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hour12: true,
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  const date = `${parts.day} ${parts.month} ${parts.year}`;
  return withTime ? `${date}, ${parts.hour}:${parts.minute} ${String(parts.dayPeriod).toUpperCase()}` : date;
}

const TITLE = { invoice: 'Invoice', credit_note: 'Credit note', extension_invoice: 'Invoice (session extension)' } as const;
const ROLE: Record<string, string> = {
  therapist: 'therapy',
  psychiatrist: 'psychiatry',
  couplestherapist: 'couples therapy',
  coach: 'coaching',
};

export function sessionLine(d: InvoiceRow['details']): string {
  const kind = d.session.session_type === 'couple' ? 'couples therapy' : (ROLE[d.provider.roles[0] ?? ''] ?? 'care');
  const mode = d.session.mode === 'offline' ? 'In-clinic' : 'Online';
  return `${mode} ${kind} session with ${d.provider.name}, ${d.session.duration_minutes} min, ${displayDate(d.session.start_time, d.session.timezone)} (${d.session.timezone})`;
}

export async function renderInvoicePdf(doc: InvoiceRow, seller: Seller): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const d = doc.details;
  const zone = d.session.timezone;
  const pdf = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `${TITLE[doc.kind]} ${doc.number}`, Author: seller.legalName } });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  pdf.font('Helvetica-Bold').fontSize(20).text(TITLE[doc.kind]);
  pdf.font('Helvetica').fontSize(10).moveDown(0.5);
  pdf.text(`Number: ${doc.number}`);
  pdf.text(`Date of issue: ${displayDate(new Date(doc.issued_at).toISOString(), zone, false)}`);
  if (doc.kind === 'credit_note') pdf.text(`Against invoice: ${doc.invoice_number ?? ''}`);

  pdf.moveDown().font('Helvetica-Bold').text('From');
  pdf.font('Helvetica').text(seller.legalName).text(seller.address);
  if (seller.taxId) pdf.text(`Tax id: ${seller.taxId}`);
  if (seller.email) pdf.text(seller.email);

  pdf.moveDown().font('Helvetica-Bold').text('Billed to');
  pdf.font('Helvetica').text(d.billed_to.name || 'Haven patient');
  if (d.billed_to.email) pdf.text(d.billed_to.email);
  if (d.billed_to.phone) pdf.text(d.billed_to.phone);
  if (d.patient_name) pdf.text(`Session for: ${d.patient_name}`);

  pdf
    .moveDown()
    .font('Helvetica-Bold')
    .text(doc.kind === 'invoice' ? 'Session' : doc.kind === 'extension_invoice' ? 'Extension' : 'Refund of');
  if (d.extension) pdf.font('Helvetica').text(`${d.extension.minutes} more minutes of the session below`);
  pdf.font('Helvetica').text(sessionLine(d));
  if (d.payment.coupon_code) pdf.text(`Coupon ${d.payment.coupon_code} applied`);

  pdf
    .moveDown()
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(`${doc.kind === 'credit_note' ? 'Total refunded' : 'Total paid'}: ${invoiceAmount(doc.amount, doc.currency)}`);
  pdf.font('Helvetica').fontSize(10).moveDown(0.5);
  pdf.text(`Paid on ${displayDate(d.payment.paid_at, zone)}, payment reference ${d.payment.reference}`);
  if (d.refund) pdf.text(`Refunded on ${displayDate(d.refund.refunded_at, zone)}, refund reference ${d.refund.reference}`);
  pdf.end();
  return done;
}
