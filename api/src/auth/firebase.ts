// Local stand-ins for Firebase Auth: the api mints the user's fb_token (a custom token), answers the
// Auth emulator REST calls the JS SDK makes, and signs ID tokens the realtime server verifies.
// All HS256 with a secret shared between the api and the realtime server (local runs only).
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';

const CUSTOM_TOKEN_AUD = 'https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit';
const key = (secret: string) => new TextEncoder().encode(secret);

export interface FirebaseIdentity { uid: string; claims: Record<string, unknown> }

export async function mintCustomToken(secret: string, projectId: string, ident: FirebaseIdentity): Promise<string> {
  const sa = `haven-api@${projectId}.iam.gserviceaccount.com`;
  return new SignJWT({ uid: ident.uid, claims: ident.claims, iat_ms: Date.now() })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(sa).setSubject(sa).setAudience(CUSTOM_TOKEN_AUD)
    .setIssuedAt().setExpirationTime(`${idTokenLifetimeS(ident.claims)}s`)
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
export const idTokenLifetimeS = (claims: Record<string, unknown>) => (typeof claims.haven_room === 'string' ? ROOM_ID_TOKEN_LIFETIME_S : ID_TOKEN_LIFETIME_S);

export async function mintIdToken(secret: string, projectId: string, ident: FirebaseIdentity, authTime?: number) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    ...ident.claims,
    user_id: ident.uid,
    auth_time: authTime ?? now,
    firebase: { identities: {}, sign_in_provider: 'custom' },
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(`https://securetoken.google.com/${projectId}`).setAudience(projectId).setSubject(ident.uid)
    .setIssuedAt(now).setExpirationTime(now + idTokenLifetimeS(ident.claims))
    .sign(key(secret));
}

export async function verifyIdToken(secret: string, projectId: string, token: string): Promise<JWTPayload & { user_id: string }> {
  const { payload } = await jwtVerify(token, key(secret), { audience: projectId, algorithms: ['HS256'] });
  if (typeof payload.sub !== 'string') throw new Error('no sub');
  return { ...payload, user_id: payload.sub };
}

// Refresh tokens carry their issue time in milliseconds, so a revocation (logout everywhere, a new
// password) refuses every token minted before it, even within the same second.
export async function mintRefreshToken(secret: string, ident: FirebaseIdentity) {
  return new SignJWT({ typ: 'refresh', uid: ident.uid, claims: ident.claims, iat_ms: Date.now() })
    .setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime('30d').sign(key(secret));
}
export async function verifyRefreshToken(secret: string, token: string): Promise<FirebaseIdentity & { issuedAtMs: number }> {
  const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'] });
  if (payload.typ !== 'refresh' || typeof payload.uid !== 'string' || typeof payload.iat_ms !== 'number') throw new Error('not a refresh token');
  return { uid: payload.uid, claims: (payload.claims ?? {}) as Record<string, unknown>, issuedAtMs: payload.iat_ms };
}

/** Generic api-signed JWT helpers (secondary-profile tokens, app tokens, dev partner tokens). */
export async function signJwt(secret: string, payload: Record<string, unknown>, expiresIn = '1h') {
  return new SignJWT(payload).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime(expiresIn).sign(key(secret));
}
export async function verifyJwt(secret: string, token: string, issuer?: string): Promise<JWTPayload> {
  const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'], ...(issuer ? { issuer } : {}) });
  return payload;
}
