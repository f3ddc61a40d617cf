import { useHavenStore } from '@haven/shared';
import { type PublicCoupon } from '@haven/shared/booking-rules';
import { useLoad } from '../common/useLoad';
import { fetchCoupons } from './coupon-calls';

/**
 * The public coupons, loaded only while `cf_coupon_enabled` is on (product rules, Providers and fees: the flag store is filled
 * elsewhere). A failed list shows no codes (reported by useLoad): a listing works without them.
 */
export function useListingCoupons(): { enabled: boolean; coupons: PublicCoupon[] } {
  const enabled = useHavenStore((s) => s.featureFlags.cf_coupon_enabled);
  const list = useLoad(enabled ? 'coupons' : 'off', (signal) => (enabled ? fetchCoupons(signal) : Promise.resolve([])), 'coupon-list');
  return { enabled, coupons: list.data ?? [] };
}
