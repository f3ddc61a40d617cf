// Product rules, Routes and redirects: Google one-tap is offered only when nobody is logged in, the path has none of auth, booking
// or the two insurance-partner paths, disableGoogleOneTapLogin is not 'true', and it is not a
// therapy-for-life flow. Never before the page's boot has finished (appLoaded): until then whether
// someone is logged in is not known yet. The prompt is offered once per page load, and an in-app move to
// where it is never offered closes it.
import { getRuntimeConfig } from '../../config/runtime-config';
import { shouldOfferGoogleOneTap } from '../../rules/should-offer-google-one-tap';
import { havenStore } from '../../state/store';
import type { GoogleIdentity } from '../sign-in-entry';
import { requireSignInEntry } from '../load-auth-flows';

export interface OneTapOptions {
  pathname: string;
  search: string;
  /** Defaults to the adapter for the runtime config's stage. */
  identity?: GoogleIdentity;
  /** Calls the listener on each in-app route change (the shell: single-spa's routing events); answers how to stop. */
  onRouteChange?: (listener: (to: { pathname: string; search: string }) => void) => () => void;
}

/** The gate for a location, with the session as it is now. */
function offeredAt(pathname: string, search: string): boolean {
  const state = havenStore.getState();
  return shouldOfferGoogleOneTap({ isLoggedIn: state.auth.user !== null, pathname, search, isTflFlow: state.tfl.isTflFlow });
}

/** Shows the one-tap prompt when the gate allows it; answers whether it did. */
export async function offerGoogleOneTap({ pathname, search, identity, onRouteChange }: OneTapOptions): Promise<boolean> {
  if (!havenStore.getState().appConfig.appLoaded) return false;
  if (!offeredAt(pathname, search)) return false;
  // The sign-in entry loads only where one-tap is offered (not part of any route's first paint).
  const { createGoogleIdentity, loginWithGoogle } = await requireSignInEntry();
  const google = identity ?? createGoogleIdentity({ clientId: getRuntimeConfig().googleClientId });
  // Moving in-app to where one-tap is never offered (log-in, a booking path...) closes the prompt, also one
  // that opens after the move (the script and nonce load in between); it is not offered again on this page.
  let left = false;
  const stop = onRouteChange?.((to) => {
    if (left || offeredAt(to.pathname, to.search)) return;
    left = true;
    google.cancelOneTap();
    stop?.();
  });
  await google.promptOneTap((response) => {
    void loginWithGoogle(response);
  });
  if (left) google.cancelOneTap();
  return true;
}
