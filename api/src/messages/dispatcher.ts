// Sends what the outbox holds once the change that wrote it has committed: a message is never sent for
// a change that rolled back, and a crash between sending and recording it retries (at least once).
// Each pass leases a batch (next_attempt_at moves ahead before sending, FOR UPDATE SKIP LOCKED), so two
// api processes never pick one message at the same time. A message older than MAX_AGE is not sent late:
// its codes have expired.
import type { Db } from '../db/index.js';
import type { Channel, Transport } from './delivery.js';

export const MAX_ATTEMPTS = 5;
const LEASE_S = 60;
const MAX_AGE_MINUTES = 30;
const BATCH = 20;

interface PendingRow {
  id: number;
  channel: Channel;
  recipient: string;
  subject: string;
  body: string;
  attempts: number;
}

/** One pass: sends every due message of a configured channel; answers how many were sent. */
export async function dispatchOnce(db: Db, transports: Transport[], onError: (e: unknown, id: number) => void): Promise<number> {
  const byChannel = new Map(transports.map((t) => [t.channel, t]));
  if (!byChannel.size) return 0;
  const rows = await db.query<PendingRow>(
    `UPDATE outbox SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $2)
      WHERE id IN (SELECT id FROM outbox
                    WHERE status = 'pending' AND next_attempt_at <= now() AND channel = ANY($1::text[])
                      AND created_at > now() - make_interval(mins => $3)
                    ORDER BY id LIMIT $4 FOR UPDATE SKIP LOCKED)
        -- checked again on the locked row: a row another pass leased meanwhile is not taken twice
        AND status = 'pending' AND next_attempt_at <= now()
      RETURNING id, channel, recipient, subject, body, attempts`,
    [[...byChannel.keys()], LEASE_S, MAX_AGE_MINUTES, BATCH],
  );
  let sent = 0;
  for (const r of rows) {
    try {
      const providerId = await byChannel.get(r.channel)!.send({ channel: r.channel, to: r.recipient, subject: r.subject, body: r.body });
      await db.query(`UPDATE outbox SET status = 'sent', sent_at = now(), provider_id = $2, last_error = NULL WHERE id = $1`, [
        r.id,
        providerId,
      ]);
      sent++;
    } catch (e) {
      // Back off: 10 s, 20 s, 40 s, ... then give up (the error is reported each time).
      await db.query(
        `UPDATE outbox SET last_error = $2, status = CASE WHEN attempts >= $3 THEN 'failed' ELSE 'pending' END,
                next_attempt_at = now() + make_interval(secs => $4) WHERE id = $1`,
        [r.id, String(e instanceof Error ? e.message : e).slice(0, 500), MAX_ATTEMPTS, 10 * 2 ** (r.attempts - 1)],
      );
      onError(e, r.id);
    }
  }
  return sent;
}

/** Runs passes every `intervalMs` until stopped; a pass never overlaps the previous one. */
export function startDispatcher(
  db: Db,
  transports: Transport[],
  o: { intervalMs: number; onError: (e: unknown, id: number) => void },
): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    running = running.then(() => (stopped ? 0 : dispatchOnce(db, transports, o.onError))).catch((e: unknown) => o.onError(e, 0));
  }, o.intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
