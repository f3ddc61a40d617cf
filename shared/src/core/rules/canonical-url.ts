/**
 * Product rules, Routes and redirects: "canonical address is the site base plus the current path without query, always ending in
 * a slash". Also drops a #hash, and never yields a double slash between or inside the parts.
 */
export function canonicalUrl(siteBase: string, pathname: string): string {
  const base = siteBase.replace(/\/+$/, '');
  const path = (pathname.split(/[?#]/)[0] ?? '').replace(/\/{2,}/g, '/').replace(/^\/?/, '/');
  return base + (path.endsWith('/') ? path : `${path}/`);
}
