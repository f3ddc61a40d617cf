// The PDF of an invoice or credit note (pdfkit, imported on the first document so the api's start does
// not load it). Only what was fixed at issue (payments/invoices.ts) and the seller's details are printed.
import type { Seller } from '../config/billing.js';
import type { InvoiceRow } from './invoices.js';
import { moneyText } from '@haven/rules';

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

/**
 * The rupee sign as the product's font draws it (Atkinson Hyperlegible Next, SIL OFL; its outline in a
 * 1000-unit em, y up). The PDF's fonts are the standard Helvetica faces (not embedded, WinAnsi encoding),
 * which have no ₹; the product's font has one, but only in a WOFF2 whose transformed glyf table pdfkit
 * cannot subset (the sign comes out blank). So the sign is drawn from its outline, and its marked content
 * says "₹" (ActualText): copying, searching or reading the PDF aloud gives "₹1,500", as the screens write it.
 */
// Its quadratic curves written as the equal cubic ones (pdfkit draws an SVG Q only approximately).
const RUPEE_OUTLINE =
  'M373 0L73 290L73 342L147 342C196.3 342 235.3 350 264 366C292.7 381.3 309.7 406.7 315 442L73 442L73 493L315 493C309 526.3 291.7 551.3 263 568C234.3 584.7 195.7 593 147 593L73 593L73 668L500 668L500 617L333 617C354.3 603 371.3 585.7 384 565C396.7 544.3 404.7 520.3 408 493L500 493L500 442L408 442C402.7 391.3 382.3 352.7 347 326C311 298.7 264.3 281.3 207 274L490 0Z';
const RUPEE_ADVANCE = 554;
/** Helvetica's and Helvetica-Bold's ascender (their AFM files): where a line's baseline sits below its top. */
const HELVETICA_ASCENDER = 718;

/**
 * One line of `label` and an amount written by `moneyText` (the one money format of every screen), in
 * the current Helvetica face and size. A ₹ is drawn from its outline (a bold face's thickened by a stroke).
 */
function moneyLine(pdf: PDFKit.PDFDocument, label: string, money: string, size: number, bold: boolean): void {
  const left = pdf.x;
  const top = pdf.y;
  let at = left;
  const write = (text: string) => {
    if (!text) return;
    pdf.text(text, at, top, { lineBreak: false });
    at += pdf.widthOfString(text);
  };
  write(label);
  money.split('₹').forEach((part, i) => {
    if (i > 0) {
      const scale = size / 1000;
      pdf.markContent('Span', { actual: '₹' });
      pdf
        .save()
        .translate(at, top + HELVETICA_ASCENDER * scale)
        .scale(scale, -scale)
        .path(RUPEE_OUTLINE);
      if (bold) pdf.lineWidth(40).fillAndStroke('black', 'black');
      else pdf.fill('black');
      pdf.restore();
      pdf.endMarkedContent();
      at += RUPEE_ADVANCE * scale;
    }
    write(part);
  });
  pdf.x = left;
  pdf.y = top + pdf.currentLineHeight(true);
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

  pdf.moveDown().font('Helvetica-Bold').fontSize(12);
  moneyLine(pdf, `${doc.kind === 'credit_note' ? 'Total refunded' : 'Total paid'}: `, moneyText(doc.amount, doc.currency), 12, true);
  pdf.font('Helvetica').fontSize(10).moveDown(0.5);
  pdf.text(`Paid on ${displayDate(d.payment.paid_at, zone)}, payment reference ${d.payment.reference}`);
  if (d.refund) pdf.text(`Refunded on ${displayDate(d.refund.refunded_at, zone)}, refund reference ${d.refund.reference}`);
  pdf.end();
  return done;
}
