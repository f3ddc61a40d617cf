// Every token the api signs, signed and verified here and nowhere else; each issuer, audience and
// purpose is named once below. Third parties' ID tokens (checked against their published key sets) and
// the development issuers that stand in for them live in jwks.ts.
import { createECDH, createHmac, createPrivateKey, type KeyObject } from 'node:crypto';
import { calculateJwkThumbprint, importPKCS8, SignJWT, jwtVerify, type JWTPayload } from 'jose';
import { CHAT_KEY_PROOF_AUDIENCE, CHAT_KEY_PROOF_ISSUER, type ChatKeyRole, type ChatPublicKey } from '@haven/rules';
import { PROOF_TTL_S } from '../config/limits.js';
import { claimOnce } from './proofs.js';
import { signProof } from '../core/signed-proofs.js';
import { randomToken } from './passwords.js';
import type { ServiceAccount } from './firebase-service-account.js';
import type { Queryable } from '../db/index.js';

// ---- who signs what ----

/** A parent account acting as one of its secondary profiles (secondary-profile-access-token header). */
export const SECONDARY_PROFILE_ISSUER = 'haven-api/secondary-profile';
/** What the native apps pass as app_token (POST /customers/decode_token). */
export const APP_TOKEN_ISSUER = 'haven-api/app-token';
/** A provider's link into a session room. */
export const ROOM_LINK_ISSUER = 'haven-api/room-link';
/** Firebase Auth custom tokens (the realtime database's sign-in), local or a real project's. */
const CUSTOM_TOKEN_AUD = 'https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit';
/** The audience partner JWTs must name (their issuer is the organisation's uuid). */
export const PARTNER_JWT_AUDIENCE = 'haven-api/partner-sign-in';
/** The purpose claim of a partner JWT minted for the hand-off to a company subdomain. */
export const HANDOFF_PURPOSE = 'subdomain_handoff';
/** A partner's kli link: signs in the one employee whose CRN it names (POST /customers/kli/auto_login). */
export const KLI_PURPOSE = 'kli_auto_login';

const key = (secret: string) => new TextEncoder().encode(secret);

/** An api-signed HS256 token (room links, app tokens). */
async function signJwt(secret: string, payload: Record<string, unknown>, expiresIn = '1h') {
  return new SignJWT(payload).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime(expiresIn).sign(key(secret));
}
async function verifyJwt(secret: string, token: string, issuer: string): Promise<JWTPayload> {
  const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'], issuer });
  return payload;
}

// ---- secondary profiles and app tokens ----

/** Which device session a profile token was issued to, and that session's profile generation then. */
export interface ProfileTokenSession {
  /** The auth_tokens row (one signed-in device). */
  id: number;
  /** Raised when the session ends its profile session: older tokens of that session stop working. */
  generation: number;
}
/**
 * A token to act as a secondary profile, valid only beside the device session it was issued to: it
 * dies with that session (logout, logout everywhere, a new password) and when the session ends acting.
 */
export async function secondaryProfileToken(
  secret: string,
  profile: { uuid: string; parent_user_id: number | null },
  session: ProfileTokenSession,
) {
  return new SignJWT({ parent: profile.parent_user_id, sid: session.id, gen: session.generation })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(SECONDARY_PROFILE_ISSUER)
    .setSubject(profile.uuid)
    .setIssuedAt()
    .setExpirationTime('30d')
    .sign(key(secret));
}
/** The profile uuid a secondary-profile token names and the session it was issued to, or null (forged, expired, another kind of token). */
export async function verifySecondaryProfileToken(
  secret: string,
  token: string,
): Promise<{ profile: string; session: ProfileTokenSession } | null> {
  const p = await verifyJwt(secret, token, SECONDARY_PROFILE_ISSUER).catch(() => null);
  if (!p?.sub || !Number.isSafeInteger(p.sid) || !Number.isSafeInteger(p.gen)) return null;
  return { profile: p.sub, session: { id: p.sid as number, generation: p.gen as number } };
}

