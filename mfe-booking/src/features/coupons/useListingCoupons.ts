import { useHavenStore, useApiRead } from '@haven/shared';
import { type PublicCoupon } from '@haven/shared/booking-rules';
import { fetchCoupons } from './coupon-calls';

/**
 * The public coupons, loaded only while `cf_coupon_enabled` is on (product rules, Providers and fees: the flag store is filled
 * elsewhere). A failed list shows no codes (reported by useApiRead): a listing works without them.
 */
export function useListingCoupons(): { enabled: boolean; coupons: PublicCoupon[] } {
  const enabled = useHavenStore((s) => s.featureFlags.cf_coupon_enabled);
  const list = useApiRead((signal) => (enabled ? fetchCoupons(signal) : Promise.resolve([])), [enabled ? 'coupons' : 'off'], 'coupon-list');
  return { enabled, coupons: list.data ?? [] };
}
