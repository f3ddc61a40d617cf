// Short links (/s/{code}, a referral link among them): the api answers the in-product path a code
// opens; the shell replaces the address with it before any app mounts, keeping the visit's own query
// (a campaign's utm parameters added to a short link still count). Never another host: an answer that
// is not a path on this origin is treated as an unknown link.
import { type Answer, apiClient, reportError } from '@haven/shared';

const SHORT_LINK = /^\/s\/([A-Za-z0-9_-]{1,32})\/?$/;

/** The code of a short-link address, or null for any other path. */
export function shortLinkCode(pathname: string): string | null {
  return SHORT_LINK.exec(pathname)?.[1] ?? null;
}

/**
 * Where a short link goes on `origin`: the answered path with the visit's query added (the link's own
 * parameters win), or null when the answer is not a path on this origin.
 */
export function shortLinkTarget(path: string, visitSearch: string, origin: string): string | null {
  if (!/^\/(?![/\\])/.test(path) || /[\\\s]/.test(path)) return null;
  let url: URL;
  try {
    url = new URL(path, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  for (const [key, value] of new URLSearchParams(visitSearch)) if (!url.searchParams.has(key)) url.searchParams.append(key, value);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * On a short-link address: asks the api and replaces the address with the target. An unknown code
 * stays where it is (the not-found page says so); a failed request is reported and stays too.
 */
export async function followShortLink(location: Location = window.location, history: History = window.history): Promise<void> {
  const code = shortLinkCode(location.pathname);
  if (!code) return;
  try {
    const { data } = await apiClient.get<Answer<'/short_links/{code}', 'get'>>(`/short_links/${encodeURIComponent(code)}`);
    const target = shortLinkTarget(data.data.path, location.search, location.origin);
    if (target) history.replaceState(null, '', target);
    else reportError(new Error('short link answered a target outside the product'), { area: 'short-link', code });
  } catch (error) {
    const status = (error as { response?: { status?: number } }).response?.status;
    if (status !== 404) reportError(error, { area: 'short-link', code });
  }
}
