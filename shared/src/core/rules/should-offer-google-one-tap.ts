/**
 * The two insurance-partner paths of the one-tap rule. The rules do not name them; here they are the two
 * partner routes, where sponsored care has its own way in: the partner landing (verify the company code,
 * then log in with the work e-mail; partner links, hand-offs and logouts arrive there) and the partner card
 * dashboard. A one-tap sign-in with a personal Google account would skip the company's step.
 */
export const INSURANCE_PARTNER_LANDING_PATH = '/t-p';
export const INSURANCE_PARTNER_DASHBOARD_PATH = '/partnerdashboard';

/** Path fragments where one-tap would get in the way of the page's own sign-in or booking flow. */
export const GOOGLE_ONE_TAP_BLOCKED_PATH_PARTS: readonly string[] = [
  'auth',
  'booking',
  INSURANCE_PARTNER_LANDING_PATH,
  INSURANCE_PARTNER_DASHBOARD_PATH,
];

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
