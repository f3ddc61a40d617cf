// The one price rule: what a session costs, from the provider's offering, the session type, its length,
// its time (schedule discounts), the patient's currency, a coupon and a package credit, with the lines
// that make it up. The api charges it and stores it on the booking; the pages show it. Dependency-free,
// so the api imports it.
//
// How it adds up (all amounts in whole currency units, as fees are):
// - the list price is the offering's fee for the session type (the couple fee for a couple session, the
//   assessment's own fee for an assessment), in the patient's currency (see `currencyFor`); a session
//   of any offered length costs the offering's fee (offerings carry one fee per session);
// - the provider's discount is the larger of the schedule discount at that time and the provider's
//   standing offer: they do not stack;
// - one coupon, computed on the LIST price (never on an already reduced amount), so applying it again
//   changes nothing;
// - a package credit covers what is left;
// - an ancillary assessment takes neither a coupon nor a package credit (they are for sessions);
// - the total is never below 0 and never above the list price.

export type SessionType = 'individual' | 'couple' | 'ancillary_assessment';

export interface PriceOffering {
  minimum_fee: number;
  currency: string;
  couple?: { offering_couple?: boolean; minimum_fee: number; international_price?: { amount: number; currency: string } | null } | null;
  /** A price for patients abroad, when the provider has one (amount and currency). */
  international_price?: { amount: number; currency: string } | null;
}

export interface ProviderOffer {
  discount_amount: { value: number; currency: string } | null;
  discount_percentage: number | null;
}

export interface PriceCoupon {
  code: string;
  discount_percentage: number | null;
  discount_amount: number | null;
  /** The currency of an amount coupon. */
  currency: string | null;
}

export interface PriceInput {
  offering: PriceOffering;
  sessionType: SessionType;
  /** The assessment's own fee in the offering's currency (session type ancillary_assessment). */
  assessmentFee?: number | null;
  durationMinutes: number;
  /** The schedule discount at the session's start (discountAt), 0 for none. */
  scheduleDiscountPercent: number;
  /** The patient's location says international (isUserInForeignTimezone from is_international). */
  international: boolean;
  offer?: ProviderOffer | null;
  coupon?: PriceCoupon | null;
  /** A package credit pays for the session. */
  packageCredit?: boolean;
}

export type PriceLineKind = 'list' | 'schedule_discount' | 'offer' | 'coupon' | 'package';
export interface PriceLine {
  kind: PriceLineKind;
  label: string;
  amount: number;
}
export interface Price {
  currency: string;
  list: number;
  lines: PriceLine[];
  total: number;
}

export class PriceError extends Error {}

/** The currency a patient sees and pays: the international price where the provider has one for a patient abroad, else the offering's own. */
export function currencyFor(offering: PriceOffering, international: boolean): { amount: number; currency: string; international: boolean } {
  const intl = international ? offering.international_price : null;
  if (intl && intl.amount >= 0 && intl.currency) return { amount: intl.amount, currency: intl.currency, international: true };
  return { amount: offering.minimum_fee, currency: offering.currency, international: false };
}

const whole = (n: number) => Math.max(0, Math.round(n));
const percentOf = (amount: number, percent: number) => whole((amount * Math.min(Math.max(percent, 0), 100)) / 100);

/** The list price before any discount: the session type's fee in the patient's currency. */
export function listPrice(input: Pick<PriceInput, 'offering' | 'sessionType' | 'assessmentFee' | 'international'>): {
  amount: number;
  currency: string;
} {
  const base = currencyFor(input.offering, input.international);
  if (input.sessionType === 'ancillary_assessment') {
    if (input.assessmentFee == null) throw new PriceError('The provider does not offer an assessment');
    // An assessment has one fee, in the offering's currency: no international price for it.
    return { amount: whole(input.assessmentFee), currency: input.offering.currency };
  }
  if (input.sessionType === 'couple') {
    const c = input.offering.couple;
    if (!c?.offering_couple) throw new PriceError('The provider does not offer couple sessions');
    // The couple offering's own international price where it has one; else the couple fee scales with
    // the international price as the individual fee does.
    const own = base.international ? c.international_price : null;
    if (own && own.currency === base.currency && own.amount >= 0) return { amount: whole(own.amount), currency: own.currency };
    const scale = base.international && input.offering.minimum_fee > 0 ? base.amount / input.offering.minimum_fee : 1;
    return { amount: whole(c.minimum_fee * scale), currency: base.currency };
  }
  return { amount: whole(base.amount), currency: base.currency };
}

