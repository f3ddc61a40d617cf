/**
 * Coupon codes shown on a provider listing (product rules, Providers and fees: cf_coupon_enabled, from the flag
 * public_show_coupon_code_on_customer_listing): the public coupons that can apply to the fee shown.
 */
import { moneyText } from './provider-fee';

/** The product api's feature flag (GET /feature_flags) that is cf_coupon_enabled. */
export const COUPON_FLAG = 'public_show_coupon_code_on_customer_listing';

/** cf_coupon_enabled from the product api's flag list: on only when the flag is listed and enabled. */
export function couponFlagEnabled(features: readonly { name: string; enabled: boolean }[]): boolean {
  return features.some((f) => f.name === COUPON_FLAG && f.enabled === true);
}

export interface PublicCoupon {
  code: string;
  description: string;
  discount_percentage: number | null;
  discount_amount: number | null;
  currency: string | null;
}

/**
 * The public coupons that can apply to a price in `currency` (the currency the patient sees and pays,
 * null when there is nothing to pay): a percentage fits any price, an amount only a price in its own
 * currency (never a chip in one currency beside a price in another).
 */
export function listingCoupons(currency: string | null, coupons: PublicCoupon[], enabled: boolean): PublicCoupon[] {
  if (!enabled || !currency) return [];
  return coupons.filter((c) =>
    c.discount_percentage !== null && c.discount_percentage > 0
      ? true
      : c.discount_amount !== null && c.discount_amount > 0 && c.currency === currency,
  );
}

/** 'WELCOME20: 20% off' or 'FLAT300: ₹300 off'. */
export function couponText(c: PublicCoupon): string {
  const off = c.discount_percentage ? `${c.discount_percentage}% off` : `${moneyText(c.discount_amount ?? 0, c.currency)} off`;
  return `${c.code}: ${off}`;
}