/** An app token for the account `subject` (the development route mints these as the apps would). */
export async function appToken(secret: string, subject: string, claims: { secondary_profile_uuid?: string }) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(APP_TOKEN_ISSUER)
    .setSubject(subject)
    .setIssuedAt()
    .setExpirationTime('15m')
    .sign(key(secret));
}
/** Throws for a token that is forged, expired or not an app token. */
export const verifyAppToken = (secret: string, token: string) => verifyJwt(secret, token, APP_TOKEN_ISSUER);

// ---- session-room links ----

export const roomLinkToken = (secret: string, claims: { sub: string; booking: string; lid: string }, ttlS: number) =>
  signJwt(secret, { iss: ROOM_LINK_ISSUER, ...claims }, `${ttlS}s`);
/** The claims of a room link, or null (forged, expired, another kind of token). */
export const verifyRoomLinkToken = (secret: string, token: string) => verifyJwt(secret, token, ROOM_LINK_ISSUER).catch(() => null);

// ---- session-room chat keys ----
// The api vouches for each person's chat public key in a room (docs/session-room.md, Chat encryption):
// an ES256 proof naming the room, the side and the key's thumbprint. Asymmetric, so the browsers can
// check it with the public half and no one but the api can make one; the key pair is derived from the
// api's secret, so every api process signs with the same key and nothing else needs configuring.

export interface ChatKeySigner {
  privateKey: KeyObject;
  /** What the room's pages verify proofs with (the api hands it out with each proof). */
  publicJwk: { kty: 'EC'; crv: 'P-256'; x: string; y: string; alg: 'ES256'; use: 'sig'; kid: string };
}
const chatKeySigners = new Map<string, Promise<ChatKeySigner>>();

async function deriveChatKeySigner(secret: string): Promise<ChatKeySigner> {
  // A P-256 private key is any number from 1 to the group order less one: an HMAC of the secret almost
  // always is one (the odds against are about 2^-32); the counter moves on when it is not.
  for (let i = 0; ; i++) {
    const d = createHmac('sha256', secret).update(`${CHAT_KEY_PROOF_ISSUER} signing key ${i}`).digest();
    const ecdh = createECDH('prime256v1');
    try {
      ecdh.setPrivateKey(d);
    } catch {
      continue;
    }
    const point = ecdh.getPublicKey(); // 0x04 | x | y
    const pub = {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    } as const;
    const privateKey = createPrivateKey({ key: { ...pub, d: d.toString('base64url') }, format: 'jwk' });
    return { privateKey, publicJwk: { ...pub, alg: 'ES256', use: 'sig', kid: await calculateJwkThumbprint(pub, 'sha256') } };
  }
}
export function chatKeySigner(secret: string): Promise<ChatKeySigner> {
  let signer = chatKeySigners.get(secret);
  if (!signer) chatKeySigners.set(secret, (signer = deriveChatKeySigner(secret)));
  return signer;
}

/** The proof that `key` is `role`'s chat key in room `room` (named by its RFC 7638 thumbprint), valid until `expiresAtS`. */
export async function chatKeyProof(secret: string, of: { room: string; role: ChatKeyRole; key: ChatPublicKey }, expiresAtS: number) {
  const { privateKey, publicJwk } = await chatKeySigner(secret);
  const jkt = await calculateJwkThumbprint(of.key, 'sha256');
  return new SignJWT({ room: of.room, role: of.role, jkt })
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: publicJwk.kid })
    .setIssuer(CHAT_KEY_PROOF_ISSUER)
    .setAudience(CHAT_KEY_PROOF_AUDIENCE)
    .setSubject(`${of.room}/${of.role}`)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAtS))
    .sign(privateKey);
}

// ---- the realtime database's tokens ----
// Local stand-ins for Firebase Auth: the api mints the user's fb_token (a custom token), answers the
// Auth emulator REST calls the JS SDK makes, and signs ID tokens the realtime server verifies.
// All HS256 with a secret shared between the api and the realtime server (local runs only); with a
// service account, the fb_token is a real project's custom token instead (customTokenFor).

