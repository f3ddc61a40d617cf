// The one module for proofs: one-time codes, sign-up verification tokens, reset-password tokens,
// partner proofs (after the partner one-time code) and partner-signed JWTs. Each proof is bound to
// what it proves (a destination, an organisation, a user) and to one purpose.
import { randomInt } from 'node:crypto';
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';
import type { Queryable } from '../db/index.js';
import { PROOF_TTL_S } from '../config/limits.js';
import { randomToken, sha256 } from './passwords.js';

const key = (secret: string) => new TextEncoder().encode(secret);
const PROOF_ISSUER = 'haven-api/proof';

// ---- api-signed proofs ----

export type ProofPurpose = 'sign-up' | 'partner' | 'account-link';

/** A short-lived signed statement "the holder proved `subject` for `purpose`" (plus what `claims` add), with a jti. */
export async function signProof(secret: string, purpose: ProofPurpose, subject: string, ttlS: number, claims: Record<string, unknown> = {}): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuer(PROOF_ISSUER).setAudience(purpose).setSubject(subject)
    .setJti(randomToken(12)).setIssuedAt().setExpirationTime(`${ttlS}s`).sign(key(secret));
}
/** The claims of a proof for `purpose`, or null for a token that is forged, expired, or made for another purpose. */
export async function verifyProofClaims(secret: string, purpose: ProofPurpose, token: string | undefined): Promise<(JWTPayload & { sub: string }) | null> {
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'], issuer: PROOF_ISSUER, audience: purpose });
    return typeof payload.sub === 'string' ? (payload as JWTPayload & { sub: string }) : null;
  } catch {
    return null;
  }
}
/** The proven subject, or null for a token that is forged, expired, or made for another purpose. */
export async function verifyProof(secret: string, purpose: ProofPurpose, token: string | undefined): Promise<string | null> {
  return (await verifyProofClaims(secret, purpose, token))?.sub ?? null;
}

/**
 * Records `id` as used until `expiresAtMs`: true the first time, false ever after (in the database, so
 * two api processes agree; the primary key makes concurrent claims of one id pick exactly one winner).
 */
export async function claimOnce(q: Queryable, id: string, expiresAtMs: number, nowMs = Date.now()): Promise<boolean> {
  await q.query(`DELETE FROM used_token_ids WHERE expires_at_ms < $1`, [nowMs]);
  const fresh = await q.query(`INSERT INTO used_token_ids (jti, expires_at_ms) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING jti`, [id, expiresAtMs]);
  return fresh.length > 0;
}
export const signUpVerificationToken = (secret: string, destination: string) => signProof(secret, 'sign-up', destination, PROOF_TTL_S.signUpVerification);
export const partnerProof = (secret: string, organisationUuid: string) => signProof(secret, 'partner', organisationUuid, PROOF_TTL_S.partnerProof);

// ---- one-time codes ----

/**
 * What a one-time code was sent for. A code is accepted only by the flow that sent it: a PIN-reset code
 * does not sign in, a sign-in code does not close the account.
 */
export type CodePurpose = 'sign-in' | 'email-change' | 'phone-change' | 'pin-reset' | 'account-close' | 'account-link';
export const CODE_PURPOSES: readonly CodePurpose[] = ['sign-in', 'email-change', 'phone-change', 'pin-reset', 'account-close', 'account-link'];

/** A new 6-digit code for `destination` and `purpose`; older unused ones for the same purpose stop working. */
export async function issueCode(q: Queryable, purpose: CodePurpose, channel: string, destination: string): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  // Only the same purpose: asking for a sign-in code must not void a pending PIN-reset code.
  await q.query(`UPDATE otp_codes SET consumed_at = now() WHERE destination = $1 AND purpose = $2 AND consumed_at IS NULL`, [destination, purpose]);
  await q.query(`INSERT INTO otp_codes (purpose, channel, destination, code_hash, expires_at) VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
    [purpose, channel, destination, sha256(code), PROOF_TTL_S.oneTimeCode]);
  return code;
}
/** 'ok' consumes the code; 'wrong' for a wrong code, one sent for another purpose, or none outstanding. */
export async function consumeCode(q: Queryable, purpose: CodePurpose, destination: string, code: string): Promise<'ok' | 'wrong'> {
  const rows = await q.query<{ id: number }>(
    `UPDATE otp_codes SET consumed_at = now()
      WHERE id = (SELECT id FROM otp_codes WHERE destination = $1 AND purpose = $2 AND consumed_at IS NULL AND expires_at > now() ORDER BY id DESC LIMIT 1)
        AND code_hash = $3 RETURNING id`, [destination, purpose, sha256(code)]);
  return rows.length ? 'ok' : 'wrong';
}

// ---- reset-password tokens ----

/** A new reset token for the user; every older one is void. */
export async function issueResetToken(q: Queryable, userId: number): Promise<string> {
  const token = randomToken();
  await q.query(`UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [userId]);
  await q.query(`INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`,
    [sha256(token), userId, PROOF_TTL_S.resetPassword]);
  return token;
}
/** The user a valid reset token belongs to; using it voids it and every other token of that user. */
export async function consumeResetToken(q: Queryable, token: string): Promise<number | null> {
  const [row] = await q.query<{ user_id: number }>(
    `UPDATE password_resets SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id`, [sha256(token)]);
  if (!row) return null;
  await q.query(`UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [row.user_id]);
  return row.user_id;
}

// ---- partner-signed JWTs (b2b link, partner sessions) ----

/** The audience partner JWTs must name. */
export const PARTNER_JWT_AUDIENCE = 'haven-api/partner-sign-in';

/**
 * The claims of a partner JWT signed with the organisation's secret: it must carry exp (at most
 * 5 minutes after iat), iat, aud PARTNER_JWT_AUDIENCE, iss the organisation's uuid and a jti that was
 * never used before (recorded here, so a token works once), and satisfy `accept` (what the route takes
 * it for: its purpose, the person it names). null for anything else; a token `accept` refuses is not
 * used up.
 */
export async function acceptPartnerJwt(
  q: Queryable, org: { uuid: string; partner_secret: string }, jwt: string, accept: (claims: JWTPayload) => boolean | Promise<boolean>, nowMs = Date.now(),
): Promise<Record<string, unknown> | null> {
  let payload;
  try {
    ({ payload } = await jwtVerify(jwt, key(org.partner_secret), {
      algorithms: ['HS256'], audience: PARTNER_JWT_AUDIENCE, issuer: org.uuid, requiredClaims: ['exp', 'iat', 'jti'], currentDate: new Date(nowMs),
    }));
  } catch {
    return null;
  }
  if (typeof payload.jti !== 'string' || !payload.jti || payload.exp! - payload.iat! > PROOF_TTL_S.partnerJwtMax || payload.iat! * 1000 > nowMs + 60_000) return null;
  if (!(await accept(payload))) return null;
  return (await claimOnce(q, `${org.uuid}:${payload.jti}`, payload.exp! * 1000, nowMs)) ? payload : null;
}

/** What a partner signs (the dev route mints these as a partner would). */
export async function signPartnerJwt(org: { uuid: string; partner_secret: string }, claims: Record<string, unknown>, ttlS = PROOF_TTL_S.partnerJwtMax): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuer(org.uuid).setAudience(PARTNER_JWT_AUDIENCE)
    .setJti(randomToken(12)).setIssuedAt().setExpirationTime(`${ttlS}s`).sign(key(org.partner_secret));
}
