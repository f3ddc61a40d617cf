import { useHavenStore, useApiRead } from '@haven/shared';
import { type PublicCoupon } from '@haven/shared/booking-rules';
import { fetchCoupons } from './coupon-calls';

/**
 * The public coupons, loaded only while `cf_coupon_enabled` is on (product rules, Providers and fees: the flag store is filled
 * elsewhere). A failed list shows no codes (reported by useApiRead): a listing works without them. `settled`: the list has
 * answered (or failed, or is off), so what is laid out around the codes no longer moves when they arrive.
 */
export function useListingCoupons(): { enabled: boolean; coupons: PublicCoupon[]; settled: boolean } {
  const enabled = useHavenStore((s) => s.featureFlags.cf_coupon_enabled);
  const list = useApiRead((signal) => (enabled ? fetchCoupons(signal) : Promise.resolve([])), [enabled ? 'coupons' : 'off'], 'coupon-list');
  return { enabled, coupons: list.data ?? [], settled: !enabled || list.status !== 'loading' };
}
