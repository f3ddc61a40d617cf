// Tokens, e-mails and phone numbers never leave the page in an error report or breadcrumb. Pure: runs
// on every event before the error SDK sends it (its beforeSend / beforeBreadcrumb hooks).

export const REDACTED = '[redacted]';
export const EMAIL_MASK = '[email]';
export const PHONE_MASK = '[phone]';

/** Keys whose values are secrets or contact data whatever they hold. */
const SECRET_KEYS =
  /^(access[-_]?token|token|app_token|jwt|jwt[-_]token|auth_token|fb_token|id_token|refresh_token|secondary[-_]token|secondary-profile-access-token|client|uid|authorization|cookie|set-cookie|password|code|crnid|otp|email|mobile|phone|phone_number|fbp|fbc)$/i;
const EMAIL = /[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/gi;
/** Query parameters carrying secrets (product rules, Entry parameters: the app reads token, app_token, jwt, auth_token, code). */
const SECRET_PARAM = /([?&#;](?:token|app_token|jwt|auth_token|code|CRNID|access-token|secondary_token|client|uid)=)[^&#\s"']*/gi;
const BEARER = /\b(Bearer|Token)\s+[A-Za-z0-9._~+/=-]+/g;
/** A JSON Web Token: three base64url parts, the first a JSON header. */
const JWT = /\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;
/** A phone number: optional +, then 8 to 15 digits, spaces, dots or dashes allowed between them. */
const PHONE = /(?<![\w])\+?\d(?:[\s.-]?\d){7,14}(?![\w])/g;
/** Dates (2026-11-23, 23.11.2026) have the digits of a phone number but are not one. */
const DATE = /^(\d{4}[-.]\d{2}[-.]\d{2}|\d{2}[-.]\d{2}[-.]\d{4})$/;

export function scrubText(text: string): string {
  return text
    .replace(JWT, REDACTED)
    .replace(BEARER, (_m, kind: string) => `${kind} ${REDACTED}`)
    .replace(SECRET_PARAM, (_m, lead: string) => `${lead}${REDACTED}`)
    .replace(EMAIL, EMAIL_MASK)
    .replace(PHONE, (m) => (DATE.test(m) ? m : PHONE_MASK));
}

const MAX_DEPTH = 12;

/** A scrubbed copy of any value: secret keys redacted, every string scrubbed; cycles and depth bounded. */
export function scrubValue<T>(value: T, depth = 0, seen: WeakSet<object> = new WeakSet()): T {
  if (typeof value === 'string') return scrubText(value) as T;
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH || seen.has(value)) return REDACTED as T;
  seen.add(value);
  if (Array.isArray(value)) return value.map((v: unknown) => scrubValue(v, depth + 1, seen)) as T;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    out[key] = SECRET_KEYS.test(key) && v !== null && v !== undefined && v !== '' ? REDACTED : scrubValue(v, depth + 1, seen);
  }
  return out as T;
}
