import { couponText, listingCoupons, type PatientPricing, type PublicCoupon } from '@haven/shared/booking-rules';
import { patientCurrency } from '../discovery/standard-session';

/**
 * The coupon codes for a whole list, once above it (not on every card): those that fit the patient's
 * currency, while cf_coupon_enabled is on. Hidden when nobody on the list would pay (all covered or free).
 */
export function ListCoupons({
  pricing,
  coupons,
  enabled,
  anyToPay,
}: {
  pricing: PatientPricing;
  coupons: PublicCoupon[];
  enabled: boolean;
  anyToPay: boolean;
}) {
  const fitting = listingCoupons(patientCurrency(pricing), coupons, enabled);
  if (!anyToPay || fitting.length === 0) return null;
  return (
    <p className="hv-list-coupons">
      <span className="hv-list-coupons__label">Coupon codes you can use at checkout: </span>
      <span data-testid="list-coupons">{fitting.map(couponText).join(' · ')}</span>
    </p>
  );
}
