// Where reset-password links may point (devise's redirect_whitelist): the set-password page of the
// web origins this api serves, partner and company subdomains included. HAVEN_RESET_REDIRECTS
// (comma-separated; a host may start with "*." for its subdomains) replaces the list.
const DEFAULT_RESET_REDIRECTS = ['http://localhost:3000/set-password', 'http://*.localhost:3000/set-password'];

export function resetRedirects(env: NodeJS.ProcessEnv = process.env): string[] {
  const configured = env.HAVEN_RESET_REDIRECTS?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return configured?.length ? configured : DEFAULT_RESET_REDIRECTS;
}

const parse = (url: string) => {
  try {
    return new URL(url.replace('://*.', '://wildcard.'));
  } catch {
    return null;
  }
};

/** Allowed: same scheme, host (or a subdomain of a "*." entry), port and path as an entry; any query. */
export function resetRedirectAllowed(url: string, allowed = resetRedirects()): boolean {
  const u = parse(url);
  if (!u || url.includes('://*.') || u.username || u.password) return false;
  return allowed.some((entry) => {
    const a = parse(entry);
    if (!a || a.protocol !== u.protocol || a.port !== u.port || a.pathname.replace(/\/$/, '') !== u.pathname.replace(/\/$/, ''))
      return false;
    return entry.includes('://*.') ? u.hostname.endsWith(`.${a.hostname.slice('wildcard.'.length)}`) : a.hostname === u.hostname;
  });
}
