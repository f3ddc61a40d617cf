// Which browser origins may talk to the api and the realtime server (one rule for both).

/** Configured exact origins; in development and test also any localhost / *.localhost / 127.0.0.1 port. */
export function isAllowedOrigin(origin: string, extra: string[] = [], allowLocalhost = true) {
  if (extra.includes(origin)) return true;
  if (!allowLocalhost) return false;
  try {
    const u = new URL(origin);
    return (u.protocol === 'http:' || u.protocol === 'https:') && (u.hostname === 'localhost' || u.hostname.endsWith('.localhost') || u.hostname === '127.0.0.1');
  } catch {
    return false;
  }
}
