// Linked sign-in accounts (product rules, Sign-in and identity: "linked accounts"): a provider's own id of a person
// (Google's `sub`) tied to one Haven account. A sign-in through the provider finds the account by that
// id first, so a link keeps working when either e-mail changes; unlinking ends that.
import { notFound, unprocessable } from '../core/http.js';
import type { Db, Queryable } from '../db/index.js';
import { hashPassword } from './passwords.js';
import { findUser, type UserRow } from './accounts.js';

/** 'sso': an employer's identity provider; its subject is the issuer and the provider's subject together. */
export type LinkProvider = 'google' | 'apple' | 'facebook' | 'sso';

export interface LinkedAccountRow {
  id: number;
  uuid: string;
  user_id: number;
  provider: string;
  subject: string;
  email: string | null;
  linked_at: Date;
  last_used_at: Date | null;
}

/** The account a provider's person is linked to, if any (closing an account removes its links). */
export async function findLinkedUser(q: Queryable, provider: LinkProvider, subject: string): Promise<UserRow | undefined> {
  const [row] = await q.query<{ user_id: number }>(`SELECT user_id FROM linked_accounts WHERE provider = $1 AND subject = $2`, [
    provider,
    subject,
  ]);
  return row ? findUser(q, 'id', row.user_id) : undefined;
}

/** Records (or refreshes) the link after a successful sign-in through the provider. */
export async function recordLink(
  q: Queryable,
  userId: number,
  provider: LinkProvider,
  subject: string,
  email: string | null,
): Promise<void> {
  await q.query(
    `INSERT INTO linked_accounts (user_id, provider, subject, email, last_used_at) VALUES ($1, $2, $3, $4, now())
     ON CONFLICT (provider, subject) DO UPDATE SET email = EXCLUDED.email, last_used_at = now() WHERE linked_accounts.user_id = EXCLUDED.user_id`,
    [userId, provider, subject, email],
  );
}

export async function linkedAccountsOf(q: Queryable, userId: number): Promise<LinkedAccountRow[]> {
  return q.query<LinkedAccountRow>(`SELECT * FROM linked_accounts WHERE user_id = $1 ORDER BY linked_at, id`, [userId]);
}

/** What an account can sign in with, apart from its linked accounts. */
export interface OtherWaysIn {
  password: boolean;
  /** A one-time code to the account's proven e-mail or number signs in (POST /otp/verify). */
  provenEmail: boolean;
  provenPhone: boolean;
}

export const otherWaysIn = (u: UserRow): OtherWaysIn => ({
  password: u.password_hash !== null,
  provenEmail: u.email !== null && u.email_verified_at !== null,
  provenPhone: u.phone_e164 !== null && u.mobile_verified_at !== null,
});

/** Whether the account keeps a way in once one of its `linkedCount` linked accounts is gone. */
export const canUnlink = (ways: OtherWaysIn, linkedCount: number): boolean =>
  ways.password || ways.provenEmail || ways.provenPhone || linkedCount > 1;

export const LAST_WAY_IN_MESSAGE =
  'This is the only way you can sign in. Set a password or confirm an e-mail or mobile number first, then unlink it.';

/**
 * Unlinks one of the user's linked accounts: 404 for anyone else's, 422 when it is their last way in.
 * One unlink at a time per account (the user's row is locked), so two parallel ones cannot both pass
 * the last-way-in check.
 */
export async function unlinkAccount(db: Db, userId: number, uuid: string): Promise<void> {
  const id = uuid.toLowerCase();
  await db.tx(async (q) => {
    await q.query(`SELECT id FROM users WHERE id = $1 FOR UPDATE`, [userId]);
    const rows = await linkedAccountsOf(q, userId);
    if (!rows.some((r) => r.uuid === id)) throw notFound(`No linked account ${uuid}`);
    const fresh = (await findUser(q, 'id', userId))!;
    if (!canUnlink(otherWaysIn(fresh), rows.length)) throw unprocessable(LAST_WAY_IN_MESSAGE, { code: 'last_way_in' });
    await q.query(`DELETE FROM linked_accounts WHERE uuid::text = $1 AND user_id = $2`, [id, userId]);
  });
}

/** Stores the account's new PIN, hashed like a password; returns the user as it is now. */
export async function storePin(q: Queryable, userId: number, pin: string): Promise<UserRow> {
  await q.query(`UPDATE users SET pin_hash = $2, pin_updated_at = now() WHERE id = $1`, [userId, await hashPassword(pin)]);
  return (await findUser(q, 'id', userId))!;
}
