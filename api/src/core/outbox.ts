import type { Queryable } from '../db/index.js';

/**
 * Writes a message to the outbox, in the caller's transaction: the dispatcher sends it once that commits
 * (src/messages/dispatcher.ts); in development it stays readable at /dev/outbox. A message carrying a code
 * (a one-time code, a reset link) is time-bound: it says how long the code is good for, is sent ahead of
 * older messages, and is not sent once the code has expired.
 */
export async function deliver(
  q: Queryable,
  m: { channel: 'sms' | 'whatsapp' | 'email'; to: string; subject: string; body: string } & (
    { code: string; validForS: number } | { code?: undefined; validForS?: undefined }
  ),
) {
  await q.query(
    `INSERT INTO outbox (channel, recipient, subject, body, code, expires_at)
     VALUES ($1, $2, $3, $4, $5, CASE WHEN $6::int IS NULL THEN NULL ELSE now() + make_interval(secs => $6::int) END)`,
    [m.channel, m.to.toLowerCase(), m.subject, m.body, m.code ?? null, m.validForS ?? null],
  );
}
