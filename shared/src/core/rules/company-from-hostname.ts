/**
 * Subdomains that are ours, not a company's (product rules, Routes and redirects: "www, preprod, staging, localhost and a few
 * marketing or revamp names"). The marketing/revamp names chosen here: marketing, revamp, lp (landing
 * pages), blog.
 */
export const NON_COMPANY_SUBDOMAINS: readonly string[] = ['www', 'preprod', 'staging', 'localhost', 'marketing', 'revamp', 'lp', 'blog'];

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * Product rules, Routes and redirects: "A subdomain of the host other than www, preprod, staging, localhost and a few marketing or
 * revamp names identifies a company (b2b) context". Returns the company slug (the left-most label), or
 * null when the host has no subdomain, the subdomain is one of ours, or the host is an IP address.
 * Local development: `acme.localhost` is company acme, `localhost` is none. A host may be passed with a
 * port. Without `baseDomain` the registrable domain is taken as the last two labels (haven.care); pass it
 * for multi-part suffixes (haven.co.uk).
 */
export function companyFromHostname(hostname: string, baseDomain?: string): string | null {
  let host = hostname.trim().toLowerCase().replace(/\.$/, '');
  if (host.startsWith('[') || host.split(':').length > 2) return null; // IPv6
  host = host.replace(/:\d+$/, '');
  if (!host || IPV4.test(host)) return null;

  const labels = host.split('.');
  let subdomainLabels: string[];
  if (baseDomain && (host === baseDomain.toLowerCase() || host.endsWith(`.${baseDomain.toLowerCase()}`))) {
    subdomainLabels = labels.slice(0, labels.length - baseDomain.split('.').length);
  } else if (labels[labels.length - 1] === 'localhost') {
    subdomainLabels = labels.slice(0, -1);
  } else {
    subdomainLabels = labels.slice(0, -2);
  }

  const company = subdomainLabels[0];
  if (!company || NON_COMPANY_SUBDOMAINS.includes(company)) return null;
  return company;
}
