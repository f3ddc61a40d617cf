// Which remote owns which route (spec §2). The README's route table mirrors this file.
export type RemoteKey = 'mfe-auth' | 'mfe-dashboard' | 'mfe-booking' | 'mfe-partner' | 'mfe-session-room';

export interface RouteOwnership {
  remote: RemoteKey;
  /** Path prefixes the remote owns; '/' alone means exactly the root path. */
  prefixes: readonly string[];
}

export const ROUTE_TABLE: readonly RouteOwnership[] = [
  {
    remote: 'mfe-auth',
    prefixes: ['/auth', '/set-password', '/forgot-password', '/change-password', '/changepassword', '/create-password', '/registration-form'],
  },
  {
    remote: 'mfe-dashboard',
    prefixes: ['/dashboard', '/care-tools', '/journal', '/journey', '/experts', '/communities', '/assessments'],
  },
  { remote: 'mfe-booking', prefixes: ['/', '/therapy-psychiatry', '/booking', '/providers', '/provider', '/matching'] },
  { remote: 'mfe-partner', prefixes: ['/t-p', '/partnerdashboard', '/org'] },
  { remote: 'mfe-session-room', prefixes: ['/session-room'] },
];

function matchesPrefix(pathname: string, prefix: string): boolean {
  if (prefix === '/') return pathname === '/' || pathname === '';
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** The remote that owns a path, or null when no remote does (the shell shows its not-found page). */
export function remoteForPath(pathname: string): RemoteKey | null {
  const owner = ROUTE_TABLE.find((entry) => entry.prefixes.some((prefix) => matchesPrefix(pathname, prefix)));
  return owner?.remote ?? null;
}

export function isRouteOwnedBy(remote: RemoteKey, pathname: string): boolean {
  return remoteForPath(pathname) === remote;
}
