// Coupons: finding one by its code, the price with it, and applying one to a pending booking within its limits.
import { HttpError, unprocessable, type Ctx } from '../core/http.js';
import { limitsOf } from '../core/limits.js';
import { COUPON_FLAG, type PriceLine } from '@haven/rules';
import type { Queryable } from '../db/index.js';
import type { BookingRow } from '../bookings/index.js';
import type { ProviderRow } from '../providers/index.js';
import { ACCOUNT_BOOKINGS, keptInputs, price, priceInputAt } from './pricing.js';

type PriceInput = Parameters<typeof price>[0];

export interface CouponRow {
  code: string;
  description: string;
  discount_percentage: number | null;
  discount_amount: number | null;
  currency: string | null;
  is_public: boolean;
  active: boolean;
  first_session_only: boolean;
  per_account_limit: number | null;
  global_limit: number | null;
}

/** An active coupon by its code, or 422. */
async function couponByCode(q: Queryable, code: string): Promise<CouponRow> {
  const c = (await q.query<CouponRow>(`SELECT * FROM coupons WHERE code = upper($1) AND active`, [code.trim()]))[0];
  if (!c) throw unprocessable('This coupon code is not valid');
  return c;
}

/** The amount after the coupon, by the price rule (on the list price); 422 when it does not apply. */
export async function discounted(
  q: Queryable,
  code: string,
  input: PriceInput,
): Promise<{ coupon: CouponRow; amount: number; lines: PriceLine[] }> {
  const c = await couponByCode(q, code);
  const priced = price(input, c);
  return { coupon: c, amount: priced.total, lines: priced.lines };
}

/** Bookings that count for a coupon's limits: not the ones that lapsed or were released unpaid. */
const COUNTED = `b.status IN ('pending', 'confirmed', 'completed', 'no_show') OR EXISTS (SELECT 1 FROM payment_transactions t WHERE t.booking_id = b.id AND t.status = 'paid')`;

/**
 * Applies a coupon to a pending booking, once: one coupon per booking (the same code again changes
 * nothing; another code is refused), on the list price by the price rule, within its limits (first paid
 * session of the account, per account, overall). Call it inside a transaction holding the account's
 * lock (pricing.ts lockAccount); the overall limit takes the coupon's own lock. Returns the new fee.
 */
export async function applyCoupon(q: Queryable, b: BookingRow, accountId: number, code: string): Promise<number> {
  const c = await couponByCode(q, code);
  const [had] = await q.query<{ code: string }>(`SELECT code FROM coupon_redemptions WHERE booking_id = $1`, [b.id]);
  if (had) {
    if (had.code === c.code) return b.fee;
    throw new HttpError(409, `One coupon per session: ${had.code} is already applied`, { code: 'coupon_already_applied' });
  }
  // The price rule first: a coupon it refuses (another currency, an assessment) is refused whatever its limits say.
  const p = (await q.query<ProviderRow>(`SELECT * FROM providers WHERE id = $1`, [b.provider_id]))[0]!;
  const inputs = await keptInputs(q, b, p);
  const priced = price(inputs, c, inputs.packageCredit ?? false);
  if (c.first_session_only) {
    if (await anotherSessionPaid(q, accountId, b.id)) throw unprocessable(`${c.code} is for your first paid session only`);
    // Nor on two sessions held at once: another unpaid session of the account already carries it.
    const [{ held }] = (await q.query<{ held: number }>(
      `SELECT count(*)::int AS held FROM coupon_redemptions r JOIN coupons c ON c.code = r.code JOIN bookings b ON b.id = r.booking_id
        WHERE c.first_session_only AND ${ACCOUNT_BOOKINGS(1)} AND b.id <> $2 AND (${COUNTED})`,
      [accountId, b.id],
    )) as [{ held: number }];
    if (held > 0) throw unprocessable(`${c.code} is for your first paid session only, and another of your sessions has it`);
  }
  if (c.per_account_limit !== null) {
    const [{ used }] = (await q.query<{ used: number }>(
      `SELECT count(*)::int AS used FROM coupon_redemptions r JOIN bookings b ON b.id = r.booking_id WHERE r.code = $2 AND ${ACCOUNT_BOOKINGS(1)} AND (${COUNTED})`,
      [accountId, c.code],
    )) as [{ used: number }];
    if (used >= c.per_account_limit) throw unprocessable(`${c.code} has been used as often as it can be on this account`);
  }
  if (c.global_limit !== null) {
    await q.query(`SELECT pg_advisory_xact_lock(hashtext('haven:coupon:' || $1))`, [c.code]);
    const [{ used }] = (await q.query<{ used: number }>(
      `SELECT count(*)::int AS used FROM coupon_redemptions r JOIN bookings b ON b.id = r.booking_id WHERE r.code = $1 AND (${COUNTED})`,
      [c.code],
    )) as [{ used: number }];
    if (used >= c.global_limit) throw unprocessable(`${c.code} has run out`);
  }
  await q.query(`INSERT INTO coupon_redemptions (booking_id, code, account_id, amount, currency) VALUES ($1, $2, $3, $4, $5)`, [
    b.id,
    c.code,
    accountId,
    -(priced.lines.find((l) => l.kind === 'coupon')?.amount ?? 0),
    priced.currency,
  ]);
  // Guarded: the booking is still pending at the price it was read at.
  const moved = await q.query(
    `UPDATE bookings SET fee = $2, price_lines = $3 WHERE id = $1 AND status IN ('pending', 'suggested') AND fee = $4 RETURNING id`,
    [b.id, priced.total, JSON.stringify({ inputs: { ...inputs, coupon: c }, price: priced }), b.fee],
  );
  if (moved.length === 0) throw new HttpError(409, 'This booking changed meanwhile: please try again');
  return priced.total;
}

