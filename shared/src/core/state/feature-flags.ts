// Feature flags state (product rules, What the client keeps) (names as the flag service answers them).
import { baseActions, type SliceActions, type SliceApi } from './slice';

export interface FeatureFlagsData {
  ai_enabled: boolean;
  /** From the flag named public_show_coupon_code_on_customer_listing. */
  cf_coupon_enabled: boolean;
}

export type FeatureFlagsSlice = FeatureFlagsData & SliceActions<FeatureFlagsData>;

export const initialFeatureFlags: FeatureFlagsData = {
  ai_enabled: false,
  cf_coupon_enabled: false,
};

export function createFeatureFlagsSlice(api: SliceApi<FeatureFlagsData>): FeatureFlagsSlice {
  return { ...initialFeatureFlags, ...baseActions(api, initialFeatureFlags) };
}
