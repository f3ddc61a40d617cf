// What analytics may see: addresses without credentials or contacts, and event properties without
// them. The browser applies it before an event leaves; the api again before it stores one.
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
