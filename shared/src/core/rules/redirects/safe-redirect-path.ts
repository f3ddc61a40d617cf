// `redirectPath` (a query value anyone can craft) is only ever a same-origin path: anything that could
// leave the origin — absolute or protocol-relative URLs, backslash forms browsers read as '//',
// script-bearing schemes, percent-encoded or double-encoded versions of these, control characters
// browsers strip from URLs (so '/\t/host' becomes '//host') — falls back to a trusted default.

const MAX_LENGTH = 2048;
const MAX_DECODE_ROUNDS = 5;
const PROBE_ORIGIN = 'https://redirect-check.invalid';

/** Characters that change how a browser reads a URL, and that a real path never contains raw. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\\\s\u200b-\u200f\u2028\u2029\ufeff]/;

/** Percent-decodes until stable; null when a layer is malformed or it never settles. */
function decodeFully(value: string): string | null {
  let current = value;
  for (let i = 0; i < MAX_DECODE_ROUNDS; i += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}

/** Is every decoding of the value a plain path: '/' then not '/' or '\'? */
function looksLikeLocalPath(value: string): boolean {
  if (!value.startsWith('/')) return false;
  if (value.startsWith('//')) return false;
  if (UNSAFE_CHARS.test(value)) return false;
  return true;
}

/**
 * Returns `raw` normalised as a same-origin path (path + query + hash), or `fallback`.
 * `fallback` is trusted (it comes from code, never from the URL).
 */
export function safeRedirectPath(raw: unknown, fallback: string): string {
  return check(raw, fallback, 0);
}

function check(raw: unknown, fallback: string, round: number): string {
  if (round > MAX_DECODE_ROUNDS) return fallback;
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_LENGTH) return fallback;
  if (!looksLikeLocalPath(raw)) return fallback;

  const decoded = decodeFully(raw);
  if (decoded === null || !looksLikeLocalPath(decoded)) return fallback;
  // The path part alone must not turn into '//' or '/\' (e.g. '/%2F%2Fhost'); a query may carry
  // an encoded URL as data ('/?next=%2F%2Fx' is harmless: it never becomes the location's host).
  const pathPart = raw.split(/[?#]/, 1)[0] ?? '';
  const decodedPath = decodeFully(pathPart);
  if (decodedPath === null || !looksLikeLocalPath(decodedPath) || decodedPath.includes('/\\')) return fallback;

  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN || url.username || url.password) return fallback;
  const result = `${url.pathname}${url.search}${url.hash}`;
  // Normalising (dot segments, encoded dots) can produce a new hostile form ('/%2E/%2Fhost' →
  // '/%2Fhost', '/.//host' → '//host'): what would really be navigated to passes the same checks.
  return result === raw ? result : check(result, fallback, round + 1);
}
