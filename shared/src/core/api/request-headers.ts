// Every header of a product-API request (product rules, Calls to the api), read from the credential store, cookies and
// browser storage at request time (another tab or an auth flow may have changed them since the last call).
import { getCredentials } from '../credentials/credential-store';
import { hasValidTimestamp } from '../rules/attribution-rules';
import { browserTimeZone } from '../platform/browser-time-zone';
import { COMPANY_DETAILS_KEY } from '../platform/storage-keys';

export { ATTRIBUTION_VALID_MS } from '../rules/attribution-rules';

function stored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function storedJson(key: string): Record<string, unknown> {
  const raw = stored(key);
  if (raw === null) return {};
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {}; // corrupt local JSON becomes an empty object
  }
}

export function readCookie(name: string, cookies: string = document.cookie): string | null {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

/** Base64 of UTF-8 (btoa alone fails on non-Latin-1 campaign names). */
export function base64Json(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The X-UTM-PARAMS payload: stored utm data, utm_medium lower-cased, is_consumed, is_utm_params_expired. */
export function utmParamsPayload(record: Record<string, unknown>, now: number): Record<string, unknown> {
  const utm = typeof record.utm_data === 'object' && record.utm_data !== null ? (record.utm_data as Record<string, unknown>) : {};
  const fresh = hasValidTimestamp(record, now);
  return {
    ...utm,
    ...(typeof utm.utm_medium === 'string' ? { utm_medium: utm.utm_medium.toLowerCase() } : {}),
    is_consumed: record.is_consumed === true,
    is_utm_params_expired: !fresh,
  };
}

export function buildRequestHeaders(now: number = Date.now()): Record<string, string> {
  const headers: Record<string, string> = {};
  const set = (name: string, value: unknown) => {
    if (typeof value === 'string' && value !== '') headers[name] = value;
  };
  const credentials = getCredentials();
  if (credentials) {
    set('access-token', credentials['access-token']);
    set('expiry', credentials.expiry);
    set('uid', credentials.uid);
    set('client', credentials.client);
  }
  set('fbp', readCookie('_fbp'));
  set('fbc', readCookie('_fbc'));
  set('secondary-profile-access-token', stored('secondary_token'));

  // The company profile chosen at sign-in wins; otherwise the one the partner link stored.
  const company = storedJson(COMPANY_DETAILS_KEY);
  set('x-company-profile-uuid', credentials?.['x-company-profile-uuid'] ?? company.uuid);
  set('x-company-profile-name', credentials?.['x-company-profile-name'] ?? company.name);

  set('platform', stored('platform'));
  headers['X-Timezone'] = browserTimeZone();
  headers['X-Country'] = stored('userCountry') || 'null';
  headers['X-UTM-PARAMS'] = base64Json(utmParamsPayload(storedJson('ad_user_params'), now));
  return headers;
}
