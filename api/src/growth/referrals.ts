// Referrals and short links. Each patient has one referral code; its short link /s/{code} opens sign-up
// with the referral's marketing parameters, so the visit's attribution reads referral_unpaid through the
// client's usual attribution path. A sign-up carrying the code counts once for its referrer, who sees
// how many friends joined and never who they are.
import { randomInt } from 'node:crypto';
import type { Db, Queryable } from '../db/index.js';

/** Letters and digits a person can read aloud: no 0/O, 1/I/L. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const REFERRAL_CODE_LENGTH = 8;
export const REFERRAL_CODE_PATTERN = `^[${ALPHABET}]{${REFERRAL_CODE_LENGTH}}$`;
const CODE_RE = new RegExp(REFERRAL_CODE_PATTERN);

/** The marketing parameters a referral link carries (medium referral_unpaid: unpaid, from a friend). */
export const REFERRAL_UTM = { utm_medium: 'referral_unpaid', utm_source: 'referral', utm_campaign: 'invite_a_friend' } as const;
export const SIGN_UP_PATH = '/auth/sign-up';

export function newCode(): string {
  let code = '';
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** The sign-up path a referral code's short link opens. */
export function referralPath(code: string): string {
  return `${SIGN_UP_PATH}?${new URLSearchParams({ ...REFERRAL_UTM, ref: code }).toString()}`;
}

/**
 * An in-product path: one leading slash, no scheme or host, no backslash (browsers read "/\evil" as
 * "//evil"), no control characters. Anything else is never answered as a redirect target.
 */
export function isInProductPath(path: string): boolean {
  return /^\/(?![/\\])[^\\\s]*$/.test(path) && [...path].every((c) => c.charCodeAt(0) > 0x1f && c.charCodeAt(0) !== 0x7f);
}

export interface ReferralSummary {
  code: string;
  short_link: string;
  joined_count: number;
}

/** The user's code (made on first ask; concurrent first asks agree on one) and how many joined with it. */
export async function referralSummary(db: Db, userId: number): Promise<ReferralSummary> {
  const code = await db.tx(async (q) => {
    const [existing] = await q.query<{ code: string }>(`SELECT code FROM referral_codes WHERE user_id = $1`, [userId]);
    if (existing) return existing.code;
    // A collision of two random codes retries with a new one; a concurrent first ask for the same user wins once.
    for (let attempt = 0; attempt < 5; attempt++) {
      const code = newCode();
      const [row] = await q.query<{ code: string }>(
        `INSERT INTO referral_codes (user_id, code) VALUES ($1, $2)
           ON CONFLICT DO NOTHING RETURNING code`,
        [userId, code],
      );
      if (row) {
        await q.query(`INSERT INTO short_links (code, path) VALUES ($1, $2) ON CONFLICT (code) DO NOTHING`, [code, referralPath(code)]);
        return row.code;
      }
      const [mine] = await q.query<{ code: string }>(`SELECT code FROM referral_codes WHERE user_id = $1`, [userId]);
      if (mine) return mine.code;
    }
    throw new Error('no free referral code after 5 tries');
  });
  const [count] = await db.query<{ n: number | string }>(`SELECT count(*) AS n FROM referrals WHERE referrer_user_id = $1`, [userId]);
  return { code, short_link: `/s/${code}`, joined_count: Number(count?.n ?? 0) };
}

/**
 * Inside the sign-up's transaction: the new account counts for the code's owner. An unknown or malformed
 * code is ignored (a sign-up never fails over a stale link), and nobody counts for themselves.
 */
export async function recordReferral(q: Queryable, code: string | undefined, newUserId: number): Promise<void> {
  if (!code || !CODE_RE.test(code)) return;
  await q.query(
    `INSERT INTO referrals (referred_user_id, referrer_user_id)
       SELECT $2, user_id FROM referral_codes WHERE code = $1 AND user_id <> $2
       ON CONFLICT (referred_user_id) DO NOTHING`,
    [code, newUserId],
  );
}

/** The path a short link opens, or null for an unknown code or a stored target that is not an in-product path. */
export async function resolveShortLink(db: Db, code: string): Promise<string | null> {
  const [row] = await db.query<{ path: string }>(`SELECT path FROM short_links WHERE code = $1`, [code]);
  return row && isInProductPath(row.path) ? row.path : null;
}
