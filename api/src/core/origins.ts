// Which browser origins may talk to the api and the realtime server (one rule for both).

const DNS_LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';

/** `https://*.partners.example.com` (a configured pattern) matches one company label under that host. */
function matchesSubdomainPattern(origin: string, pattern: string): boolean {
  const suffix = pattern.slice('https://*'.length).replace(/[.]/g, '\\.');
  return new RegExp(`^https://${DNS_LABEL}${suffix}$`).test(origin);
}

/**
 * Configured origins (exact, or a company-site pattern); in development and test also any localhost /
 * *.localhost / 127.0.0.1 port.
 */
export function isAllowedOrigin(origin: string, extra: string[] = [], allowLocalhost = true) {
  if (extra.includes(origin)) return true;
  if (extra.some((o) => o.startsWith('https://*.') && matchesSubdomainPattern(origin, o))) return true;
  if (!allowLocalhost) return false;
  try {
    const u = new URL(origin);
    return (
      (u.protocol === 'http:' || u.protocol === 'https:') &&
      (u.hostname === 'localhost' || u.hostname.endsWith('.localhost') || u.hostname === '127.0.0.1')
    );
  } catch {
    return false;
  }
}
