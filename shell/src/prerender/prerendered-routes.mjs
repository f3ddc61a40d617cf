// The public routes the build paints as HTML (docs/performance.md, "Paint before JavaScript"). Plain
// JavaScript so that the build's snapshot step, the static server and the browser suite read one list.
// Types: prerendered-routes.d.mts.

/** Where the snapshots live inside the shell's build. */
export const PRERENDER_DIR = 'prerendered';
/** The not-found page's snapshot, answered (with status 404) for any path no app owns. */
export const NOT_FOUND_DOCUMENT = '404.html';

/**
 * Query parameters that choose a different first view of the same path (the log-in page's code tab).
 * Any other parameter is the live page's business: the path's own snapshot is served.
 */
export const VIEW_PARAMS = ['method'];

/** Pages whose content their query chooses (the provider list's filters): painted only at the bare address. */
export const QUERY_CHOSEN_PAGES = ['/providers/'];

/** Routes signed-out visitors land on; no user data is ever in them. Provider profiles are added from the api. */
export const PRERENDERED_ROUTES = [
  { path: '/' },
  { path: '/therapy-psychiatry/' },
  { path: '/auth/log-in/' },
  { path: '/auth/log-in/', query: { method: 'otp' } },
  { path: '/auth/sign-up/' },
  { path: '/providers/' },
  { path: '/t-p/' },
  { path: '/for-organisations/' },
];

/**
 * Signed-in pages painted as a skeleton for a visitor with a stored session: the chrome and the page's empty
 * boxes, captured signed in as a demo account while the page's data is held back, the account's avatar
 * blanked (no user data). `account` is the demo account the build signs in with.
 */
export const SESSION_SKELETONS = [{ path: '/dashboard/', account: 'patient@haven.test' }];

/** A path with one trailing slash, so /auth/log-in and /auth/log-in/ are one page. */
export function pagePath(pathname) {
  const trimmed = pathname.replace(/\/+$/, '');
  return `${trimmed}/`;
}

/** The snapshot's file (relative to the shell's build) for a path and its view parameters; null when none fits. */
export function prerenderedFile(pathname, searchParams = new URLSearchParams()) {
  if (QUERY_CHOSEN_PAGES.includes(pagePath(pathname)) && [...searchParams.keys()].length > 0) return null;
  const dir = `${PRERENDER_DIR}${pagePath(pathname)}`;
  const view = VIEW_PARAMS.filter((name) => searchParams.get(name))
    .map((name) => `${name}-${searchParams.get(name)}`)
    .join('.');
  // A view value is used in a file name: only plain words, anything else gets the path's own page.
  if (view && /^[\w.-]+$/.test(view)) return `${dir}index.${view}.html`;
  return `${dir}index.html`;
}

/** The URL a route entry is captured at. */
export function routeUrl({ path, query }) {
  const search = new URLSearchParams(query ?? {}).toString();
  return search ? `${path}?${search}` : path;
}
