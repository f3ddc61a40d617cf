// Invoices and credit notes (api/README.md "Invoices"). An invoice is issued when a session's
// payment settles; a credit note when that payment is refunded (a paid session cancelled before its
// start, payments/refunds.ts). Payments settled before invoices existed get theirs on first request. Every
// number and amount comes from the stored payment; what the document shows is fixed when it is issued.
import type { Db, Queryable } from '../db/index.js';
import { FINANCIAL_YEAR_ZONE, INVOICE_PREFIX } from '../config/billing.js';
import { displayTime, localParts } from '../core/time.js';
import { deliver } from '../core/outbox.js';
import { paymentReceipt } from '../messages/index.js';
import { HttpError, notFound, type Logger } from '../core/http.js';
import { isAdult } from '@haven/rules';
import { dateOnly, type UserRow } from '../identity/index.js';

export type DocumentKind = keyof typeof INVOICE_PREFIX;

/** The series a document issued at `at` belongs to: INV-2026 from 1 April 2026 (Asia/Kolkata) to 31 March 2027. */
export function invoiceSeries(kind: DocumentKind, at: number): string {
  const p = localParts(at, FINANCIAL_YEAR_ZONE);
  return `${INVOICE_PREFIX[kind]}-${p.month >= 4 ? p.year : p.year - 1}`;
}
export const invoiceNumber = (series: string, seq: number) => `${series}-${String(seq).padStart(6, '0')}`;

/** A payment that settled with money taken (a fully discounted booking has none). */
export interface PaidTransaction {
  id: number;
  uuid: string;
  booking_id: number;
  amount: number;
  currency: string;
  gateway: string;
  gateway_payment_id: string | null;
  coupon_code: string | null;
  updated_at: Date | string;
  /** The session extension it paid for (null: the session itself). */
  extension_id: number | null;
}
const MONEY_COLUMNS = `id, uuid::text, booking_id, amount, currency, gateway, gateway_payment_id, coupon_code, updated_at, extension_id`;
const MONEY_SELECT = `SELECT ${MONEY_COLUMNS} FROM payment_transactions`;
const PAID_SELECT = `${MONEY_SELECT} WHERE status = 'paid' AND amount > 0`;
/** The session's own payment: never an extension's, so the session's invoice and credit note stay its own. */
export async function paidTransaction(q: Queryable, bookingId: number): Promise<PaidTransaction | undefined> {
  return (
    await q.query<PaidTransaction>(`${PAID_SELECT} AND booking_id = $1 AND extension_id IS NULL ORDER BY id DESC LIMIT 1`, [bookingId])
  )[0];
}
/** The payment of a session extension. */
export async function paidExtensionTransaction(q: Queryable, extensionId: number): Promise<PaidTransaction | undefined> {
  return (await q.query<PaidTransaction>(`${PAID_SELECT} AND extension_id = $1 ORDER BY id DESC LIMIT 1`, [extensionId]))[0];
}

/** A payment the gateway captured for something that could not be honoured (status paid_unapplied). */
export async function unappliedTransaction(q: Queryable, id: number): Promise<PaidTransaction | undefined> {
  return (await q.query<PaidTransaction>(`${MONEY_SELECT} WHERE id = $1 AND status = 'paid_unapplied'`, [id]))[0];
}

/** The payment a refund row refunds, whatever became of it (paid: invoiced, or paid_unapplied: never applied). */
export async function refundableTransaction(q: Queryable, id: number): Promise<PaidTransaction & { status: string }> {
  return (
    await q.query<PaidTransaction & { status: string }>(`SELECT status, ${MONEY_COLUMNS} FROM payment_transactions WHERE id = $1`, [id])
  )[0]!;
}

export interface RefundRow {
  id: number;
  amount: number;
  currency: string;
  status: string;
  gateway_refund_id: string | null;
  reason: string;
  created_at: Date | string;
}

export interface InvoiceDetails {
  /** The account holder who paid (a child profile's sessions are billed to its parent account). */
  billed_to: { name: string; email: string | null; phone: string | null };
  /** Whom the session was for, when that is another profile than the account holder. */
  patient_name: string | null;
  provider: { name: string; roles: string[] };
  session: { start_time: string; duration_minutes: number; mode: string; session_type: string; timezone: string };
  payment: { reference: string; paid_at: string; coupon_code: string | null };
  refund: { reference: string; refunded_at: string; reason: string } | null;
  /** An extension invoice: the minutes added to the session above (absent on the session's documents). */
  extension?: { minutes: number };
}
export interface InvoiceRow {
  id: number;
  kind: DocumentKind;
  number: string;
  booking_id: number;
  transaction_id: number;
  invoice_id: number | null;
  amount: number;
  currency: string;
  details: InvoiceDetails;
  issued_at: Date | string;
  invoice_number: string | null;
}
const INVOICE_SELECT = `SELECT i.*, o.number AS invoice_number FROM invoices i LEFT JOIN invoices o ON o.id = i.invoice_id`;