export interface FirebaseIdentity {
  uid: string;
  claims: Record<string, unknown>;
}

export async function mintCustomToken(secret: string, projectId: string, ident: FirebaseIdentity): Promise<string> {
  const sa = `haven-api@${projectId}.iam.gserviceaccount.com`;
  return new SignJWT({ uid: ident.uid, claims: ident.claims, iat_ms: Date.now() })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(sa)
    .setSubject(sa)
    .setAudience(CUSTOM_TOKEN_AUD)
    .setIssuedAt()
    .setExpirationTime(`${idTokenLifetimeS(ident.claims)}s`)
    .sign(key(secret));
}

export async function verifyCustomToken(secret: string, token: string): Promise<FirebaseIdentity & { issuedAtMs: number }> {
  const { payload } = await jwtVerify(token, key(secret), { audience: CUSTOM_TOKEN_AUD, algorithms: ['HS256'] });
  if (typeof payload.uid !== 'string' || !payload.uid) throw new Error('custom token has no uid');
  const claims = (payload.claims && typeof payload.claims === 'object' ? payload.claims : {}) as Record<string, unknown>;
  return { uid: payload.uid, claims, issuedAtMs: typeof payload.iat_ms === 'number' ? payload.iat_ms : (payload.iat ?? 0) * 1000 };
}

export const ID_TOKEN_LIFETIME_S = 3600;
/**
 * A session-room identity lives 10 minutes a token: the SDK refreshes it against the api, which refuses
 * once the booking is cancelled or over (and the realtime server cuts live connections sooner).
 */
export const ROOM_ID_TOKEN_LIFETIME_S = 600;
export const idTokenLifetimeS = (claims: Record<string, unknown>) =>
  typeof claims.haven_room === 'string' ? ROOM_ID_TOKEN_LIFETIME_S : ID_TOKEN_LIFETIME_S;

