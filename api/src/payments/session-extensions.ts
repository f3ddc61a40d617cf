// Session extensions (api/README.md "Session extensions"): the patient adds a fixed time to an online
// session that is on. Each extension is its own record with its own payment (a temporary transaction
// naming it, settled by the same checkout, /verify or the simulated gateway) and its own invoice (series
// EXT), so the session's invoice and credit note stay exactly as they were. The price is the one rule
// `extensionPrice` of @haven/rules. An extension holds one of the session's numbered places (at most
// EXTENSION_CAP, a unique index) from its request until its payment fails or its hold lapses (the
// booking payments' hold time: a stale pending one no longer counts and is released by the next request,
// under the booking's lock, so no timer is needed); the end moves only when it is paid (or free), by the
// guarded `extend` transition.
import { EXTENSION_CAP, EXTENSION_MINUTES, extensionPrice } from '@haven/rules';
import { HttpError, notFound } from '../core/http.js';
import type { Queryable } from '../db/index.js';
import { providerFreeAfterEnd, ROOM_OPENS_BEFORE_MS, transition } from '../bookings/index.js';
import { PAYMENT_HOLD_MINUTES } from '../config/booking.js';
import { paidTransaction } from './invoices.js';

export interface ExtensionRow {
  id: number;
  uuid: string;
  booking_id: number;
  user_id: number;
  seq: number;
  minutes: number;
  amount: number;
  currency: string;
  status: 'pending' | 'applied' | 'cancelled';
}
const EXT_SELECT = `SELECT e.*, e.uuid::text AS uuid FROM session_extensions e`;

interface ExtBooking {
  id: number;
  status: string;
  mode: string;
  start_time: Date | string;
  end_time: Date | string;
  fee: number;
  list_price: number | null;
  currency: string;
  duration_minutes: number;
  org_package_id: number | null;
  price_lines: unknown;
}

const refuse = (code: string, message: string) => new HttpError(409, message, { code });
export const extensionRefusal = {
  notConfirmed: () => refuse('extension_not_confirmed', 'Only a confirmed session can be extended.'),
  notOnline: () => refuse('extension_not_online', 'Only an online session can be extended.'),
  outsideWindow: () => refuse('extension_outside_window', 'A session can be extended only while it is on, before it ends.'),
  capReached: () => refuse('extension_cap_reached', `This session has been extended ${EXTENSION_CAP} times already, the most it can be.`),
  providerBusy: () =>
    refuse('extension_provider_busy', 'Your provider has another session right after this one, so this one cannot be extended.'),
};

/** What extending the booking would cost now, or why it cannot be extended (the first reason). */
export interface ExtensionQuote {
  minutes: number;
  amount: number;
  currency: string;
  used: number;
  cap: number;
  refusal: HttpError | null;
}

/** A pending extension asked before this instant has outlived its payment hold (the booking payments' hold). */
const holdStart = (now: number) => new Date(now - PAYMENT_HOLD_MINUTES * 60_000).toISOString();

/** The extensions holding a place: applied ones, and pending ones whose payment hold has not lapsed. */
async function activeExtensions(q: Queryable, bookingId: number, now: number): Promise<ExtensionRow[]> {
  return q.query<ExtensionRow>(
    `${EXT_SELECT} WHERE e.booking_id = $1 AND (e.status = 'applied' OR (e.status = 'pending' AND e.created_at > $2)) ORDER BY e.seq`,
    [bookingId, holdStart(now)],
  );
}

/**
 * Releases the booking's pending extensions whose payment hold lapsed, and ends their checkouts (a
 * payment arriving later is refused as expired). Guarded: only still-pending ones, under the booking's lock.
 */
async function releaseLapsedExtensions(q: Queryable, bookingId: number, now: number): Promise<void> {
  await q.query(
    `WITH lapsed AS (
       UPDATE session_extensions SET status = 'cancelled' WHERE booking_id = $1 AND status = 'pending' AND created_at <= $2 RETURNING id)
     UPDATE payment_transactions SET status = 'expired', updated_at = now() WHERE extension_id IN (SELECT id FROM lapsed) AND status = 'created'`,
    [bookingId, holdStart(now)],
  );
}

export async function quoteExtension(q: Queryable, bookingId: number, now: number): Promise<ExtensionQuote> {
  const [b] = await q.query<ExtBooking>(`SELECT * FROM bookings WHERE id = $1`, [bookingId]);
  if (!b) throw notFound('No such booking');
  const lines = (b.price_lines as { price?: { lines?: { kind: string }[] } } | null)?.price?.lines ?? [];
  const amount = extensionPrice({
    paid: (await paidTransaction(q, b.id))?.amount ?? 0,
    paidByPackage: b.org_package_id !== null || lines.some((l) => l.kind === 'package'),
    listPrice: b.list_price ?? b.fee,
    bookedMinutes: b.duration_minutes,
  });
  const used = (await activeExtensions(q, b.id, now)).length;
  const refusal = await (async () => {
    if (b.status !== 'confirmed') return extensionRefusal.notConfirmed();
    if (b.mode !== 'online') return extensionRefusal.notOnline();
    if (now < new Date(b.start_time).getTime() - ROOM_OPENS_BEFORE_MS || now >= new Date(b.end_time).getTime())
      return extensionRefusal.outsideWindow();
    if (used >= EXTENSION_CAP) return extensionRefusal.capReached();
    const [free] = await q.query(`SELECT 1 FROM bookings WHERE id = $1 AND ${providerFreeAfterEnd('$2')}`, [b.id, EXTENSION_MINUTES]);
    return free ? null : extensionRefusal.providerBusy();
  })();
  return { minutes: EXTENSION_MINUTES, amount, currency: b.currency, used, cap: EXTENSION_CAP, refusal };
}

