// Product rules, Attribution and analytics: "A remote feature-flag service is read by client key (cache: stale 60 s, max age 4 hours, 10
// entries)": the GrowthBook JS SDK, loaded lazily, its cache set to those numbers. Off production the
// api serves a GrowthBook-compatible payload from its flags table. The service carries experiments and the
// flags the product api does not. cf_coupon_enabled is the product api's flag
// public_show_coupon_code_on_customer_listing, read from its GET /feature_flags in every stage (the
// design notes' settled reading), never from the flag service. Product rules, Errors and messages: a
// cancelled request is ignored silently, other failures are reported.
import { COUPON_FLAG, couponFlagEnabled } from '@haven/rules';
import { apiClient } from '../../api/client';
import { getRuntimeConfig, isProduction } from '../../config/runtime-config';
import { reportError } from '../../reporting/report-error';
import { havenStore } from '../../state/store';
import type { Answer } from '../../api/contract';

export const FLAG_CACHE = { staleTTL: 60_000, maxAge: 4 * 60 * 60 * 1000, maxEntries: 10 } as const;
export const LOCAL_GROWTHBOOK_CLIENT_KEY = 'sdk-haven-local';
export { COUPON_FLAG };
/** How long the first read may wait for the service before the defaults stand. */
const INIT_TIMEOUT_MS = 5_000;

/** Where the SDK reads from: the configured service, else (off production) the api. Null: none configured. */
export function growthbookSource(): { apiHost: string; clientKey: string } | null {
  const config = getRuntimeConfig();
  const { growthbookApiHost, growthbookClientKey } = config.growth ?? {};
  if (growthbookApiHost && growthbookClientKey) return { apiHost: growthbookApiHost, clientKey: growthbookClientKey };
  if (isProduction()) return null;
  return { apiHost: `${config.apiBaseUrl}/growthbook`, clientKey: LOCAL_GROWTHBOOK_CLIENT_KEY };
}

/** A request the page itself abandoned (navigation, unload): not a failure. */
export function isCancelled(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code } = error as { name?: unknown; code?: unknown };
  return name === 'AbortError' || name === 'CanceledError' || code === 'ERR_CANCELED';
}

/** Reads the flags (from the SDK's cache when fresh) and fills the feature-flags store. */
export async function loadRemoteFlags(): Promise<void> {
  const source = growthbookSource();
  if (!source) return;
  try {
    const { GrowthBook, configureCache } = await import('@growthbook/growthbook');
    // backgroundSync off: no streaming connection; a stale cache is still refreshed after being used.
    configureCache({ ...FLAG_CACHE, backgroundSync: false });
    const gb = new GrowthBook(source);
    const result = await gb.init({ timeout: INIT_TIMEOUT_MS });
    if (!result.success && !isCancelled(result.error))
      reportError(result.error ?? new Error(`Feature flags not loaded (${result.source})`), { where: 'feature flags' });
  } catch (error) {
    if (!isCancelled(error)) reportError(error, { where: 'feature flags' });
  }
}

/** The product api's flag list (GET /feature_flags): fills cf_coupon_enabled. A failure leaves it off. */
export async function loadProductFlags(signal?: AbortSignal): Promise<void> {
  try {
    const { data } = await apiClient.get<Answer<'/feature_flags', 'get'>>('/feature_flags', { signal });
    havenStore.getState().featureFlags.update({ cf_coupon_enabled: couponFlagEnabled(data.features) });
  } catch (error) {
    if (!isCancelled(error)) reportError(error, { where: 'feature flags' });
  }
}
