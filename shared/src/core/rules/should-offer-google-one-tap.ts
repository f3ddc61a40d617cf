/**
 * The two insurance-partner paths of the one-tap rule (their real names are not given; these are the routes the
 * platform uses for the two insurance partners' landing flows).
 */
export const INSURANCE_PARTNER_A_PATH = '/insurance-partner-a';
export const INSURANCE_PARTNER_B_PATH = '/insurance-partner-b';

/** Path fragments where one-tap would get in the way of the page's own sign-in or booking flow. */
export const GOOGLE_ONE_TAP_BLOCKED_PATH_PARTS: readonly string[] = ['auth', 'booking', INSURANCE_PARTNER_A_PATH, INSURANCE_PARTNER_B_PATH];

export interface GoogleOneTapContext {
  isLoggedIn: boolean;
  pathname: string;
  /** The query string, with or without the leading '?'. */
  search: string;
  isTflFlow: boolean;
}

/**
 * Product rules, Routes and redirects: "Google one-tap sign-in is offered only when no user is logged in, the path contains none of
 * auth, booking or two insurance-partner paths, the query disableGoogleOneTapLogin is not 'true', and it
 * is not a therapy-for-life flow".
 */
export function shouldOfferGoogleOneTap({ isLoggedIn, pathname, search, isTflFlow }: GoogleOneTapContext): boolean {
  if (isLoggedIn || isTflFlow) return false;
  if (GOOGLE_ONE_TAP_BLOCKED_PATH_PARTS.some((part) => pathname.includes(part))) return false;
  return new URLSearchParams(search).get('disableGoogleOneTapLogin') !== 'true';
}