interface Parties {
  start_time: Date | string;
  duration_minutes: number;
  mode: string;
  session_type: string;
  p_firstname: string;
  p_lastname: string;
  p_roles: string[];
  first_name: string;
  last_name: string;
  timezone: string | null;
  holder_first: string | null;
  holder_last: string | null;
  holder_email: string | null;
  holder_phone: string | null;
  email: string | null;
  phone_e164: string | null;
}
const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ').trim();

async function detailsOf(q: Queryable, t: PaidTransaction, refund: RefundRow | undefined): Promise<InvoiceDetails> {
  const [ext] = t.extension_id
    ? await q.query<{ minutes: number }>(`SELECT minutes FROM session_extensions WHERE id = $1`, [t.extension_id])
    : [];
  const [r] = await q.query<Parties>(
    `SELECT b.start_time, b.duration_minutes, b.mode, b.session_type, p.firstname AS p_firstname, p.lastname AS p_lastname, p.roles AS p_roles,
            u.first_name, u.last_name, u.timezone, u.email, u.phone_e164,
            a.first_name AS holder_first, a.last_name AS holder_last, a.email AS holder_email, a.phone_e164 AS holder_phone
       FROM bookings b JOIN providers p ON p.id = b.provider_id JOIN users u ON u.id = b.user_id LEFT JOIN users a ON a.id = u.parent_user_id
      WHERE b.id = $1`,
    [t.booking_id],
  );
  const patient = fullName(r!.first_name, r!.last_name);
  const profile = r!.holder_first !== null;
  return {
    billed_to: profile
      ? { name: fullName(r!.holder_first, r!.holder_last), email: r!.holder_email, phone: r!.holder_phone }
      : { name: patient, email: r!.email, phone: r!.phone_e164 },
    patient_name: profile ? patient : null,
    provider: { name: fullName(r!.p_firstname, r!.p_lastname), roles: r!.p_roles },
    session: {
      start_time: new Date(r!.start_time).toISOString(),
      duration_minutes: r!.duration_minutes,
      mode: r!.mode,
      session_type: r!.session_type,
      timezone: r!.timezone ?? FINANCIAL_YEAR_ZONE,
    },
    payment: { reference: t.gateway_payment_id ?? t.uuid, paid_at: new Date(t.updated_at).toISOString(), coupon_code: t.coupon_code },
    refund: refund
      ? {
          reference: refund.gateway_refund_id ?? `refund-${t.uuid}`,
          refunded_at: new Date(refund.created_at).toISOString(),
          reason: refund.reason,
        }
      : null,
    ...(ext ? { extension: { minutes: ext.minutes } } : {}),
  };
}

/**
 * The invoice (or, with `refund`, the credit note) of a paid transaction: the one already issued, or a
 * new one numbered in its series. Call inside a transaction (db.tx): the number is taken under the
 * series row's lock and given back if the transaction rolls back.
 */
export async function issueDocument(
  q: Queryable,
  kind: DocumentKind,
  t: PaidTransaction,
  at: number,
  refund?: RefundRow,
): Promise<InvoiceRow> {
  await q.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`invoice:${t.id}:${kind}`]);
  const existing = (await q.query<InvoiceRow>(`${INVOICE_SELECT} WHERE i.transaction_id = $1 AND i.kind = $2`, [t.id, kind]))[0];
  if (existing) return existing;
  if (kind === 'credit_note' && !refund) throw new Error('a credit note needs its refund');
  // A credit note always names its invoice, issued first if it was never asked for.
  // An extension's refund names the extension's invoice (series EXT), never a session invoice.
  const invoiceId = kind === 'credit_note' ? (await issueDocument(q, t.extension_id ? 'extension_invoice' : 'invoice', t, at)).id : null;
  const series = invoiceSeries(kind, at);
  const [n] = await q.query<{ last_number: number }>(
    `INSERT INTO invoice_series (series, last_number) VALUES ($1, 1)
     ON CONFLICT (series) DO UPDATE SET last_number = invoice_series.last_number + 1 RETURNING last_number`,
    [series],
  );
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO invoices (kind, series, seq, number, booking_id, transaction_id, refund_id, invoice_id, amount, currency, details, issued_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
    [
      kind,
      series,
      n!.last_number,
      invoiceNumber(series, n!.last_number),
      t.booking_id,
      t.id,
      refund?.id ?? null,
      invoiceId,
      refund ? refund.amount : t.amount,
      refund ? refund.currency : t.currency,
      JSON.stringify(await detailsOf(q, t, refund)),
      new Date(at).toISOString(),
    ],
  );
  return (await q.query<InvoiceRow>(`${INVOICE_SELECT} WHERE i.id = $1`, [row!.id]))[0]!;
}