/** Applies a paid (or free) extension: the guarded `extend` transition, then the extension is applied. */
async function applyExtension(q: Queryable, e: ExtensionRow, now: number): Promise<void> {
  await transition(q, e.booking_id, 'extend', now, { set: 'end_time = end_time + make_interval(mins => $3::int)', params: [e.minutes] });
  await q.query(`UPDATE session_extensions SET status = 'applied', applied_at = $2 WHERE id = $1 AND status = 'pending'`, [
    e.id,
    new Date(now).toISOString(),
  ]);
}

/**
 * Asks for an extension of the booking, inside a transaction (db.tx), under the booking's row lock so
 * requests for one session are decided one at a time: the open (pending) one when there is one, else a
 * new one in the next place, refused (409, nothing written) when the session cannot be extended. A free
 * one is applied at once; a priced one waits for its payment (`transaction` is the checkout to open).
 */
export async function requestExtension(
  q: Queryable,
  input: { bookingId: number; userId: number; gateway: 'gateway' | 'simulated'; now: number },
): Promise<{ extension: ExtensionRow; transaction: string | null }> {
  await q.query(`SELECT id FROM bookings WHERE id = $1 FOR UPDATE`, [input.bookingId]);
  await releaseLapsedExtensions(q, input.bookingId, input.now);
  const open = (await activeExtensions(q, input.bookingId, input.now)).find((e) => e.status === 'pending');
  const quote = await quoteExtension(q, input.bookingId, input.now);
  // The open one is answered while the session is on (its place counts toward the cap, so the cap is no reason).
  const over = quote.refusal && !['extension_cap_reached', 'extension_provider_busy'].includes(String(quote.refusal.extra.code));
  if (open && over) throw quote.refusal!;
  if (open) {
    const [t] = await q.query<{ uuid: string }>(
      `SELECT uuid::text FROM payment_transactions WHERE extension_id = $1 AND status = 'created' ORDER BY id DESC LIMIT 1`,
      [open.id],
    );
    return { extension: open, transaction: t?.uuid ?? null };
  }
  if (quote.refusal) throw quote.refusal;
  const [e] = await q.query<ExtensionRow>(
    `INSERT INTO session_extensions (booking_id, user_id, seq, minutes, amount, currency, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
     RETURNING *, uuid::text AS uuid`,
    [input.bookingId, input.userId, quote.used + 1, quote.minutes, quote.amount, quote.currency, new Date(input.now).toISOString()],
  );
  if (quote.amount === 0) {
    await applyExtension(q, e!, input.now);
    return { extension: (await extensionById(q, e!.id))!, transaction: null };
  }
  const [t] = await q.query<{ uuid: string }>(
    `INSERT INTO payment_transactions (booking_id, user_id, amount, currency, gateway, status, extension_id) VALUES ($1, $2, $3, $4, $5, 'created', $6)
     RETURNING uuid::text`,
    [input.bookingId, input.userId, quote.amount, quote.currency, input.gateway, e!.id],
  );
  return { extension: e!, transaction: t!.uuid };
}

/** A settled extension payment: paid extends the session; failed or abandoned gives its place back. */
export async function settleExtension(q: Queryable, extensionId: number, paid: boolean, now: number): Promise<void> {
  const e = (await extensionById(q, extensionId))!;
  if (paid) await applyExtension(q, e, now);
  else await q.query(`UPDATE session_extensions SET status = 'cancelled' WHERE id = $1 AND status = 'pending'`, [extensionId]);
}

export async function extensionById(q: Queryable, id: number): Promise<ExtensionRow | undefined> {
  return (await q.query<ExtensionRow>(`${EXT_SELECT} WHERE e.id = $1`, [id]))[0];
}

/** The caller's own extension by its uuid; 404 for anyone else's. */
export async function ownExtension(q: Queryable, uuid: string, payers: readonly number[]): Promise<ExtensionRow> {
  const [e] = await q.query<ExtensionRow>(`${EXT_SELECT} WHERE e.uuid::text = $1 AND e.user_id = ANY($2::int[])`, [uuid, payers]);
  if (!e) throw notFound(`No session extension ${uuid}`);
  return e;
}

export const extensionOut = (e: ExtensionRow) => ({
  uuid: e.uuid,
  minutes: e.minutes,
  amount: e.amount,
  currency: e.currency,
  status: e.status,
});
