/**
 * Coupon codes shown on a provider listing (product rules, Providers and fees: cf_coupon_enabled, from the flag
 * public_show_coupon_code_on_customer_listing): the public coupons that can apply to this provider's
 * fee. A percentage fits any fee; an amount only a fee in its own currency.
 */
import type { Provider } from '../../state/types';
import { currencySymbol } from './provider-fee';

export interface PublicCoupon {
  code: string;
  description: string;
  discount_percentage: number | null;
  discount_amount: number | null;
  currency: string | null;
}

export function listingCoupons(provider: Pick<Provider, 'online_offering' | 'offline_offering'>, coupons: PublicCoupon[], enabled: boolean): PublicCoupon[] {
  if (!enabled) return [];
  const currencies = [provider.online_offering, provider.offline_offering].flatMap((o) => (o && o.minimum_fee > 0 && o.currency ? [o.currency] : []));
  if (currencies.length === 0) return []; // nothing to pay, nothing to take off
  return coupons.filter((c) =>
    c.discount_percentage !== null && c.discount_percentage > 0 ? true : c.discount_amount !== null && c.discount_amount > 0 && c.currency !== null && currencies.includes(c.currency),
  );
}

/** 'WELCOME20: 20% off' or 'FLAT300: ₹300 off'. */
export function couponText(c: PublicCoupon): string {
  const off = c.discount_percentage ? `${c.discount_percentage}% off` : `${currencySymbol(c.currency ?? '')}${(c.discount_amount ?? 0).toLocaleString('en-IN')} off`;
  return `${c.code}: ${off}`;
}
