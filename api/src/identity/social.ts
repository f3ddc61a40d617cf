// Apple and Facebook sign-in proofs. Apple's is an OpenID ID token (Sign in with Apple JS answers
// one); Facebook's JS SDK answers an access token, which Facebook's Graph API inspects (debug_token:
// which app it was issued to, valid or not, when it expires) before /me names the person. In
// development and tests the api's own development issuers stand in for both, and the same checks run.
import type { Queryable } from '../db/index.js';
import {
  acceptIdTokenOnce,
  developmentKeys,
  developmentSignedClaims,
  provenEmailOf,
  remoteKeys,
  verifyIdToken,
  type IdTokenIssuer,
} from './jwks.js';

export const APPLE_ISSUER = 'https://appleid.apple.com';
export const APPLE_JWKS_URI = 'https://appleid.apple.com/auth/keys';
export const DEV_APPLE_ISSUER = 'https://appleid.haven.localhost/dev-apple';
/** The Services ID the development issuer signs for (Apple: the web client id). */
export const DEV_APPLE_CLIENT_ID = 'care.haven.local.web';

export const FACEBOOK_GRAPH_URL = 'https://graph.facebook.com/v19.0';
export const DEV_FACEBOOK_ISSUER = 'https://facebook.haven.localhost/dev-facebook';
export const DEV_FACEBOOK_APP_ID = '100000000000001';

export interface SocialConfig {
  isProduction: boolean;
  appleClientId: string | null;
  facebookAppId: string | null;
  facebookAppSecret: string | null;
}

/** Production reads the client ids from the environment; elsewhere the development issuers' ids. */
export function socialConfig(isProduction: boolean, env: NodeJS.ProcessEnv = process.env): SocialConfig {
  if (!isProduction)
    return { isProduction, appleClientId: DEV_APPLE_CLIENT_ID, facebookAppId: DEV_FACEBOOK_APP_ID, facebookAppSecret: null };
  return {
    isProduction,
    appleClientId: env.HAVEN_APPLE_CLIENT_ID || null,
    facebookAppId: env.HAVEN_FACEBOOK_APP_ID || null,
    facebookAppSecret: env.HAVEN_FACEBOOK_APP_SECRET || null,
  };
}

export interface ProvenIdentity {
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
}

// ---- Apple ----

export async function appleIssuer(c: SocialConfig): Promise<IdTokenIssuer | null> {
  if (!c.appleClientId) return null;
  return c.isProduction
    ? { issuer: APPLE_ISSUER, audience: c.appleClientId, keys: remoteKeys(APPLE_JWKS_URI) }
    : { issuer: DEV_APPLE_ISSUER, audience: c.appleClientId, keys: await developmentKeys() };
}

/**
 * The person an Apple ID token proves (Apple gives the name only to the client, the first time). The
 * token must carry `nonce` (the one the client passed to Apple for this sign-in) and is taken once.
 */
export async function verifyAppleToken(
  c: SocialConfig,
  q: Queryable,
  idToken: string,
  nonce: string | undefined,
  names: { firstName?: string; lastName?: string },
  now = Date.now(),
): Promise<ProvenIdentity | null> {
  const iss = await appleIssuer(c);
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

/** Development inspection: the development issuer's tokens are signed JWTs; a bad signature is "not valid". */
async function inspectDevelopmentToken(token: string): Promise<FacebookTokenInfo | null> {
  const claims = await developmentSignedClaims(token);
  if (!claims) return null;
  if (claims.iss !== DEV_FACEBOOK_ISSUER || typeof claims.sub !== 'string') return null;
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

async function inspectWithGraph(c: SocialConfig, token: string, fetchImpl: typeof fetch = fetch): Promise<FacebookTokenInfo | null> {
  const appToken = `${c.facebookAppId}|${c.facebookAppSecret}`;
  const debug = await fetchImpl(`${FACEBOOK_GRAPH_URL}/debug_token?${new URLSearchParams({ input_token: token, access_token: appToken })}`);
  if (!debug.ok) return null;
  const d = ((await debug.json()) as { data?: { app_id?: string; is_valid?: boolean; expires_at?: number; user_id?: string } }).data;
  if (!d?.is_valid || !d.user_id) return null;
  const me = await fetchImpl(
    `${FACEBOOK_GRAPH_URL}/me?${new URLSearchParams({ fields: 'id,email,first_name,last_name', access_token: token })}`,
  );
  if (!me.ok) return null;
  const m = (await me.json()) as { id?: string; email?: string; first_name?: string; last_name?: string };
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

export async function verifyFacebookToken(c: SocialConfig, accessToken: string, now = Date.now()): Promise<ProvenIdentity | null> {
  if (!c.facebookAppId || (c.isProduction && !c.facebookAppSecret)) return null;
  const info = c.isProduction ? await inspectWithGraph(c, accessToken) : await inspectDevelopmentToken(accessToken);
  return acceptFacebookToken(info, c.facebookAppId, Math.floor(now / 1000));
}
