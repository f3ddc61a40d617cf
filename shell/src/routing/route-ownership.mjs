// Which remote owns which route (product rules, Routes and redirects). Plain JavaScript so that the shell and the static server
// (scripts/lib/static-server.mjs answers 404 for a path no remote owns) read the one table.
// Types: route-ownership.d.mts; the shell imports it through route-table.ts.

export const ROUTE_TABLE = [
  {
    remote: 'mfe-auth',
    prefixes: [
      '/auth',
      '/set-password',
      '/forgot-password',
      '/change-password',
      '/changepassword',
      '/create-password',
      '/registration-form',
    ],
  },
  {
    remote: 'mfe-dashboard',
    prefixes: [
      '/dashboard',
      '/care-tools',
      '/journal',
      '/journey',
      '/treatment-plan',
      '/experts',
      '/communities',
      '/assessments',
      '/account',
      '/terms-of-use',
      '/privacy-policy',
      '/help',
      '/design',
    ],
  },
  {
    remote: 'mfe-booking',
    prefixes: [
      '/',
      '/therapy-psychiatry',
      '/booking',
      '/providers',
      '/provider',
      '/matching',
      '/for-organisations',
      '/get-in-touch',
      '/newsletter',
    ],
  },
  { remote: 'mfe-partner', prefixes: ['/t-p', '/partnerdashboard', '/org'] },
  { remote: 'mfe-session-room', prefixes: ['/session-room'] },
];

function matchesPrefix(pathname, prefix) {
  if (prefix === '/') return pathname === '/' || pathname === '';
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** Paths the shell answers itself before any app mounts (short links: /s/{code}). */
export const SHELL_PREFIXES = ['/s'];

/** The remote that owns a path, or null when no remote does (the shell shows its not-found page). */
export function remoteForPath(pathname) {
  const owner = ROUTE_TABLE.find((entry) => entry.prefixes.some((prefix) => matchesPrefix(pathname, prefix)));
  return owner ? owner.remote : null;
}

/** A short-link address (/s/...): the shell resolves it before any app mounts. */
export function isShortLinkPath(pathname) {
  return SHELL_PREFIXES.some((prefix) => pathname.startsWith(`${prefix}/`));
}

/** Whether the site has a page at a path: an app owns it, or the shell answers it (a short link). */
export function isKnownPath(pathname) {
  return remoteForPath(pathname) !== null || SHELL_PREFIXES.some((prefix) => matchesPrefix(pathname, prefix));
}
