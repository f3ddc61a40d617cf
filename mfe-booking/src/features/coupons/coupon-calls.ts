import { type Answer, apiClient } from '@haven/shared';
import { type PublicCoupon } from '@haven/shared/booking-rules';

/** Product rules, Providers and fees: coupon list: the public, active coupons (no sign-in needed). */
export async function fetchCoupons(signal?: AbortSignal): Promise<PublicCoupon[]> {
  const { data } = await apiClient.get<Answer<'/coupons', 'get'>>('/coupons', { signal });
  return data.data;
}
