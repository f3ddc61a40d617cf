import { type Provider } from '@haven/shared';
import { couponText, listingCoupons, type PublicCoupon } from '@haven/shared/booking-rules';

/** The coupon codes that fit this provider's fee, as one fact of a card or profile (when the flag is on). */
export function CouponCodes({ provider, coupons, enabled }: { provider: Provider; coupons: PublicCoupon[]; enabled: boolean }) {
  const fitting = listingCoupons(provider, coupons, enabled);
  if (fitting.length === 0) return null;
  return (
    <div>
      <dt>Coupon codes</dt>
      <dd data-testid="provider-coupons">{fitting.map(couponText).join(' · ')}</dd>
    </div>
  );
}
