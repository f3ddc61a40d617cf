// The proofs held in the database: one-time codes, reset-password tokens, and the ids of single-use
// tokens already taken. Each proof is bound to what it proves (a destination, a user) and to one
// purpose. Signed proofs (sign-up verification, partner proof, account link) are in tokens.ts.
import { randomInt } from 'node:crypto';
import type { Queryable } from '../db/index.js';
import { PROOF_TTL_S } from '../config/limits.js';
import { randomToken, sha256 } from './passwords.js';

/**
 * Records `id` as used until `expiresAtMs`: true the first time, false ever after (in the database, so
 * two api processes agree; the primary key makes concurrent claims of one id pick exactly one winner).
 */
export async function claimOnce(q: Queryable, id: string, expiresAtMs: number, nowMs = Date.now()): Promise<boolean> {
  await q.query(`DELETE FROM used_token_ids WHERE expires_at_ms < $1`, [nowMs]);
  const fresh = await q.query(`INSERT INTO used_token_ids (jti, expires_at_ms) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING jti`, [
    id,
    expiresAtMs,
  ]);
  return fresh.length > 0;
}

// ---- one-time codes ----

/**
 * What a one-time code was sent for. A code is accepted only by the flow that sent it: a PIN-reset code
 * does not sign in, a sign-in code does not close the account.
 */
export type CodePurpose = 'sign-in' | 'email-change' | 'phone-change' | 'pin-reset' | 'account-close' | 'account-link';
export const CODE_PURPOSES: readonly CodePurpose[] = [
  'sign-in',
  'email-change',
  'phone-change',
  'pin-reset',
  'account-close',
  'account-link',
];

/** A new 6-digit code for `destination` and `purpose`; older unused ones for the same purpose stop working. */
export async function issueCode(q: Queryable, purpose: CodePurpose, channel: string, destination: string): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  // Only the same purpose: asking for a sign-in code must not void a pending PIN-reset code.
  await q.query(`UPDATE otp_codes SET consumed_at = now() WHERE destination = $1 AND purpose = $2 AND consumed_at IS NULL`, [
    destination,
    purpose,
  ]);
  await q.query(
    `INSERT INTO otp_codes (purpose, channel, destination, code_hash, expires_at) VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
    [purpose, channel, destination, sha256(code), PROOF_TTL_S.oneTimeCode],
  );
  return code;
}
/**
 * 'ok' consumes the code; 'replaced' for a code of this destination and purpose that a newer one has
 * replaced since (still within its lifetime: the person typed the code from an earlier message);
 * 'wrong' for any other code, one sent for another purpose, or none outstanding.
 */
export async function consumeCode(
  q: Queryable,
  purpose: CodePurpose,
  destination: string,
  code: string,
): Promise<'ok' | 'replaced' | 'wrong'> {
  const rows = await q.query<{ id: number }>(
    `UPDATE otp_codes SET consumed_at = now()
      WHERE id = (SELECT id FROM otp_codes WHERE destination = $1 AND purpose = $2 AND consumed_at IS NULL AND expires_at > now() ORDER BY id DESC LIMIT 1)
        AND code_hash = $3 RETURNING id`,
    [destination, purpose, sha256(code)],
  );
  if (rows.length) return 'ok';
  const replaced = await q.query<{ id: number }>(
    `SELECT o.id FROM otp_codes o
      WHERE o.destination = $1 AND o.purpose = $2 AND o.code_hash = $3 AND o.expires_at > now()
        AND EXISTS (SELECT 1 FROM otp_codes n WHERE n.destination = o.destination AND n.purpose = o.purpose AND n.id > o.id)
      LIMIT 1`,
    [destination, purpose, sha256(code)],
  );
  return replaced.length ? 'replaced' : 'wrong';
}

/** What a refused one-time code is told: a replaced code says a newer one was sent. */
export const CODE_REPLACED = 'This code was replaced by a newer one. Enter the code in the latest message we sent.';
export function codeRefusal(result: 'replaced' | 'wrong', wrongMessage: string): { message: string; extra: Record<string, unknown> } {
  return result === 'replaced' ? { message: CODE_REPLACED, extra: { code: 'code_replaced' } } : { message: wrongMessage, extra: {} };
}

// ---- reset-password tokens ----

/** A new reset token for the user; every older one is void. */
export async function issueResetToken(q: Queryable, userId: number): Promise<string> {
  const token = randomToken();
  await q.query(`UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [userId]);
  await q.query(`INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`, [
    sha256(token),
    userId,
    PROOF_TTL_S.resetPassword,
  ]);
  return token;
}
/** The user a valid reset token belongs to; using it voids it and every other token of that user. */
export async function consumeResetToken(q: Queryable, token: string): Promise<number | null> {
  const [row] = await q.query<{ user_id: number }>(
    `UPDATE password_resets SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
    [sha256(token)],
  );
  if (!row) return null;
  await q.query(`UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [row.user_id]);
  return row.user_id;
}
