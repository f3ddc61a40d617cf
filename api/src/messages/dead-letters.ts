// Dead letters: messages the dispatcher gave up on after retrying for its horizon (retry.ts). They stay in
// the outbox, visible, until an operator resends them (scripts/outbox.ts); a resend is the same message
// (its Message-ID is kept) and starts a new horizon. A time-bound message whose code has expired since is
// not resent: the dispatcher records it 'expired'.
import type { Queryable } from '../db/index.js';

export interface DeadLetter {
  id: number;
  channel: string;
  recipient: string;
  subject: string;
  attempts: number;
  last_error: string | null;
  created_at: string;
  /** When it was last tried (the dispatcher's give-up time). */
  last_tried_at: string;
}

/** The dead letters, oldest first (at most `limit`). */
export async function listDeadLetters(q: Queryable, limit = 100): Promise<DeadLetter[]> {
  const rows = await q.query<
    Omit<DeadLetter, 'created_at' | 'last_tried_at'> & { created_at: Date | string; last_tried_at: Date | string }
  >(
    `SELECT id, channel, recipient, subject, attempts, last_error, created_at, next_attempt_at AS last_tried_at
       FROM outbox WHERE status = 'dead' ORDER BY id LIMIT $1`,
    [limit],
  );
  return rows.map((r) => ({
    ...r,
    created_at: new Date(r.created_at).toISOString(),
    last_tried_at: new Date(r.last_tried_at).toISOString(),
  }));
}

/** Puts dead letters back in the queue (the given ids, or every one): answers the ids that were dead and now wait to be sent. */
export async function resendDeadLetters(q: Queryable, which: number[] | 'all'): Promise<number[]> {
  const rows = await q.query<{ id: number }>(
    `UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = now(), retrying_since = now()
      WHERE status = 'dead' AND ($1::boolean OR id = ANY($2::int[]))
      RETURNING id`,
    [which === 'all', which === 'all' ? [] : which],
  );
  return rows.map((r) => r.id).sort((a, b) => a - b);
}
