/** Where a lost session sends the user (product rules, Session loss): the two landing paths. */
export const THERAPY_PSYCHIATRY_LANDING = '/therapy-psychiatry/';
export const HOME_LANDING = '/';

/**
 * Product rules, Session loss: "On session loss the page goes to /therapy-psychiatry/ when the current path is / or contains
 * therapy-psychiatry or t-p; otherwise to /". "Contains" is applied as written (a substring test), so
 * any path with "t-p" in it, e.g. /set-password, also maps to /therapy-psychiatry/ — such pages are
 * exempt from the forced redirect anyway (see `isSessionLossRedirectExempt`).
 */
export function sessionLossRedirect(pathname: string): string {
  if (pathname === '/' || pathname === '' || pathname.includes('therapy-psychiatry') || pathname.includes('t-p')) {
    return THERAPY_PSYCHIATRY_LANDING;
  }
  return HOME_LANDING;
}

/**
 * Product rules, Routes and redirects: "/auth/sign-up, /booking, /set-password ... the session-loss handler
 * does not force a redirect from them"; product rules, Session loss, adds the log-in page.
 */
export const SESSION_LOSS_EXEMPT_PATHS = ['/auth/log-in', '/auth/sign-up', '/booking', '/set-password'] as const;

/**
 * True on the pages the session-loss handler leaves alone: each exempt path itself and any path below it
 * ('/booking' and '/booking/…', not '/bookings'), with or without a trailing slash.
 */
export function isSessionLossRedirectExempt(pathname: string): boolean {
  return SESSION_LOSS_EXEMPT_PATHS.some((exempt) => pathname === exempt || pathname.startsWith(`${exempt}/`));
}
