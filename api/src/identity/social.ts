// Apple and Facebook sign-in proofs. Apple's is an OpenID ID token (Sign in with Apple JS answers
// one); Facebook's JS SDK answers an access token, which Facebook's Graph API inspects (debug_token:
// which app it was issued to, valid or not, when it expires) before /me names the person. In the
// development stage, and only there, the api's development issuers stand in for both and the same checks
// run. The test stage trusts Apple's issuer and asks Graph, as production does, only with the api's
// stand-ins' key set and Graph (core/config.ts socialConfigs): the production path.
import type { AppleConfig, FacebookConfig } from '../core/config.js';
import type { Queryable } from '../db/index.js';
import {
  acceptIdTokenOnce,
  developmentSignedClaims,
  issuerFor,
  provenEmailOf,
  unverifiedIssuer,
  verifyIdToken,
  type StageIssuers,
} from './jwks.js';
import { askProvider, providerJson } from './provider-reach.js';

export const APPLE_ISSUER = 'https://appleid.apple.com';
export const DEV_APPLE_ISSUER = 'https://appleid.haven.localhost/dev-apple';
/** The Services ID the development issuer signs for (Apple: the web client id). */
export const DEV_APPLE_CLIENT_ID = 'care.haven.local.web';

/** The issuer Facebook's Limited Login tokens name; the test stage's stand-in signs its access tokens so. */
export const FACEBOOK_ISSUER = 'https://www.facebook.com';
export const DEV_FACEBOOK_ISSUER = 'https://facebook.haven.localhost/dev-facebook';
export const DEV_FACEBOOK_APP_ID = '100000000000001';

export interface ProvenIdentity {
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
}

// ---- Apple ----

/** Apple as this stage sees it: the development issuer in the development stage, Apple with our Services ID. */
const appleIssuers = (c: AppleConfig): StageIssuers => ({
  development: c.development ? { issuer: DEV_APPLE_ISSUER, audience: DEV_APPLE_CLIENT_ID } : null,
  real: c.clientId ? { issuer: APPLE_ISSUER, audience: c.clientId, jwksUrl: c.jwksUrl, name: 'Apple' } : null,
});

/**
 * The person an Apple ID token proves (Apple gives the name only to the client, the first time). The
 * token must carry `nonce` (the one the client passed to Apple for this sign-in) and is taken once.
 */
export async function verifyAppleToken(
  c: AppleConfig,
  q: Queryable,
  idToken: string,
  nonce: string | undefined,
  names: { firstName?: string; lastName?: string },
  now = Date.now(),
): Promise<ProvenIdentity | null> {
  const iss = await issuerFor(idToken, appleIssuers(c));
  const claims = iss ? await verifyIdToken(idToken, iss, now) : null;
  const email = claims ? provenEmailOf(claims) : null;
  if (!claims?.sub || !email || !(await acceptIdTokenOnce(q, idToken, claims, nonce, now))) return null;
  return { subject: claims.sub, email, firstName: names.firstName ?? '', lastName: names.lastName ?? '' };
}

// ---- Facebook ----

/** What Graph's debug_token answers (data), plus the person /me names. */
export interface FacebookTokenInfo {
  app_id: string;
  is_valid: boolean;
  /** Seconds since the epoch; 0 means the token does not expire (Facebook's convention). */
  expires_at: number;
  user_id: string;
  email: string | null;
  first_name: string;
  last_name: string;
}

/** The checks on an inspected token: valid, issued to our app, not expired, naming an e-mail. */
export function acceptFacebookToken(info: FacebookTokenInfo | null, appId: string, nowS: number): ProvenIdentity | null {
  if (!info?.is_valid || info.app_id !== appId || !info.user_id) return null;
  if (info.expires_at !== 0 && info.expires_at <= nowS) return null;
  const email = info.email?.trim().toLowerCase();
  if (!email?.includes('@')) return null;
  return { subject: info.user_id, email, firstName: info.first_name, lastName: info.last_name };
}

/**
 * Inspects a token the development key signed for `issuer` (the development issuer's, or the test
 * stage's stand-in for Facebook's), as debug_token and /me would; null for a bad signature or another issuer.
 */
export async function inspectSignedToken(token: string, issuer: string): Promise<FacebookTokenInfo | null> {
  const claims = await developmentSignedClaims(token);
  if (!claims) return null;
  if (claims.iss !== issuer || typeof claims.sub !== 'string') return null;
  return {
    app_id: typeof claims.aud === 'string' ? claims.aud : '',
    is_valid: true,
    expires_at: Number(claims.exp ?? 0),
    user_id: claims.sub,
    email: typeof claims.email === 'string' ? claims.email : null,
    first_name: String(claims.given_name ?? ''),
    last_name: String(claims.family_name ?? ''),
  };
}

/**
 * Graph's inspection (the app access token is `app id|app secret`, as Facebook documents it); Graph out
 * of reach or answering something unreadable throws ProviderUnreachable, Graph refusing the token answers null.
 */
async function inspectWithGraph(c: FacebookConfig, token: string): Promise<FacebookTokenInfo | null> {
  const appToken = `${c.appId}|${c.appSecret}`;
  const graph = (path: string, query: Record<string, string>) =>
    askProvider('Facebook', `${c.graphUrl}/${path}?${new URLSearchParams(query)}`);
  const debug = await graph('debug_token', { input_token: token, access_token: appToken });
  if (!debug.ok) return null;
  const d = (
    (await providerJson('Facebook', debug)) as { data?: { app_id?: string; is_valid?: boolean; expires_at?: number; user_id?: string } }
  ).data;
  if (!d?.is_valid || !d.user_id) return null;
  const me = await graph('me', { fields: 'id,email,first_name,last_name', access_token: token });
  if (!me.ok) return null;
  const m = (await providerJson('Facebook', me)) as { id?: string; email?: string; first_name?: string; last_name?: string };
  if (m.id !== d.user_id) return null;
  return {
    app_id: String(d.app_id ?? ''),
    is_valid: true,
    expires_at: Number(d.expires_at ?? 0),
    user_id: d.user_id,
    email: m.email ?? null,
    first_name: m.first_name ?? '',
    last_name: m.last_name ?? '',
  };
}

/**
 * The person a Facebook access token names: the development issuer's tokens in the development stage
 * (inspected in-process), anything else through Graph with our app id and secret (none: refused).
 */
export async function verifyFacebookToken(c: FacebookConfig, accessToken: string, now = Date.now()): Promise<ProvenIdentity | null> {
  const nowS = Math.floor(now / 1000);
  if (c.development && unverifiedIssuer(accessToken) === DEV_FACEBOOK_ISSUER)
    return acceptFacebookToken(await inspectSignedToken(accessToken, DEV_FACEBOOK_ISSUER), DEV_FACEBOOK_APP_ID, nowS);
  if (!c.appId || !c.appSecret) return null;
  return acceptFacebookToken(await inspectWithGraph(c, accessToken), c.appId, nowS);
}