/** The refund of a paid transaction that the patient was given (a failed gateway refund gives no credit note). */
export async function processedRefund(q: Queryable, transactionId: number): Promise<RefundRow | undefined> {
  return (await q.query<RefundRow>(`SELECT * FROM payment_refunds WHERE transaction_id = $1 AND status = 'processed'`, [transactionId]))[0];
}

/**
 * The invoice of a payment and, the first time only, its receipt to whom it is billed (e-mail): under the
 * invoice's lock, so the payment's confirmation and the gateway's webhook together send one receipt.
 */
async function issueInvoiceWithReceipt(q: Queryable, kind: 'invoice' | 'extension_invoice', t: PaidTransaction, at: number): Promise<void> {
  await q.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`invoice:${t.id}:${kind}`]);
  const [existing] = await q.query(`SELECT 1 FROM invoices WHERE transaction_id = $1 AND kind = $2`, [t.id, kind]);
  const invoice = await issueDocument(q, kind, t, at);
  const to = invoice.details.billed_to.email;
  if (existing || !to) return;
  const zone = invoice.details.session.timezone;
  const start = Date.parse(invoice.details.session.start_time);
  await deliver(q, {
    channel: 'email',
    to,
    ...paymentReceipt({
      invoiceNumber: invoice.number,
      amount: Number(invoice.amount),
      currency: invoice.currency,
      provider: invoice.details.provider.name,
      when: `${localParts(start, zone).date} at ${displayTime(start, zone)} (${zone})`,
    }),
  });
}

/**
 * The invoice of a payment and its receipt e-mail (queued in the outbox), inside the transaction that
 * settles the payment (db.tx): the payment, its invoice and its receipt commit together or not at all,
 * so no crash between them leaves a payment without a receipt. `transactionId`: a paid transaction
 * (a session's or an extension's); nothing is issued for one with nothing taken.
 */
export async function issueInvoiceInSettlement(q: Queryable, transactionId: number, at: number): Promise<void> {
  const [t] = await q.query<PaidTransaction>(`${PAID_SELECT} AND id = $1`, [transactionId]);
  if (t) await issueInvoiceWithReceipt(q, t.extension_id ? 'extension_invoice' : 'invoice', t, at);
}

/**
 * Issues the invoice (and the receipt, once) of a payment settled earlier, when it has none: a payment
 * told again, settled before invoices were issued with it. A failure is logged, and the invoice is issued
 * on its first download instead.
 */
export async function issueInvoiceOnPayment(db: Db, transactionUuid: string, at: number, log: Logger): Promise<void> {
  try {
    const [r] = await db.query<{ booking_id: number; extension_id: number | null }>(
      `SELECT booking_id, extension_id FROM payment_transactions WHERE uuid::text = $1 AND status = 'paid'`,
      [transactionUuid],
    );
    if (!r) return;
    const kind = r.extension_id ? 'extension_invoice' : 'invoice';
    const t = r.extension_id ? await paidExtensionTransaction(db, r.extension_id) : await paidTransaction(db, r.booking_id);
    if (t) await db.tx((q) => issueInvoiceWithReceipt(q, kind, t, at));
  } catch (err) {
    log.error({ err, transaction: transactionUuid }, 'invoice not issued at payment (it is issued on first download)');
  }
}

/** Why a booking has no invoice: paid by an employer's package, free, or not paid (a 409 saying which). */
export async function whyNoInvoice(q: Queryable, bookingId: number): Promise<HttpError> {
  const [b] = await q.query<{ org_package_id: number | null; fee: number; status: string }>(
    `SELECT org_package_id, fee, status FROM bookings WHERE id = $1`,
    [bookingId],
  );
  if (b!.org_package_id)
    return new HttpError(409, "Your organisation's package paid for this session, so there is no invoice for you.", {
      code: 'nothing_to_invoice',
      reason: 'sponsored',
    });
  if (!(b!.fee > 0))
    return new HttpError(409, 'This session was free, so there is nothing to invoice.', { code: 'nothing_to_invoice', reason: 'free' });
  return new HttpError(409, 'This session has not been paid, so it has no invoice.', { code: 'nothing_to_invoice', reason: 'unpaid' });
}

/**
 * Whose payments and invoices `actor` sees: their own, and for the account holder also those of its
 * children's profiles (under 18 on `now`'s day): the parent pays for and looks after a child's care. An
 * adult profile's sessions stay its own, and a profile sees only its own.
 */
