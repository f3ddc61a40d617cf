export interface PrerenderedRoute {
  path: string;
  query?: Record<string, string>;
}

export declare const PRERENDER_DIR: string;
export declare const NOT_FOUND_DOCUMENT: string;
export declare const VIEW_PARAMS: readonly string[];
export declare const QUERY_CHOSEN_PAGES: readonly string[];
export declare const PRERENDERED_ROUTES: readonly PrerenderedRoute[];
export declare const SESSION_SKELETONS: readonly { path: string; account: string }[];
export declare function pagePath(pathname: string): string;
export declare function prerenderedFile(pathname: string, searchParams?: URLSearchParams): string | null;
export declare function routeUrl(route: PrerenderedRoute): string;
