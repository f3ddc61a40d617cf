// Which remote owns which route (product rules, Routes and redirects). The README's route table mirrors route-ownership.mjs, which
// the static server reads too.
import { remoteForPath, type RemoteKey } from './route-ownership.mjs';

export { ROUTE_TABLE, isShortLinkPath, remoteForPath, type RemoteKey, type RouteOwnership } from './route-ownership.mjs';

export function isRouteOwnedBy(remote: RemoteKey, pathname: string): boolean {
  return remoteForPath(pathname) === remote;
}
