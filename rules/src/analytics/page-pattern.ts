// What analytics see of a page: the route's pattern, never an id. A booking, a provider or a room is
// a person's record; its id in an analytics event ties what someone looked at to who they are.
import { sanitizeAddress } from './sanitize';

/** The app's routes whose path carries ids, by the names their routers give them. */
export const ID_ROUTES: readonly string[] = ['/session-room/:sessionId/:payload/:platform', '/booking/session/:uuid', '/provider/:uuid'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A uuid, a long hex string, or a long token of letters and digits: an id wherever it stands. */
function isToken(value: string): boolean {
  return (
    UUID.test(value) ||
    /^[0-9a-f]{16,}$/i.test(value) ||
    (/^[A-Za-z0-9_.~+=-]{20,}$/.test(value) && /\d/.test(value) && /[A-Za-z]/.test(value))
  );
}
/** An id in a path segment: a token, or a number (a page number travels in the query, not the path). */
export function looksLikeId(segment: string): boolean {
  return isToken(segment) || /^\d+$/.test(segment);
}
/** An id in a parameter's value: a token, or a number long enough to be a record's (not page=2). */
const looksLikeIdValue = (value: string) => isToken(value) || /^\d{6,}$/.test(value);

/** The pattern of a path: the route of ID_ROUTES it matches, else every id-like segment as `:id`. */
export function pathPattern(path: string): string {
  const trailing = path.length > 1 && path.endsWith('/');
  const segments = (trailing ? path.slice(0, -1) : path).split('/');
  const route = ID_ROUTES.find((r) => {
    const parts = r.split('/');
    return parts.length === segments.length && parts.every((p, i) => p.startsWith(':') || p === segments[i]);
  });
  const pattern = route ?? segments.map((s) => (s !== '' && looksLikeId(decodeURIComponentSafe(s)) ? ':id' : s)).join('/');
  return trailing ? `${pattern}/` : pattern;
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * An address as a page analytics may name: sanitised (no credentials or contacts), its path the route's
 * pattern, and any parameter whose value is an id shown as `:id`. Relative addresses stay relative.
 */
export function analyticsPage(address: string): string {
  const clean = sanitizeAddress(address);
  if (!clean) return clean;
  const relative = !/^[a-z][a-z0-9+.-]*:/i.test(clean);
  let url: URL;
  try {
    url = new URL(clean, 'http://relative.invalid');
  } catch {
    return clean;
  }
  const pattern = pathPattern(url.pathname);
  let query = '';
  if (url.search) {
    const params = new URLSearchParams(url.search);
    for (const [name, value] of [...params.entries()]) if (looksLikeIdValue(value)) params.set(name, ':id');
    query = `?${params.toString().replace(/%3Aid(?=&|$)/g, ':id')}`;
  }
  const origin = relative ? '' : url.origin;
  return `${origin}${pattern}${query}${url.hash}`;
}
