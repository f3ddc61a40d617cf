// Google ID tokens (one-tap and the sign-in button both answer one), verified the way Google documents:
// signature against Google's published key set, issuer accounts.google.com, audience = our web client id,
// expiry, and a nonce this api handed out for the sign-in (signed by us, short-lived, taken once).
// In the development stage, and only there, the api's development Google issuer stands in for Google and
// the very same checks run against the development key set. The test stage trusts Google's issuer only,
// with the key set of the api's stand-in (core/config.ts, GoogleConfig.standIn): the production path.
import type { GoogleConfig } from '../core/config.js';
import type { Queryable } from '../db/index.js';
import { acceptIdTokenOnce, issuerFor, provenEmailOf, verifyIdToken, type StageIssuers } from './jwks.js';
import { signProof, verifyProofClaims } from './tokens.js';
import type { ProvenIdentity } from './social.js';

/** Google writes either form into `iss` (its OpenID documentation names both). */
export const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];
export const DEV_GOOGLE_ISSUER = 'https://accounts.haven.localhost/dev-google';
/** The web client id the development Google issuer signs for. */
export const DEV_GOOGLE_CLIENT_ID = 'haven-local.apps.googleusercontent.com';
/** How long a sign-in nonce may wait for Google's answer. */
export const GOOGLE_NONCE_TTL_S = 10 * 60;

/** A fresh nonce for one Google sign-in: an api-signed proof, so any api process can check it. */
export const googleNonce = (secret: string) => signProof(secret, 'google-nonce', 'google-sign-in', GOOGLE_NONCE_TTL_S);

/** Google as this stage sees it: the development issuer in the development stage, Google with our client id. */
const googleIssuers = (c: GoogleConfig): StageIssuers => ({
  development: c.development ? { issuer: DEV_GOOGLE_ISSUER, audience: DEV_GOOGLE_CLIENT_ID } : null,
  real: c.clientId ? { issuer: GOOGLE_ISSUERS, audience: c.clientId, jwksUrl: c.jwksUrl, name: 'Google' } : null,
});

/**
 * The person a Google ID token proves, or null for a token that is forged, signed by a key we do not
 * trust, for another client, from another issuer, expired, without a nonce this api issued (or with an
 * expired one), already used, or naming no verified e-mail.
 */
export async function verifyGoogleIdToken(
  c: GoogleConfig,
  secret: string,
  q: Queryable,
  token: string,
  now = Date.now(),
): Promise<ProvenIdentity | null> {
  const iss = await issuerFor(token, googleIssuers(c));
  const claims = iss ? await verifyIdToken(token, iss, now) : null;
  if (!claims?.sub) return null;
  const nonce = typeof claims.nonce === 'string' ? claims.nonce : undefined;
  if (!(await verifyProofClaims(secret, 'google-nonce', nonce))) return null;
  const email = provenEmailOf(claims);
  if (!email || !(await acceptIdTokenOnce(q, token, claims, nonce, now))) return null;
  return { subject: claims.sub, email, firstName: String(claims.given_name ?? ''), lastName: String(claims.family_name ?? '') };
}
