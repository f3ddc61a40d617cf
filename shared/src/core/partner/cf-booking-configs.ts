// Product rules, Partners and business users: "A corporate-partner flag isCfUser has its own configuration" and "GET CF booking configs
// (cancellable) → data.cf_booking_configs"; Product rules, Errors and messages: a cancelled request is ignored silently, other failures
// are reported.
import { apiClient } from '../api/client';
import { isCancelledRequest } from '../api/cancelled';
import { reportError } from '../reporting/report-error';
import { havenStore } from '../state/store';
import type { Answer } from '../api/contract';

export interface CfBookingConfigs {
  is_cf_user: boolean;
  sessions_per_year: number;
  allowed_provider_roles: string[];
  requires_intake: boolean;
  coupon_code: string | null;
}

/** Loads the configuration into appConfig (isCfUser, cfUserConfig); null when cancelled or failed. */
export async function loadCfBookingConfigs(signal?: AbortSignal): Promise<CfBookingConfigs | null> {
  try {
    const { data } = await apiClient.get<Answer<'/customers/cf_booking_configs', 'get'>>('/customers/cf_booking_configs', { signal });
    const configs = data.cf_booking_configs;
    havenStore.getState().appConfig.update({ isCfUser: configs.is_cf_user, cfUserConfig: configs.is_cf_user ? { ...configs } : null });
    return configs;
  } catch (error) {
    if (!isCancelledRequest(error)) reportError(error, { where: 'cf booking configs' });
    return null;
  }
}
