import { couponText, listingCoupons, providerCardPrice, type PatientPricing, type PublicCoupon } from '@haven/shared/booking-rules';
import { type Provider } from '@haven/shared';

/** The coupon codes that fit the fee shown (its currency), as one fact of a card or profile (when the flag is on). */
export function CouponCodes({
  provider,
  pricing,
  coupons,
  enabled,
}: {
  provider: Provider;
  pricing: PatientPricing;
  coupons: PublicCoupon[];
  enabled: boolean;
}) {
  const fitting = listingCoupons(providerCardPrice(provider, pricing)?.currency ?? null, coupons, enabled);
  if (fitting.length === 0) return null;
  return (
    <div>
      <dt>Coupon codes</dt>
      <dd data-testid="provider-coupons">{fitting.map(couponText).join(' · ')}</dd>
    </div>
  );
}
