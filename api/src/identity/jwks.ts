// Identity tokens from third parties (Apple, Facebook, employer OpenID providers), verified the one
// way a real token is: signature against the issuer's key set, issuer, audience (our client id) and
// expiry. In production the key sets are the providers' published JWKS. In the development stage the
// api's own development issuers sign with a key pair made at start-up and the very same check runs
// against that key set; in the test stage the api's stand-ins sign with that key as the providers sign
// (their issuers), and the api reads the stand-ins' key sets over HTTP as it reads the providers'.
import { Type } from '@sinclair/typebox';
import type { Queryable } from '../db/index.js';
import { claimOnce } from './proofs.js';
import { sha256 } from './passwords.js';
import { askProvider, providerJson, ProviderUnreachable } from './provider-reach.js';
import {
  compactVerify,
  createLocalJWKSet,
  createRemoteJWKSet,
  customFetch,
  decodeJwt,
  exportJWK,
  generateKeyPair,
  jwtVerify,
  SignJWT,
  type CryptoKey,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';

export interface IdTokenIssuer {
  /** One issuer, or the forms one issuer writes (Google: with and without https://). */
  issuer: string | string[];
  audience: string;
  keys: JWTVerifyGetKey;
}

/** A provider as one stage sees it: its development issuer where the stage trusts it, and the real one. */
export interface StageIssuers {
  /** The development issuer and the client id it signs for: set in the development stage only. */
  development: { issuer: string; audience: string } | null;
  /**
   * The provider's own issuer (or the forms it writes), our client id there and its key set, and the
   * provider's name as a person reads it; null: none configured.
   */
  real: { issuer: string | string[]; audience: string; jwksUrl: string; name: string } | null;
}

/**
 * The issuer whose checks a token meets: the development issuer when the stage trusts it and the token
 * names it, otherwise the provider's own (whose key set, issuer and audience then decide).
 */
export async function issuerFor(token: string, s: StageIssuers): Promise<IdTokenIssuer | null> {
  if (s.development && unverifiedIssuer(token) === s.development.issuer) return { ...s.development, keys: await developmentKeys() };
  return s.real && { issuer: s.real.issuer, audience: s.real.audience, keys: remoteKeys(s.real.jwksUrl, s.real.name) };
}

/** The `iss` a token claims (unchecked: it only picks which key set checks the signature). */
export function unverifiedIssuer(token: string): string | null {
  try {
    return decodeJwt(token).iss ?? null;
  } catch {
    return null;
  }
}

/** Clock leeway for exp/iat/nbf between us and the issuer. */
export const ID_TOKEN_CLOCK_TOLERANCE_S = 60;
const ALGORITHMS = ['RS256', 'ES256'];

/**
 * The claims of a token that passed every check, or null (forged, expired, another audience or issuer);
 * throws ProviderUnreachable when the issuer's key set cannot be read.
 */
export async function verifyIdToken(token: string, iss: IdTokenIssuer, now = Date.now()): Promise<JWTPayload | null> {
  try {
    const { payload } = await jwtVerify(token, iss.keys, {
      issuer: iss.issuer,
      audience: iss.audience,
      algorithms: ALGORITHMS,
      requiredClaims: ['sub', 'exp', 'iat'],
      clockTolerance: ID_TOKEN_CLOCK_TOLERANCE_S,
      currentDate: new Date(now),
    });
    return payload;
  } catch (e) {
    if (e instanceof ProviderUnreachable) throw e;
    return null;
  }
}

/**
 * An identity token is taken once, for the sign-in that asked for it: it must carry the nonce the client
 * made for this sign-in (`expectedNonce`, required), and neither the token (its jti, or its hash when it
 * has none) nor the nonce may have been used before. Recorded in the database until the token expires,
 * so a replay is refused by any api process. False for anything else.
 */
export async function acceptIdTokenOnce(
  q: Queryable,
  token: string,
  claims: JWTPayload,
  expectedNonce: string | undefined,
  now = Date.now(),
): Promise<boolean> {
  if (!expectedNonce || typeof claims.nonce !== 'string' || claims.nonce !== expectedNonce) return false;
  const until = ((claims.exp ?? 0) + ID_TOKEN_CLOCK_TOLERANCE_S) * 1000;
  const id = typeof claims.jti === 'string' && claims.jti ? `jti:${claims.jti}` : `hash:${sha256(token)}`;
  // The token first: two concurrent presentations of one token pick one winner there.
  return (
    (await claimOnce(q, `id-token:${claims.iss} ${id}`, until, now)) && claimOnce(q, `id-nonce:${claims.iss} ${claims.nonce}`, until, now)
  );
}

/** Apple and some providers send email_verified as the string "true". */
export function provenEmailOf(claims: JWTPayload): string | null {
  const verified = claims.email_verified === true || claims.email_verified === 'true';
  return verified && typeof claims.email === 'string' && claims.email.includes('@') ? claims.email.trim().toLowerCase() : null;
}

const remoteSets = new Map<string, JWTVerifyGetKey>();
/**
 * The key set's answer for jose, when it is one: a 200 that is no key set (a proxy's page, JSON without
 * `keys`) is the provider out of reach, not a token the keys refuse.
 */
async function readableKeySet(provider: string, url: string, init: RequestInit): Promise<Response> {
  const res = await askProvider(provider, url, init);
  if (res.status !== 200) return res; // a 4xx: jose refuses it as the provider's answer
  const body = await providerJson(provider, res);
  if (!Array.isArray(body.keys))
    throw new ProviderUnreachable(provider, new Error(`${new URL(url).origin} answered a key set without keys`));
  return Response.json(body);
}

/**
 * A provider's published key set (fetched, cached and refreshed by jose); reading it throws
 * ProviderUnreachable when `provider` cannot be reached (askProvider).
 */
export function remoteKeys(jwksUri: string, provider: string): JWTVerifyGetKey {
  const key = `${provider} ${jwksUri}`;
  let set = remoteSets.get(key);
  if (!set) {
    set = createRemoteJWKSet(new URL(jwksUri), { [customFetch]: (url: string, init: RequestInit) => readableKeySet(provider, url, init) });
    remoteSets.set(key, set);
  }
  return set;
}

// ---- the development issuers' signing key (one per process; never used in production) ----

/** A public JSON Web Key Set (RFC 7517): only public members are answered. */
export const Jwks = Type.Object({
  keys: Type.Array(
    Type.Object({
      kty: Type.String(),
      kid: Type.String(),
      alg: Type.String(),
      use: Type.String(),
      n: Type.String(),
      e: Type.String(),
    }),
  ),
});
/** A published key set of RSA signing keys: public members only. */
export interface PublicJwks {
  keys: { kty: string; kid: string; alg: string; use: string; n: string; e: string }[];
}
interface DevKey {
  privateKey: CryptoKey;
  jwks: PublicJwks;
  keys: JWTVerifyGetKey;
  kid: string;
}
let devKey: Promise<DevKey> | null = null;

export function developmentKey(): Promise<DevKey> {
  devKey ??= (async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    const kid = `dev-${Date.now().toString(36)}`;
    const { n, e } = await exportJWK(publicKey);
    const jwks: PublicJwks = { keys: [{ kty: 'RSA', kid, alg: 'RS256', use: 'sig', n: n!, e: e! }] };
    return { privateKey, jwks, keys: createLocalJWKSet(jwks as JSONWebKeySet), kid };
  })();
  return devKey;
}

/** Signs an ID token as a development issuer would (RS256, kid of the development key). */
export async function signDevelopmentIdToken(
  claims: Record<string, unknown>,
  o: { issuer: string; audience: string; subject: string; ttlS: number; nowS?: number },
): Promise<string> {
  const key = await developmentKey();
  const iat = o.nowS ?? Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
    .setIssuer(o.issuer)
    .setAudience(o.audience)
    .setSubject(o.subject)
    .setIssuedAt(iat)
    .setExpirationTime(iat + o.ttlS)
    .sign(key.privateKey);
}

/** The development key set as a verifier (what the api checks development tokens against). */
export async function developmentKeys(): Promise<JWTVerifyGetKey> {
  return (await developmentKey()).keys;
}

/**
 * The claims of a token the development key signed, checking the signature only (a development
 * Facebook token is inspected as Facebook's debug_token would: the caller reads issuer, app and expiry).
 */
export async function developmentSignedClaims(token: string): Promise<JWTPayload | null> {
  try {
    const { payload } = await compactVerify(token, await developmentKeys());
    return JSON.parse(new TextDecoder().decode(payload)) as JWTPayload;
  } catch {
    return null;
  }
}
