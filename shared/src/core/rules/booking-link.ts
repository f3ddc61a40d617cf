/**
 * Product rules, Routes and redirects: "A booking link gets step=1 added when no step is given, and a stored company value is added
 * as query parameter company". Everything else (path, other parameters, hash, absolute or relative form)
 * is kept. An empty `step=` counts as no step; a stored company replaces a `company` already present.
 */
export function bookingLink(url: string, storedCompany?: string | null): string {
  const hashIndex = url.indexOf('#');
  const hash = hashIndex === -1 ? '' : url.slice(hashIndex);
  const beforeHash = hashIndex === -1 ? url : url.slice(0, hashIndex);
  const queryIndex = beforeHash.indexOf('?');
  const path = queryIndex === -1 ? beforeHash : beforeHash.slice(0, queryIndex);
  const params = new URLSearchParams(queryIndex === -1 ? '' : beforeHash.slice(queryIndex + 1));

  if (!params.get('step')) params.set('step', '1');
  if (storedCompany) params.set('company', storedCompany);

  return `${path}?${params.toString()}${hash}`;
}
