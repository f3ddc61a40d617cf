// Product rules, Attribution and analytics: rules for analytics: what every event carries, who is excluded, the platform label,
// the engagement tool's eligibility. Pure: addresses, storage values and the clock are passed in.
import { analyticsPage } from '@haven/rules';
import { isInternalUser } from './internal-user';
import { USER_AGENT_MAX_LENGTH } from '../../platform/device-info';

// What analytics may see of an address or an event's properties: one rule with the api, which applies it
// again to what reaches its events endpoint.
export { REDACTED, sanitizeAddress, sanitizeProperties } from '@haven/rules';

/** Product rules, Attribution and analytics: "Engagement-script eligibility 3,888,000,000 ms (about 45 days) from the stored timestamp". */
export const ENGAGEMENT_ELIGIBLE_MS = 3_888_000_000;
export const DIRECT = 'direct';

export const PLATFORM_LABELS = [
  'desktop_browser',
  'mobile_android_app',
  'mobile_ios_app',
  'mobile_android_browser',
  'mobile_ios_browser',
] as const;
export type PlatformLabel = (typeof PLATFORM_LABELS)[number];

export interface PageContext {
  current_page: string;
  initial_referrer: string;
  referrer: string;
}

/**
 * Product rules, Attribution and analytics: current page address, initial referrer (or direct) and referrer (or direct), credentials
 * stripped, and each path the route's pattern (`/session-room/:sessionId/:payload/:platform`), never a booking's or anyone's id.
 */
export function pageContext(href: string, referrer: string | null | undefined, initialReferrer: string | null | undefined): PageContext {
  return {
    current_page: analyticsPage(href),
    initial_referrer: initialReferrer ? analyticsPage(initialReferrer) : DIRECT,
    referrer: referrer ? analyticsPage(referrer) : DIRECT,
  };
}

/** Product rules, Attribution and analytics: internal-domain users and skip_analytics sessions are excluded from analytics. */
export function isAnalyticsExcluded(email: string | null | undefined, skipAnalytics: string | null | undefined): boolean {
  return (
    isInternalUser(email) || (skipAnalytics !== null && skipAnalytics !== undefined && skipAnalytics !== 'false' && skipAnalytics !== '')
  );
}

/**
 * Product rules, Attribution and analytics: platform labels. `appPlatform` is the stored platform marker of the apps' webviews (android,
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

/** Product rules, Attribution and analytics: the user agent is cut at 500 characters. */
export function userAgentProperty(userAgent: string): string {
  return userAgent.slice(0, USER_AGENT_MAX_LENGTH);
}

/**
 * Product rules, Attribution and analytics: the engagement tool is tracked only when the stored country is empty or IN, and within
 * 45 days of the stored timestamp (the attribution record's; a visitor with none has no window to leave).
 */
export function isEngagementEligible(country: string | null | undefined, storedTimestamp: number | null, now: number): boolean {
  const c = (country ?? '').trim().toUpperCase();
  if (c !== '' && c !== 'IN') return false;
  if (storedTimestamp === null || !Number.isFinite(storedTimestamp)) return true;
  return now - storedTimestamp <= ENGAGEMENT_ELIGIBLE_MS;
}