export async function mintFirebaseIdToken(secret: string, projectId: string, ident: FirebaseIdentity) {
  const nowMs = Date.now();
  const now = Math.floor(nowMs / 1000);
  return new SignJWT({
    ...ident.claims,
    user_id: ident.uid,
    auth_time: now,
    // JWT times are whole seconds: a log-out everywhere is compared in milliseconds (access.ts), and a token
    // minted later within the same second would otherwise count as issued before it, and be refused.
    auth_time_ms: nowMs,
    firebase: { identities: {}, sign_in_provider: 'custom' },
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(`https://securetoken.google.com/${projectId}`)
    .setAudience(projectId)
    .setSubject(ident.uid)
    .setIssuedAt(now)
    .setExpirationTime(now + idTokenLifetimeS(ident.claims))
    .sign(key(secret));
}

export async function verifyFirebaseIdToken(secret: string, projectId: string, token: string): Promise<JWTPayload & { user_id: string }> {
  const { payload } = await jwtVerify(token, key(secret), { audience: projectId, algorithms: ['HS256'] });
  if (typeof payload.sub !== 'string') throw new Error('no sub');
  return { ...payload, user_id: payload.sub };
}

// Refresh tokens carry their issue time in milliseconds, so a revocation (logout everywhere, a new
// password) refuses every token minted before it, even within the same second.
export async function mintRefreshToken(secret: string, ident: FirebaseIdentity) {
  return new SignJWT({ typ: 'refresh', uid: ident.uid, claims: ident.claims, iat_ms: Date.now() })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime('30d')
    .sign(key(secret));
}
export async function verifyRefreshToken(secret: string, token: string): Promise<FirebaseIdentity & { issuedAtMs: number }> {
  const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'] });
  if (payload.typ !== 'refresh' || typeof payload.uid !== 'string' || typeof payload.iat_ms !== 'number')
    throw new Error('not a refresh token');
  return { uid: payload.uid, claims: (payload.claims ?? {}) as Record<string, unknown>, issuedAtMs: payload.iat_ms };
}

/** A Firebase Auth custom token for `ident`, signed by the service account (valid one hour). */
export async function mintServiceAccountCustomToken(sa: ServiceAccount, ident: FirebaseIdentity): Promise<string> {
  const privateKey = await importPKCS8(sa.privateKey, 'RS256');
  return new SignJWT({ uid: ident.uid, claims: ident.claims })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(sa.clientEmail)
    .setSubject(sa.clientEmail)
    .setAudience(CUSTOM_TOKEN_AUD)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(privateKey);
}

/** The fb_token of an identity, for the configured Firebase: the real project's, or the local emulator's. */
export function customTokenFor(
  ctx: { firebaseSecret: string; firebaseProjectId: string; firebaseServiceAccount?: ServiceAccount },
  ident: FirebaseIdentity,
): Promise<string> {
  return ctx.firebaseServiceAccount
    ? mintServiceAccountCustomToken(ctx.firebaseServiceAccount, ident)
    : mintCustomToken(ctx.firebaseSecret, ctx.firebaseProjectId, ident);
}

/** The user's fb_token: their sign-in to the realtime database (answered with the user, not part of it). */
export const realtimeToken = (ctx: Parameters<typeof customTokenFor>[0], u: { id: number; uuid: string; firebaseid: string }) =>
  customTokenFor(ctx, { uid: u.firebaseid, claims: { haven_user_id: String(u.id), haven_uuid: u.uuid } });

// ---- api-signed proofs ----

// The signing itself is a foundation (core/signed-proofs.ts): growth's newsletter links use it too.
export { signProof, verifyProof, verifyProofClaims, type ProofPurpose } from '../core/signed-proofs.js';

export const signUpVerificationToken = (secret: string, destination: string) =>
  signProof(secret, 'sign-up', destination, PROOF_TTL_S.signUpVerification);
export const partnerProof = (secret: string, organisationUuid: string) =>
  signProof(secret, 'partner', organisationUuid, PROOF_TTL_S.partnerProof);

// ---- partner-signed JWTs (b2b link, partner sessions) ----

/**
 * The claims of a partner JWT signed with the organisation's secret: it must carry exp (at most
 * 5 minutes after iat), iat, aud PARTNER_JWT_AUDIENCE, iss the organisation's uuid and a jti that was
 * never used before (recorded here, so a token works once), and satisfy `accept` (what the route takes
 * it for: its purpose, the person it names). null for anything else; a token `accept` refuses is not
 * used up.
 */
export async function acceptPartnerJwt(
  q: Queryable,
  org: { uuid: string; partner_secret: string },
  jwt: string,
  accept: (claims: JWTPayload) => boolean | Promise<boolean>,
  nowMs = Date.now(),
): Promise<Record<string, unknown> | null> {
  let payload;
  try {
    ({ payload } = await jwtVerify(jwt, key(org.partner_secret), {
      algorithms: ['HS256'],
      audience: PARTNER_JWT_AUDIENCE,
      issuer: org.uuid,
      requiredClaims: ['exp', 'iat', 'jti'],
      currentDate: new Date(nowMs),
    }));
  } catch {
    return null;
  }
  if (
    typeof payload.jti !== 'string' ||
    !payload.jti ||
    payload.exp! - payload.iat! > PROOF_TTL_S.partnerJwtMax ||
    payload.iat! * 1000 > nowMs + 60_000
  )
    return null;
  if (!(await accept(payload))) return null;
  return (await claimOnce(q, `${org.uuid}:${payload.jti}`, payload.exp! * 1000, nowMs)) ? payload : null;
}

/** What a partner signs (the dev route mints these as a partner would). */
export async function signPartnerJwt(
  org: { uuid: string; partner_secret: string },
  claims: Record<string, unknown>,
  ttlS = PROOF_TTL_S.partnerJwtMax,
): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(org.uuid)
    .setAudience(PARTNER_JWT_AUDIENCE)
    .setJti(randomToken(12))
    .setIssuedAt()
    .setExpirationTime(`${ttlS}s`)
    .sign(key(org.partner_secret));
}
