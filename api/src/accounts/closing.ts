// Leaving for good: a profile, or the whole account with all its profiles, is erased.
import type { FastifyBaseLogger } from 'fastify';
import type { Ctx } from '../core/http.js';
import { endSessionsEverywhere } from '../identity/index.js';
import { refundCancelledBooking } from '../payments/index.js';
import type { DocumentStore } from './documents.js';

/**
 * A profile (or the whole account) leaves: its documents are deleted with their bytes, it stops being
 * anyone's profile, and every identifier, name and birth date is removed. The row stays only so past
 * bookings and payments keep their references; nothing in it points to a person any more.
 */
export async function eraseUser(ctx: Ctx, store: DocumentStore, userId: number, log: FastifyBaseLogger) {
  const docs = await ctx.db.query<{ sha256: string }>(`DELETE FROM documents WHERE user_id = $1 RETURNING sha256`, [userId]);
  for (const d of docs) await store.releaseIfUnused(ctx.db, d.sha256);
  await ctx.db.query(`DELETE FROM journal_entries WHERE user_id = $1`, [userId]);
  await ctx.db.query(`DELETE FROM treatment_plans WHERE user_id = $1`, [userId]);
  await ctx.db.query(`DELETE FROM cf_activations WHERE user_id = $1`, [userId]);
  const cancelled = await ctx.db.query<{ id: number }>(
    `UPDATE bookings SET status = 'cancelled', cancel_reason = 'account closed' WHERE user_id = $1 AND status IN ('pending', 'confirmed') AND end_time > now() RETURNING id`,
    [userId],
  );
  for (const b of cancelled) await refundCancelledBooking(ctx, b.id, 'account closed', (ctx.clock ?? Date.now)(), log);
  await ctx.db.query(`DELETE FROM contact_changes WHERE user_id = $1`, [userId]);
  await ctx.db.query(`DELETE FROM profile_contacts WHERE user_id = $1`, [userId]);
  await ctx.db.query(`DELETE FROM linked_accounts WHERE user_id = $1`, [userId]);
  await ctx.db.query(
    `UPDATE users SET parent_user_id = NULL, member_kind = NULL, email = NULL, mobile = NULL, password_hash = NULL, pin_hash = NULL, avatar_file = NULL, crn = NULL, first_name = '', last_name = '',
       gender = NULL, date_of_birth = NULL, email_verified_at = NULL, mobile_verified_at = NULL, is_verified = false, closed_at = now() WHERE id = $1`,
    [userId],
  );
  await endSessionsEverywhere(ctx.db, userId, 'account_closed');
}

/** Closes the account: every profile first, then the account itself. */
export async function closeAccount(ctx: Ctx, store: DocumentStore, accountId: number, log: FastifyBaseLogger): Promise<void> {
  const children = await ctx.db.query<{ id: number }>(`SELECT id FROM users WHERE parent_user_id = $1`, [accountId]);
  for (const c of children) await eraseUser(ctx, store, c.id, log);
  await eraseUser(ctx, store, accountId, log);
}
