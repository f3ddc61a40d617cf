// Product rules, Attribution and analytics: rules for analytics: what every event carries, who is excluded, the platform label,
// the engagement tool's eligibility. Pure: addresses, storage values and the clock are passed in.
import { isInternalUser } from './internal-user';
import { USER_AGENT_MAX_LENGTH } from '../../platform/device-info';

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

/**
 * Query (and hash) parameters that carry a credential or a person's contact: the spec's `token`, the
 * sign-in links' devise fields, hand-off and app tokens, one-time codes, the secondary-profile token.
 * Compared lower-cased, with `-` and `_` alike.
 */
const CREDENTIAL_PARAMS = new Set([
  'token',
  'jwt',
  'app_token',
  'auth_token',
  'access_token',
  'id_token',
  'refresh_token',
  'room_token',
  'secondary_token',
  'client',
  'client_id',
  'uid',
  'expiry',
  'code',
  'otp',
  'crnid',
  'password',
  'email',
  'mobile',
  'phone',
  'nonce',
]);
/** What a removed path segment becomes (the address keeps its shape, so pages still group). */
export const REDACTED = 'redacted';
const EMAIL = /[^\s/?#&=@]+@[^\s/?#&=@]+\.[^\s/?#&=@]+/;
/** Base64 (or base64url) long enough to hold a JSON object of credentials. */
const BASE64 = /^[A-Za-z0-9+/_-]{16,}={0,2}$/;

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A path segment or parameter value that holds an e-mail, or base64 JSON (the session room's payload). */
function carriesSecret(value: string): boolean {
  const text = decodeSegment(value);
  if (EMAIL.test(text)) return true;
  if (!BASE64.test(text)) return false;
  try {
    const json = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return /^\s*[{[]/.test(json);
  } catch {
    return false;
  }
}

function cleanParams(params: URLSearchParams): boolean {
  let changed = false;
  for (const [name, value] of [...params.entries()]) {
    if (CREDENTIAL_PARAMS.has(name.toLowerCase().replace(/-/g, '_')) || carriesSecret(value)) {
      params.delete(name);
      changed = true;
    }
  }
  return changed;
}

/**
 * The address as analytics may see it: parameters carrying credentials or contacts removed (the
 * `token` of product rules, Attribution and analytics, among them), and path segments holding an e-mail or an encoded payload (the session room's
 * `/session-room/:id/:payload/:platform`) replaced with `redacted`. Other parameters and the hash kept.
 */
export function sanitizeAddress(address: string): string {
  if (!address) return address;
  const relative = !/^[a-z][a-z0-9+.-]*:/i.test(address);
  let url: URL;
  try {
    url = new URL(address, 'http://relative.invalid');
  } catch {
    return REDACTED;
  }
  const segments = url.pathname.split('/');
  const path = segments.map((s) => (carriesSecret(s) ? REDACTED : s)).join('/');
  let changed = path !== url.pathname;
  url.pathname = path;
  if (cleanParams(url.searchParams)) changed = true;
  if (url.hash.includes('=')) {
    const hash = new URLSearchParams(url.hash.slice(1));
    if (cleanParams(hash)) {
      url.hash = hash.toString();
      changed = true;
    }
  } else if (carriesSecret(url.hash.slice(1))) {
    url.hash = '';
    changed = true;
  }
  if (url.username || url.password) {
    url.username = '';
    url.password = '';
    changed = true;
  }
  if (!changed) return address;
  const text = url.toString().replace(/\?(?=#|$)/, '');
  return relative ? text.slice('http://relative.invalid'.length) : text;
}

/**
 * An event's own properties as analytics may see them: a property named like a credential is dropped,
 * an e-mail becomes `redacted`, an address is sanitised. One level deep (events are flat).
 */
export function sanitizeProperties(properties: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(properties)) {
    if (CREDENTIAL_PARAMS.has(name.toLowerCase().replace(/-/g, '_'))) continue;
    if (typeof value !== 'string') out[name] = value;
    else if (/^(https?:\/\/|\/)/i.test(value)) out[name] = sanitizeAddress(value);
    else out[name] = carriesSecret(value) ? REDACTED : value;
  }
  return out;
}

export interface PageContext {
  current_page: string;
  initial_referrer: string;
  referrer: string;
}

/** Product rules, Attribution and analytics: current page address, initial referrer (or direct) and referrer (or direct), credentials stripped. */
export function pageContext(href: string, referrer: string | null | undefined, initialReferrer: string | null | undefined): PageContext {
  return {
    current_page: sanitizeAddress(href),
    initial_referrer: initialReferrer ? sanitizeAddress(initialReferrer) : DIRECT,
    referrer: referrer ? sanitizeAddress(referrer) : DIRECT,
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
