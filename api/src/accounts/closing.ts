// Leaving for good: a profile, or the whole account with all its profiles, is erased.
import type { Ctx, Logger } from '../core/http.js';
import { endSessionsEverywhere } from '../identity/index.js';
import { offerInTurn, tryTransition } from '../bookings/index.js';
import { askReservedRefund, reserveCancellationRefund, reserveExtensionRefunds } from '../payments/index.js';
import type { DocumentStore } from './documents.js';

/**
 * A profile (or the whole account) leaves: its documents are deleted with their bytes, it stops being
 * anyone's profile, and every identifier, name and birth date is removed. The row stays only so past
 * bookings and payments keep their references; nothing in it points to a person any more.
 */
export async function eraseUser(ctx: Ctx, store: DocumentStore, userId: number, log: Logger) {
  const docs = await ctx.db.query<{ sha256: string }>(`DELETE FROM documents WHERE user_id = $1 RETURNING sha256`, [userId]);
  for (const d of docs) await store.releaseIfUnused(ctx.db, d.sha256);
  await ctx.db.query(`DELETE FROM journal_entries WHERE user_id = $1`, [userId]);
  await ctx.db.query(`DELETE FROM treatment_plans WHERE user_id = $1`, [userId]);
  await ctx.db.query(`DELETE FROM cf_activations WHERE user_id = $1`, [userId]);
  await cancelUpcoming(ctx, userId, log);
  await ctx.db.query(`DELETE FROM contact_changes WHERE user_id = $1`, [userId]);
  await ctx.db.query(`DELETE FROM profile_contacts WHERE user_id = $1`, [userId]);
  await ctx.db.query(`DELETE FROM linked_accounts WHERE user_id = $1`, [userId]);
  // It stops being anyone's profile, but stays counted against the account it used things of (former_account_id).
  await ctx.db.query(
    `UPDATE users SET former_account_id = COALESCE(former_account_id, parent_user_id), parent_user_id = NULL, member_kind = NULL, email = NULL, mobile = NULL, password_hash = NULL, pin_hash = NULL, avatar_file = NULL, crn = NULL, first_name = '', last_name = '',
       gender = NULL, date_of_birth = NULL, email_verified_at = NULL, mobile_verified_at = NULL, is_verified = false, closed_at = now() WHERE id = $1`,
    [userId],
  );
  await endSessionsEverywhere(ctx.db, userId, 'account_closed');
}

/** Closes the account: every profile first, then the account itself. */
export async function closeAccount(ctx: Ctx, store: DocumentStore, accountId: number, log: Logger): Promise<void> {
  const children = await ctx.db.query<{ id: number }>(`SELECT id FROM users WHERE parent_user_id = $1`, [accountId]);
  for (const c of children) await eraseUser(ctx, store, c.id, log);
  await eraseUser(ctx, store, accountId, log);
}

/**
 * The person's sessions that have not started are cancelled, each by the booking lifecycle's own `cancel`
 * (the guarded statement the patient's cancel runs), committing with what it owes: its package credit
 * back and its refunds reserved, asked for after the commit. A session that has started (held now, or
 * past) is not cancellable: it keeps its credit spent and its payment, and the lifecycle ends it as any
 * other (completed at its end, or a no-show). A lapsed unpaid hold expires as any other.
 */
async function cancelUpcoming(ctx: Ctx, userId: number, log: Logger): Promise<void> {
  const now = (ctx.clock ?? Date.now)();
  const upcoming = await ctx.db.query<{ id: number; provider_id: number }>(
    `SELECT id, provider_id FROM bookings WHERE user_id = $1 AND status IN ('pending', 'suggested', 'confirmed') AND start_time > $2 ORDER BY id`,
    [userId, new Date(now).toISOString()],
  );
  const freed = new Set<number>();
  for (const b of upcoming) {
    const owed = await ctx.db.tx(async (q) => {
      // Not cancelled: it started meanwhile, or another request cancelled it first (that one owes its returns).
      if (!(await tryTransition(q, b.id, 'cancel', now, { set: 'cancel_reason = $3', params: [CLOSED_REASON] }))) return [];
      freed.add(b.provider_id);
      const own = await reserveCancellationRefund(q, b.id, CLOSED_REASON, now);
      return [...(own ? [own] : []), ...(await reserveExtensionRefunds(q, b.id, CLOSED_REASON, now))];
    });
    // Committed: a failed ask leaves the refund reserved, and the retry pass asks it again.
    for (const o of owed)
      await askReservedRefund(ctx, o, now, log).catch((err: unknown) =>
        log.error({ err, bookingId: b.id }, 'refund reserved but not yet asked: the retry pass asks it'),
      );
  }
  // The freed times go to the providers' waitlists, as after any cancellation.
  if (freed.size > 0) await offerInTurn(ctx.db, [...freed], now);
}

const CLOSED_REASON = 'account closed';