/** Whether another session of the account than `bookingId` was paid (settled, held, or its payment taken). */
async function anotherSessionPaid(q: Queryable, accountId: number, bookingId: number): Promise<boolean> {
  const [{ paid }] = (await q.query<{ paid: number }>(
    `SELECT count(*)::int AS paid FROM bookings b WHERE ${ACCOUNT_BOOKINGS(1)} AND b.id <> $2 AND b.fee > 0
       AND (b.status IN ('confirmed', 'completed', 'no_show') OR EXISTS (SELECT 1 FROM payment_transactions t WHERE t.booking_id = b.id AND t.status = 'paid'))`,
    [accountId, bookingId],
  )) as [{ paid: number }];
  return paid > 0;
}

/** The account a booking counts against: its profile's parent (or the account a closed profile belonged to), else its patient. */
export async function accountOfBooking(q: Queryable, bookingId: number): Promise<number> {
  const [a] = await q.query<{ account: number }>(
    `SELECT COALESCE(u.parent_user_id, u.former_account_id, u.id) AS account FROM bookings b JOIN users u ON u.id = b.user_id WHERE b.id = $1`,
    [bookingId],
  );
  return a!.account;
}

/**
 * "First session" checked again where it matters, when the booking's payment settles and when its
 * checkout opens: the first-session coupon on the booking when another session of the account was paid
 * since it was applied (null when there is none, or it still holds). Call it under the account's lock.
 */
export async function lapsedFirstSessionCoupon(q: Queryable, bookingId: number): Promise<string | null> {
  const [c] = await q.query<{ code: string }>(
    `SELECT r.code FROM coupon_redemptions r JOIN coupons c ON c.code = r.code WHERE r.booking_id = $1 AND c.first_session_only`,
    [bookingId],
  );
  if (!c) return null;
  return (await anotherSessionPaid(q, await accountOfBooking(q, bookingId), bookingId)) ? c.code : null;
}

/** The refusal of a payment made at a first-session discount after another session was paid first. */
export function firstSessionTakenRefusal(code: string): HttpError {
  return new HttpError(
    409,
    `${code} is for your first paid session only, and another of your sessions was paid first, so this session cannot be confirmed at its discount. Pay its full price to keep this time.`,
    { code: 'first_session_taken' },
  );
}

/**
 * Takes a lapsed first-session coupon off a pending booking: the redemption goes, and the booking is
 * priced again by the one rule without it (guarded on the price it was read at). Answers the new fee.
 */
export async function dropCoupon(q: Queryable, b: BookingRow): Promise<number> {
  await q.query(`DELETE FROM coupon_redemptions WHERE booking_id = $1`, [b.id]);
  const p = (await q.query<ProviderRow>(`SELECT * FROM providers WHERE id = $1`, [b.provider_id]))[0]!;
  const inputs = { ...(await keptInputs(q, b, p)), coupon: null };
  const priced = price(inputs, null, inputs.packageCredit ?? false);
  const moved = await q.query(
    `UPDATE bookings SET fee = $2, price_lines = $3 WHERE id = $1 AND status IN ('pending', 'suggested') AND fee = $4 RETURNING id`,
    [b.id, priced.total, JSON.stringify({ inputs, price: priced }), b.fee],
  );
  if (moved.length === 0) throw new HttpError(409, 'This booking changed meanwhile: please try again');
  return priced.total;
}

/** Coupon codes checked per account and per client address (config/limits.ts). */
export async function takeCouponLimits(ctx: Ctx, userId: number, ip: string): Promise<void> {
  const limits = limitsOf(ctx);
  await limits.take('coupon_check_address', ip);
  await limits.take('coupon_check_user', String(userId));
}

/**
 * The public, active coupons (advertised on listings, so read with no sign-in), only while the product
 * flag behind cf_coupon_enabled is on: off, no code is advertised. A code typed at checkout is checked
 * whatever the flag says (the flag governs showing codes, not using them).
 */
export async function publicCoupons(q: Queryable): Promise<CouponRow[]> {
  return q.query<CouponRow>(
    `SELECT c.* FROM coupons c
      WHERE c.active AND c.is_public AND EXISTS (SELECT 1 FROM feature_flags f WHERE f.name = $1 AND f.enabled)
      ORDER BY c.code`,
    [COUPON_FLAG],
  );
}

/**
 * A coupon against a provider's price, by the same rule as the booking: list price in the patient's
 * currency, the provider's discount, the coupon (a 50-minute session; couple only when offered).
 * `international` is asked only once the mode is known to be offered.
 */
export async function couponQuote(
  q: Queryable,
  code: string,
  p: ProviderRow,
  mode: 'online' | 'offline',
  asked: 'individual' | 'couple' | undefined,
  international: () => Promise<boolean>,
  /** The time and length being booked: the quote then carries that time's schedule discount, as the booking will. */
  at?: { start: number; durationMinutes: number },
) {
  const o = mode === 'online' ? p.online_offering : p.offline_offering;
  if (!o) throw unprocessable(`Provider does not offer ${mode} sessions`);
  const sessionType = asked === 'couple' && o.couple?.offering_couple ? 'couple' : 'individual';
  const booking = {
    offering: o,
    sessionType,
    durationMinutes: at?.durationMinutes ?? 50,
    international: await international(),
    offer: p.offer,
  } as const;
  const input = at
    ? await priceInputAt(q, p, booking, at.start)
    : { ...booking, scheduleDiscountPercent: 0, assessmentFee: null, offer: p.offer ?? null };
  const before = price(input);
  const { coupon, amount, lines } = await discounted(q, code, input);
  // The rule's lines come with the answer, so the page shows how the amount adds up without pricing anything itself.
  return { coupon, fee: before.total, amount, currency: before.currency, lines };
}
