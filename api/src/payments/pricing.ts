// What the api feeds the shared price rule, and how a booking keeps its price: the list price and the
// lines are written with the booking (and rewritten only by a reschedule or the one coupon, from the
// same inputs), and `fee` is their total: what is charged, invoiced and refunded.
import { Type } from '@sinclair/typebox';
import type { Queryable } from '../db/index.js';
import { MAX_HOLDS_PER_PROVIDER_DAY, MAX_UNPAID_HOLDS } from '../config/booking.js';
import { type BookingRow, discountFor, discountRules } from '../bookings/index.js';
import type { ProviderRow } from '../providers/index.js';
import { HttpError, unprocessable } from '../core/http.js';
import { isValidTimeZone } from '../core/time.js';
import {
  PriceError,
  priceOf,
  type Price,
  type PriceCoupon,
  type PriceInput,
  type PriceOffering,
  type ProviderOffer,
  type SessionType,
} from '@haven/rules';
import { locationIsInternational, UNKNOWN_LOCATION_ZONE } from '@haven/rules';

/** The location service's rule (the user location answer and the price agree by using this one). */
export { locationIsInternational };

/** The account counted things are counted against: the parent of a profile, else the person. */
export const accountOf = (u: { id: number; parent_user_id: number | null }) => u.parent_user_id ?? u.id;

/**
 * SQL: the bookings of account $n: the parent's and all its profiles', those of profiles closed since
 * included (former_account_id), so deleting a profile never gives back what it used.
 */
export const ACCOUNT_BOOKINGS = (n: number) =>
  `b.user_id IN (SELECT id FROM users WHERE id = $${n} OR parent_user_id = $${n} OR former_account_id = $${n})`;

/**
 * The time zone a request is located with: the zone the pages were answered for, sent with the request
 * (checked, and recorded for the account's requests that come without it), else the account's recorded
 * one, else the time zone the patient chose, else India's. The zone displays times; it places the person
 * only where the request's address places nobody (accounts/location.ts locationOf).
 */
export async function locationZone(q: Queryable, accountId: number, sent: string | undefined): Promise<string> {
  if (sent === undefined) {
    const [u] = await q.query<{ zone: string | null }>(`SELECT COALESCE(location_timezone, timezone) AS zone FROM users WHERE id = $1`, [
      accountId,
    ]);
    return u?.zone && isValidTimeZone(u.zone) ? u.zone : UNKNOWN_LOCATION_ZONE;
  }
  if (!isValidTimeZone(sent)) throw new HttpError(400, `body/location_timezone is not a known IANA time zone: ${sent}`);
  await q.query(`UPDATE users SET location_timezone = $2 WHERE id = $1 AND location_timezone IS DISTINCT FROM $2`, [accountId, sent]);
  return sent;
}

/** The request field both the booking and the coupon check take. */
export const LocationTimezone = Type.Optional(
  Type.String({
    minLength: 1,
    maxLength: 64,
    description:
      "IANA zone the patient's user location was answered for; recorded for the account. It displays times: the currency comes from the request's located address (the zone decides only where the address places nobody, never in production)",
  }),
);

export interface BookingPriceInputs {
  offering: PriceOffering;
  sessionType: SessionType;
  assessmentFee?: number | null;
  durationMinutes: number;
  international: boolean;
  offer?: ProviderOffer | null;
}

/** The rule's inputs for this provider at `start`. */
export async function priceInputAt(q: Queryable, p: ProviderRow, b: BookingPriceInputs, start: number): Promise<PriceInput> {
  const discount = discountFor(await discountRules(q, p.id), p, start)?.percent ?? 0;
  return {
    offering: b.offering,
    sessionType: b.sessionType,
    assessmentFee: b.assessmentFee ?? null,
    durationMinutes: b.durationMinutes,
    scheduleDiscountPercent: discount,
    international: b.international,
    offer: b.offer ?? null,
  };
}

/** The rule, its refusals as 422. */
export function price(input: PriceInput, coupon?: PriceCoupon | null, packageCredit = false): Price {
  try {
    return priceOf({ ...input, coupon: coupon ?? null, packageCredit });
  } catch (e) {
    if (e instanceof PriceError) throw unprocessable(e.message);
    throw e;
  }
}

/** What a booking keeps with it: the rule's inputs and its price (bookings.price_lines). */
export interface StoredPrice {
  inputs: PriceInput;
  price: Price;
}

/**
 * The rule's inputs a booking was priced with; for a booking made before prices were kept with it,
 * rebuilt from its provider's offering (no coupon; a package credit when a package confirmed it).
 */
export async function keptInputs(q: Queryable, b: BookingRow, p: ProviderRow): Promise<PriceInput> {
  const kept = (b.price_lines as StoredPrice | null)?.inputs;
  if (kept) return kept;
  const offering = b.mode === 'online' ? p.online_offering : p.offline_offering;
  if (!offering) throw new HttpError(409, `The provider no longer offers ${b.mode} sessions: this session cannot be moved`);
  const [pkg] = await q.query<{ org_package_id: number | null }>(`SELECT org_package_id FROM bookings WHERE id = $1`, [b.id]);
  const [anc] =
    b.session_type === 'ancillary_assessment'
      ? await q.query<{ fee: number | null }>(
          `SELECT ${b.mode === 'online' ? 'online_fee' : 'offline_fee'}::float8 AS fee FROM provider_ancillary_offerings WHERE provider_id = $1`,
          [p.id],
        )
      : [];
  return {
    offering,
    sessionType: b.session_type as PriceInput['sessionType'],
    assessmentFee: anc?.fee ?? null,
    durationMinutes: b.duration_minutes,
    scheduleDiscountPercent: 0,
    international: b.currency !== offering.currency,
    offer: null,
    coupon: null,
    packageCredit: !!pkg?.org_package_id,
  };
}

/**
 * Serialises the counted things of one account (holds, package credits, coupons) inside a transaction:
 * a transaction-scoped advisory lock, so two processes count one after the other (PGlite: one
 * connection, the lock is free).
 */
export async function lockAccount(q: Queryable, accountId: number): Promise<void> {
  await q.query(`SELECT pg_advisory_xact_lock(hashtext('haven:account:' || $1::text))`, [accountId]);
}

/** MAX_HOLDS_PER_PROVIDER_DAY, or HAVEN_MAX_PROVIDER_DAY_HOLDS where a deployment (or a test) sets another. */
export function maxHoldsPerProviderDay(): number {
  const n = Number(process.env.HAVEN_MAX_PROVIDER_DAY_HOLDS);
  return Number.isInteger(n) && n > 0 ? n : MAX_HOLDS_PER_PROVIDER_DAY;
}

/** MAX_UNPAID_HOLDS, or HAVEN_MAX_UNPAID_HOLDS where a deployment (or a test) sets another. */
export function maxUnpaidHolds(): number {
  const n = Number(process.env.HAVEN_MAX_UNPAID_HOLDS);
  return Number.isInteger(n) && n > 0 ? n : MAX_UNPAID_HOLDS;
}
