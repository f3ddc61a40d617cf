// Spec §5/§6/§7/§9 rules for analytics: what every event carries, who is excluded, the platform label,
// the engagement tool's eligibility. Pure: addresses, storage values and the clock are passed in.
import { isInternalUser } from '../../auth/internal-user';
import { USER_AGENT_MAX_LENGTH } from '../../auth/device-info';

/** Spec §9 "Engagement-script eligibility 3,888,000,000 ms (about 45 days) from the stored timestamp". */
export const ENGAGEMENT_ELIGIBLE_MS = 3_888_000_000;
export const DIRECT = 'direct';

export const PLATFORM_LABELS = ['desktop_browser', 'mobile_android_app', 'mobile_ios_app', 'mobile_android_browser', 'mobile_ios_browser'] as const;
export type PlatformLabel = (typeof PLATFORM_LABELS)[number];

/** The address with its `token` query parameter removed (spec §7); other parameters and the hash kept. */
export function stripToken(address: string): string {
  if (!address) return address;
  try {
    const url = new URL(address);
    if (!url.searchParams.has('token')) return address;
    url.searchParams.delete('token');
    return url.toString();
  } catch {
    return address.replace(/([?&])token=[^&#]*(&)?/g, (_m, lead: string, tail?: string) => (tail ? lead : '')).replace(/[?&]$/, '');
  }
}

export interface PageContext {
  current_page: string;
  initial_referrer: string;
  referrer: string;
}

/** Spec §7: current page address, initial referrer (or direct) and referrer (or direct), token stripped. */
export function pageContext(href: string, referrer: string | null | undefined, initialReferrer: string | null | undefined): PageContext {
  return {
    current_page: stripToken(href),
    initial_referrer: initialReferrer ? stripToken(initialReferrer) : DIRECT,
    referrer: referrer ? stripToken(referrer) : DIRECT,
  };
}

/** Spec §5/§6: internal-domain users and skip_analytics sessions are excluded from analytics. */
export function isAnalyticsExcluded(email: string | null | undefined, skipAnalytics: string | null | undefined): boolean {
  return isInternalUser(email) || (skipAnalytics !== null && skipAnalytics !== undefined && skipAnalytics !== 'false' && skipAnalytics !== '');
}

/**
 * Spec §9 platform labels. `appPlatform` is the stored platform marker of the apps' webviews (android,
 * ios); without it the user agent tells a mobile browser from a desktop one.
 */
export function platformLabel(userAgent: string, appPlatform: string | null | undefined): PlatformLabel {
  const app = (appPlatform ?? '').toLowerCase();
  if (app === 'android') return 'mobile_android_app';
  if (app === 'ios') return 'mobile_ios_app';
  if (/Android/i.test(userAgent)) return 'mobile_android_browser';
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'mobile_ios_browser';
  return 'desktop_browser';
}

/** Spec §9: the user agent is cut at 500 characters. */
export function userAgentProperty(userAgent: string): string {
  return userAgent.slice(0, USER_AGENT_MAX_LENGTH);
}

/**
 * Spec §6/§9: the engagement tool is tracked only when the stored country is empty or IN, and within
 * 45 days of the stored timestamp (the attribution record's; a visitor with none has no window to leave).
 */
export function isEngagementEligible(country: string | null | undefined, storedTimestamp: number | null, now: number): boolean {
  const c = (country ?? '').trim().toUpperCase();
  if (c !== '' && c !== 'IN') return false;
  if (storedTimestamp === null || !Number.isFinite(storedTimestamp)) return true;
  return now - storedTimestamp <= ENGAGEMENT_ELIGIBLE_MS;
}