export async function payerScopeOf(q: Queryable, actor: Pick<UserRow, 'id' | 'parent_user_id'>, now: number): Promise<number[]> {
  if (actor.parent_user_id !== null) return [actor.id];
  const profiles = await q.query<{ id: number; date_of_birth: string | Date | null }>(
    `SELECT id, date_of_birth FROM users WHERE parent_user_id = $1 AND date_of_birth IS NOT NULL`,
    [actor.id],
  );
  const today = new Date(now).toISOString().slice(0, 10);
  return [actor.id, ...profiles.filter((p) => !isAdult(dateOnly(p.date_of_birth)!, today)).map((p) => p.id)];
}

/** The id of a booking whose payments `payers` see (payerScopeOf); 404 for anyone else's. */
export async function ownBookingId(q: Queryable, uuid: string, payers: readonly number[]): Promise<number> {
  const [b] = await q.query<{ id: number }>(`SELECT id FROM bookings WHERE uuid::text = $1 AND user_id = ANY($2::int[])`, [uuid, payers]);
  if (!b) throw notFound(`No booking ${uuid}`);
  return b.id;
}

interface PaymentRow {
  booking_uuid: string;
  booking_status: string;
  start_time: Date;
  firstname: string;
  lastname: string;
  amount: number;
  currency: string;
  paid_at: Date;
  invoice_number: string | null;
  credit_note_number: string | null;
  refund_amount: number | null;
  refund_currency: string | null;
  refund_status: string | null;
  extension_uuid: string | null;
  extension_minutes: number | null;
  unapplied: boolean;
  for_user_id: number;
  for_uuid: string;
  for_first_name: string;
  for_last_name: string;
}

/**
 * The user's payments, newest first: paid sessions with their invoice and any refund and credit note, paid
 * session extensions with their extension invoice, and payments taken for a session or extension that
 * could no longer be had (`unapplied`: refunded in full, no invoice). A failed refund that is still to be
 * asked again reads `requested`: it is on its way as far as the patient is concerned. `payers`: payerScopeOf;
 * a row of a child's profile names the child (`for_profile`).
 */
export async function paidSessionsOf(q: Queryable, actorId: number, payers: readonly number[]) {
  const rows = await q.query<PaymentRow>(
    `SELECT b.uuid::text AS booking_uuid, b.status AS booking_status, b.start_time, p.firstname, p.lastname, t.amount, t.currency, t.updated_at AS paid_at,
            inv.number AS invoice_number, cn.number AS credit_note_number, r.amount AS refund_amount, r.currency AS refund_currency,
            CASE WHEN r.status = 'failed' AND r.next_attempt_at IS NOT NULL THEN 'requested' ELSE r.status END AS refund_status,
            e.uuid::text AS extension_uuid, e.minutes AS extension_minutes, t.status = 'paid_unapplied' AS unapplied,
            u.id AS for_user_id, u.uuid::text AS for_uuid, u.first_name AS for_first_name, u.last_name AS for_last_name
       FROM payment_transactions t JOIN bookings b ON b.id = t.booking_id JOIN providers p ON p.id = b.provider_id
       JOIN users u ON u.id = b.user_id
       LEFT JOIN session_extensions e ON e.id = t.extension_id
       LEFT JOIN invoices inv ON inv.transaction_id = t.id AND inv.kind = (CASE WHEN t.extension_id IS NULL THEN 'invoice' ELSE 'extension_invoice' END)
       LEFT JOIN invoices cn ON cn.transaction_id = t.id AND cn.kind = 'credit_note'
       LEFT JOIN payment_refunds r ON r.transaction_id = t.id
      WHERE b.user_id = ANY($1::int[]) AND t.status IN ('paid', 'paid_unapplied') AND t.amount > 0
      ORDER BY t.updated_at DESC, t.id DESC`,
    [payers],
  );
  return rows.map((r) => ({
    booking_uuid: r.booking_uuid,
    booking_status: r.booking_status,
    start_time: new Date(r.start_time).toISOString(),
    provider: { firstname: r.firstname, lastname: r.lastname },
    amount: r.amount,
    currency: r.currency,
    paid_at: new Date(r.paid_at).toISOString(),
    invoice_number: r.invoice_number,
    refund: r.refund_status ? { amount: r.refund_amount!, currency: r.refund_currency!, status: r.refund_status } : null,
    credit_note_number: r.credit_note_number,
    extension: r.extension_uuid ? { uuid: r.extension_uuid, minutes: r.extension_minutes! } : null,
    unapplied: r.unapplied,
    for_profile: r.for_user_id === actorId ? null : { uuid: r.for_uuid, first_name: r.for_first_name, last_name: r.for_last_name },
  }));
}
