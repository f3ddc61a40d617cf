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
    ],
  },
  { remote: 'mfe-booking', prefixes: ['/', '/therapy-psychiatry', '/booking', '/providers', '/provider', '/matching'] },
  { remote: 'mfe-partner', prefixes: ['/t-p', '/partnerdashboard', '/org'] },
  { remote: 'mfe-session-room', prefixes: ['/session-room'] },
];

function matchesPrefix(pathname, prefix) {
  if (prefix === '/') return pathname === '/' || pathname === '';
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** The remote that owns a path, or null when no remote does (the shell shows its not-found page). */
export function remoteForPath(pathname) {
  const owner = ROUTE_TABLE.find((entry) => entry.prefixes.some((prefix) => matchesPrefix(pathname, prefix)));
  return owner ? owner.remote : null;
}
