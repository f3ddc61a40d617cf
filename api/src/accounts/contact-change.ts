// Changing the account's e-mail or phone: a code goes to the new address, and nothing changes until the
// code comes back. Whether another account holds the address is told only after the code proved it.
import { unprocessable, type Ctx } from '../core/http.js';
import { PROOF_TTL_S } from '../config/limits.js';
import { deliver } from '../core/outbox.js';
import type { Db, Queryable } from '../db/index.js';
import { issueCode, useCode as spendCode, type Destination } from '../identity/index.js';
import { contactChangeCode } from '../messages/index.js';

/** Keeps the pending change (one per kind) and sends its code to the new address. */
export async function startContactChange(db: Db, userId: number, d: Destination): Promise<void> {
  await db.tx((q) => queueContactChange(q, userId, d));
}

/** The same, inside the caller's transaction (a sign-up keeps a number it has not proven this way). */
export async function queueContactChange(q: Queryable, userId: number, d: Destination): Promise<void> {
  const channel = d.kind === 'email' ? 'email' : 'sms';
  await q.query(
    `INSERT INTO contact_changes (user_id, kind, destination, country_code, national) VALUES ($1, $2, $3, $4, $5)
      ON CONFLICT (user_id, kind) DO UPDATE SET destination = EXCLUDED.destination, country_code = EXCLUDED.country_code, national = EXCLUDED.national, created_at = now()`,
    [userId, d.kind, d.value, d.kind === 'phone' ? d.phone.countryCode : null, d.kind === 'phone' ? d.phone.national : null],
  );
  const code = await issueCode(q, d.kind === 'email' ? 'email-change' : 'phone-change', channel, d.value);
  await deliver(q, { channel, to: d.value, ...contactChangeCode(code, d.kind), code, validForS: PROOF_TTL_S.oneTimeCode });
}

/** The changes of this account waiting for their code (at most one per kind), to show where the code goes. */
export async function pendingContactChanges(q: Queryable, userId: number): Promise<{ kind: 'email' | 'phone'; destination: string }[]> {
  return q.query<{ kind: 'email' | 'phone'; destination: string }>(
    `SELECT kind, destination FROM contact_changes WHERE user_id = $1 ORDER BY kind`,
    [userId],
  );
}

/** Checks the code sent to the pending address, then makes it the account's (proven) e-mail or phone. */
export async function confirmContactChange(ctx: Ctx, userId: number, kind: 'email' | 'phone', code: string): Promise<void> {
  const db = ctx.db;
  const [pending] = await db.query<{ destination: string; country_code: string | null; national: string | null }>(
    `SELECT destination, country_code, national FROM contact_changes WHERE user_id = $1 AND kind = $2`,
    [userId, kind],
  );
  if (!pending) throw unprocessable('There is no change waiting for a code. Please start again.');
  await spendCode(ctx, kind === 'email' ? 'email-change' : 'phone-change', pending.destination, code);
  try {
    await db.tx(async (q) => {
      if (kind === 'email') {
        await q.query(`UPDATE users SET email = $2, email_verified_at = now() WHERE id = $1`, [userId, pending.destination]);
      } else {
        await q.query(`UPDATE users SET mobile = $2, country_code = $3, mobile_verified_at = now() WHERE id = $1`, [
          userId,
          pending.national,
          pending.country_code,
        ]);
      }
      await q.query(`DELETE FROM contact_changes WHERE user_id = $1 AND kind = $2`, [userId, kind]);
    });
  } catch (e) {
    if ((e as { code?: string }).code === '23505')
      throw unprocessable(kind === 'email' ? 'This e-mail is already in use on another account.' : 'Mobile has already been taken');
    throw e;
  }
}
