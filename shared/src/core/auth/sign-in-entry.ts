// What the core calls on the sign-in entry (`@haven/shared/auth-flows`, which has these and more), and the
// types both sides name. Declared here because the core imports no entry, not even for a type: each app's
// bootstrap hands the core the entry's loader (provideSignInEntry), and the typecheck holds the entry to
// this shape at that call.
import type { LoginOptions, LoginOutcome } from './login-types';
import type { TypedFields } from '../rules/redirects/stored-page-data';

/** A kli auto-login's outcome: a 422 answers 'fallback' (the caller sends the person to the log-in page). */
export type CrnidOutcome = LoginOutcome | { ok: false; reason: 'fallback'; error: string };

/** Google's answer to the sign-in button (an access token) or to one-tap (an ID token). */
export interface GoogleCredentialResponse {
  /** One-tap / button: the ID token (carrying the nonce from the api's google_nonce). */
  credential: string;
  select_by?: string;
}

/** Google sign-in behind an adapter: Google's script where the runtime config names a client id, the api's stand-in elsewhere. */
export interface GoogleIdentity {
  readonly kind: 'google' | 'development';
  /** The sign-in button: Google's prompt in production; the development issuer elsewhere (needs the e-mail). */
  requestCredential(options?: { loginHint?: string }): Promise<GoogleCredentialResponse>;
  /** One-tap prompt (Google's script only; the stand-in has none); `onCredential` runs when the user picks an account. */
  promptOneTap(onCredential: (response: GoogleCredentialResponse) => void): Promise<void>;
  cancelOneTap(): void;
}

/**
 * The sign-in entry's functions that the core calls: its own sign-ins (code login, partner hand-off,
 * one-tap) and keeping the page at a session loss.
 */
export interface SignInEntry {
  loginWithToken(authToken: string, companyId: string, options?: LoginOptions): Promise<LoginOutcome>;
  loginWithCrnid(crn: string, companyId: string | null, kliLink: string | null, options?: LoginOptions): Promise<CrnidOutcome>;
  loginWithB2bLink(jwtToken: string | null | undefined, companyId: string, options?: LoginOptions): Promise<LoginOutcome | null>;
  loginWithGoogle(response: GoogleCredentialResponse, options?: LoginOptions): Promise<LoginOutcome>;
  createGoogleIdentity(options: { clientId?: string | null }): GoogleIdentity;
  rememberPage(
    loc: { pathname: string; search: string },
    landing: string,
    user: string | null,
    typed: Record<string, TypedFields>,
    now?: number,
  ): void;
  /** The header's switch of whose account the pages act in (a secondary profile's uuid). */
  switchProfile(uuid: string): Promise<boolean>;
  /** Back to the account's own person. */
  endProfileSession(): Promise<void>;
  /** The account's people (auth.profiles), for the header's switch on pages that do not load them. */
  loadProfiles(): Promise<void>;
}
