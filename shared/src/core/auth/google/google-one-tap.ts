// Product rules, Routes and redirects: Google one-tap is offered only when nobody is logged in, the path has none of auth, booking
// or the two insurance-partner paths, disableGoogleOneTapLogin is not 'true', and it is not a
// therapy-for-life flow. Never before the page's boot has finished (appLoaded): until then whether
// someone is logged in is not known yet.
import { getRuntimeConfig } from '../../config/runtime-config';
import { shouldOfferGoogleOneTap, type GoogleOneTapContext } from '../../rules/should-offer-google-one-tap';
import { havenStore } from '../../state/store';
import type { GoogleIdentity } from '../sign-in-entry';
import { signInEntryLoader } from '../load-auth-flows';

export interface OneTapOptions {
  pathname: string;
  search: string;
  /** Defaults to the adapter for the runtime config's stage. */
  identity?: GoogleIdentity;
}

/** Shows the one-tap prompt when the gate allows it; answers whether it did. */
export async function offerGoogleOneTap({ pathname, search, identity }: OneTapOptions): Promise<boolean> {
  const state = havenStore.getState();
  if (!state.appConfig.appLoaded) return false;
  const context: GoogleOneTapContext = { isLoggedIn: state.auth.user !== null, pathname, search, isTflFlow: state.tfl.isTflFlow };
  if (!shouldOfferGoogleOneTap(context)) return false;
  // The sign-in entry loads only where one-tap is offered (not part of any route's first paint).
  const load = signInEntryLoader();
  if (!load) throw new Error("no sign-in entry: this app's bootstrap did not provide it (provideSignInEntry)");
  const { createGoogleIdentity, loginWithGoogle } = await load();
  const google = identity ?? createGoogleIdentity({ clientId: getRuntimeConfig().googleClientId });
  await google.promptOneTap((response) => {
    void loginWithGoogle(response);
  });
  return true;
}