/** What a coupon takes off a list price in `currency`; a coupon in another currency is refused. */
export function couponAmount(coupon: PriceCoupon, list: number, currency: string): number {
  if (coupon.discount_percentage != null) return percentOf(list, coupon.discount_percentage);
  if (coupon.discount_amount != null) {
    if (coupon.currency !== currency) throw new PriceError(`This coupon is for ${coupon.currency ?? 'another currency'} fees`);
    return whole(coupon.discount_amount);
  }
  return 0;
}

/** What a provider's standing offer takes off; an amount offer in another currency does not apply (and is not shown). */
export function offerAmount(offer: ProviderOffer | null | undefined, list: number, currency: string): number {
  if (!offer) return 0;
  if (offer.discount_percentage != null) return percentOf(list, offer.discount_percentage);
  if (offer.discount_amount && offer.discount_amount.currency === currency) return whole(offer.discount_amount.value);
  return 0;
}

export function priceOf(input: PriceInput): Price {
  if (!(input.durationMinutes > 0)) throw new PriceError('A session has a length');
  // Coupons and package credits are for sessions: an assessment is paid at its own fee.
  if (input.sessionType === 'ancillary_assessment' && input.coupon)
    throw new PriceError('An assessment takes no coupon: coupons are for sessions');
  if (input.sessionType === 'ancillary_assessment' && input.packageCredit)
    throw new PriceError('A package does not cover assessments: its credits are for sessions');
  const { amount: list, currency } = listPrice(input);
  const lines: PriceLine[] = [{ kind: 'list', label: 'Session fee', amount: list }];
  let left = list;
  const take = (kind: PriceLineKind, label: string, amount: number) => {
    const off = Math.min(left, amount);
    if (off <= 0) return;
    left -= off;
    lines.push({ kind, label, amount: -off });
  };
  const schedule = percentOf(list, input.scheduleDiscountPercent);
  const offer = offerAmount(input.offer, list, currency);
  if (schedule >= offer) take('schedule_discount', `${input.scheduleDiscountPercent}% off at this time`, schedule);
  else take('offer', 'Provider offer', offer);
  if (input.coupon) take('coupon', `Coupon ${input.coupon.code}`, couponAmount(input.coupon, list, currency));
  if (input.packageCredit) take('package', 'Package credit', left);
  return { currency, list, lines, total: left };
}

/** The sum of a price's lines (equals its total by construction; invoices and tests check it). */
export const sumOfLines = (lines: readonly PriceLine[]) => lines.reduce((s, l) => s + l.amount, 0);

/**
 * The card's price of a provider: each mode priced by the same rule, the lower one when the provider has
 * commercials (online on a tie), else online when offered; null when nothing costs more than 0 and the
 * provider offers nothing (a provider whose price is 0 is "Free").
 */
export function cardPrice(
  offerings: { online: PriceOffering | null; offline: PriceOffering | null },
  opts: { commercials: boolean; international: boolean; offer?: ProviderOffer | null; sessionType?: 'individual' | 'couple' },
): (Price & { mode: 'online' | 'offline' }) | null {
  const one = (mode: 'online' | 'offline', o: PriceOffering | null) => {
    if (!o) return null;
    const sessionType = opts.sessionType === 'couple' && o.couple?.offering_couple ? 'couple' : 'individual';
    return {
      mode,
      ...priceOf({
        offering: o,
        sessionType,
        durationMinutes: 50,
        scheduleDiscountPercent: 0,
        international: opts.international,
        offer: opts.offer,
      }),
    };
  };
  const online = one('online', offerings.online);
  const offline = one('offline', offerings.offline);
  if (opts.commercials && online && offline && offline.total < online.total) return offline;
  return online ?? offline;
}

/** Product rules, Constants: "Currency symbols: INR is ₹, USD is $". Unknown currencies keep their code. */
export function currencySymbol(currency: string | null | undefined): string {
  if (!currency) return '';
  return ({ INR: '₹', USD: '$' } as Record<string, string>)[currency.toUpperCase()] ?? `${currency.toUpperCase()} `;
}

/**
 * The one way a screen writes an amount of money: the currency's symbol and the amount grouped as its
 * country groups, paise or cents only when there are any ('₹740', '₹1,50,000', '$120', '₹740.50', '₹0').
 * Every money screen (list, profile, checkout, payments, invoices) uses it, so a patient never reads
 * '₹740' beside 'INR 740.00'.
 */
export function moneyText(amount: number, currency: string | null | undefined): string {
  const code = (currency ?? '').toUpperCase();
  const whole = Number.isInteger(amount);
  return `${currencySymbol(code)}${amount.toLocaleString(code === 'INR' ? 'en-IN' : 'en-US', {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  })}`;
}

/** The words for a price: 'Free' at 0, else the amount with its currency symbol. */
export function priceText(total: number, currency: string): string {
  if (total <= 0) return 'Free';
  return moneyText(total, currency);
}
