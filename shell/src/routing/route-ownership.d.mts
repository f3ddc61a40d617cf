export type RemoteKey = 'mfe-auth' | 'mfe-dashboard' | 'mfe-booking' | 'mfe-partner' | 'mfe-session-room';

export interface RouteOwnership {
  remote: RemoteKey;
  /** Path prefixes the remote owns; '/' alone means exactly the root path. */
  prefixes: readonly string[];
}

export declare const ROUTE_TABLE: readonly RouteOwnership[];
export declare function remoteForPath(pathname: string): RemoteKey | null;
export declare const SHELL_PREFIXES: readonly string[];
export declare function isKnownPath(pathname: string): boolean;
export declare function isShortLinkPath(pathname: string): boolean;
