// api-signed proofs: a short-lived HS256 statement "the holder proved `subject` for `purpose`". A foundation
// beside the http layer: identity (sign-up, partner, account link, Google nonce) and growth (newsletter links)
// both sign and check them, and neither should import the other for it.
import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';

/** The issuer of every api-signed proof; the audience is the proof's purpose (ProofPurpose). */
const PROOF_ISSUER = 'haven-api/proof';

const key = (secret: string) => new TextEncoder().encode(secret);

export type ProofPurpose = 'sign-up' | 'partner' | 'account-link' | 'google-nonce' | 'newsletter-confirm' | 'newsletter-unsubscribe';

/** A short-lived signed statement "the holder proved `subject` for `purpose`" (plus what `claims` add), with a jti. */
export async function signProof(
  secret: string,
  purpose: ProofPurpose,
  subject: string,
  ttlS: number,
  claims: Record<string, unknown> = {},
): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(PROOF_ISSUER)
    .setAudience(purpose)
    .setSubject(subject)
    .setJti(randomBytes(12).toString('base64url'))
    .setIssuedAt()
    .setExpirationTime(`${ttlS}s`)
    .sign(key(secret));
}
/** The claims of a proof for `purpose`, or null for a token that is forged, expired, or made for another purpose. */
export async function verifyProofClaims(
  secret: string,
  purpose: ProofPurpose,
  token: string | undefined,
): Promise<(JWTPayload & { sub: string }) | null> {
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
