// Sends what the outbox holds once the change that wrote it has committed: a message is never sent for
// a change that rolled back, and a crash between sending and recording it retries (at least once, with
// the same Message-ID, so the resend is the same message).
//
// A pass claims one row at a time with one guarded UPDATE (FOR UPDATE SKIP LOCKED, the row's state checked
// again once locked): the claim moves next_attempt_at a lease ahead, and no other process takes the row
// until the lease is over. The lease is longer than an attempt can take (the SMTP timeouts together,
// retry.ts), so a slow send is never claimed by a second process. Time-bound messages (codes, links) go
// first, newest first; a code past its validity is recorded 'expired', not sent. A failed attempt is
// retried after a growing wait for hours (retry.ts), then the row is a dead letter ('dead') that an
// operator lists and resends (dead-letters.ts, scripts/outbox.ts). One failure ends the pass for its
// channel: the server is most likely away, and the next pass tries the most urgent message first.
import type { Db } from '../db/index.js';
import type { Channel, Transport } from './delivery.js';
import { afterFailure, DEFAULT_TIMING, type OutboxTiming } from './retry.js';

/** The most rows one pass sends; a full pass is followed by the next at once. */
const PASS_LIMIT = 50;

interface ClaimedRow {
  id: number;
  channel: Channel;
  recipient: string;
  subject: string;
  body: string;
  attempts: number;
  message_id: string;
  /** Since the retry horizon started, by the database's clock. */
  retrying_ms: number | string;
}

export type DispatchTiming = Pick<OutboxTiming, 'leaseMs' | 'retry'>;

/** Rows whose code expired before they could leave: recorded, never sent (a rejected code helps nobody). */
async function expireDue(db: Db, channels: Channel[]): Promise<number> {
  const rows = await db.query(
    `UPDATE outbox SET status = 'expired', last_error = coalesce(last_error, 'not sent before its code expired')
      WHERE status = 'pending' AND expires_at <= now() AND next_attempt_at <= now() AND channel = ANY($1::text[])
      RETURNING id`,
    [channels],
  );
  return rows.length;
}

/** One guarded claim of the first due row of `channels` in the order of `timeBound` (each order has its partial index). */
async function claim(db: Db, channels: Channel[], leaseMs: number, timeBound: boolean): Promise<ClaimedRow | undefined> {
  const [row] = await db.query<ClaimedRow>(
    `UPDATE outbox SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $2::double precision / 1000)
      WHERE id = (SELECT id FROM outbox
                   WHERE status = 'pending' AND next_attempt_at <= now() AND channel = ANY($1::text[])
                     AND ${timeBound ? 'expires_at IS NOT NULL AND expires_at > now()' : 'expires_at IS NULL'}
                   ORDER BY id ${timeBound ? 'DESC' : 'ASC'}
                   LIMIT 1 FOR UPDATE SKIP LOCKED)
        -- checked again on the locked row: a row another pass claimed meanwhile is not taken twice
        AND status = 'pending' AND next_attempt_at <= now()
      RETURNING id, channel, recipient, subject, body, attempts, message_id::text AS message_id,
                (extract(epoch FROM now() - retrying_since) * 1000)::bigint AS retrying_ms`,
    [channels, leaseMs],
  );
  return row;
}

/** Claims the most urgent due row of `channels`: time-bound ones first, newest first; then the rest, oldest first. */
async function claimNext(db: Db, channels: Channel[], leaseMs: number): Promise<ClaimedRow | undefined> {
  return (await claim(db, channels, leaseMs, true)) ?? (await claim(db, channels, leaseMs, false));
}

/**
 * One pass: sends due messages of the configured channels (at most PASS_LIMIT, and none more once
 * `stopping` answers true); answers how many were sent. Each failed attempt is reported through `onError`
 * with its row's id.
 */
export async function dispatchOnce(
  db: Db,
  transports: Transport[],
  onError: (e: unknown, id: number) => void,
  timing: DispatchTiming = DEFAULT_TIMING,
  stopping: () => boolean = () => false,
): Promise<number> {
  const byChannel = new Map(transports.map((t) => [t.channel, t]));
  const open = new Set(byChannel.keys());
  if (!open.size) return 0;
  await expireDue(db, [...open]);
  let sent = 0;
  while (sent < PASS_LIMIT && open.size && !stopping()) {
    const r = await claimNext(db, [...open], timing.leaseMs);
    if (!r) break;
    let providerId: string;
    try {
      providerId = await byChannel
        .get(r.channel)!
        .send({ channel: r.channel, to: r.recipient, subject: r.subject, body: r.body, id: r.message_id });
    } catch (e) {
      const next = afterFailure(r.attempts, Number(r.retrying_ms), timing.retry);
      // Only while the claim is still this pass's (attempts is the claim's fence): a row whose lease ran
      // out and that another process claimed since is that process's to record.
      await db.query(
        `UPDATE outbox SET last_error = $3, status = $4, next_attempt_at = now() + make_interval(secs => $5::double precision / 1000)
          WHERE id = $1 AND attempts = $2 AND status = 'pending'`,
        [
          r.id,
          r.attempts,
          String(e instanceof Error ? e.message : e).slice(0, 500),
          next.dead ? 'dead' : 'pending',
          next.dead ? 0 : next.waitMs,
        ],
      );
      onError(e, r.id);
      open.delete(r.channel);
      continue;
    }
    // Sent is sent, whoever holds the claim now: recorded so that it is never sent again.
    await db.query(`UPDATE outbox SET status = 'sent', sent_at = now(), provider_id = $2, last_error = NULL WHERE id = $1`, [
      r.id,
      providerId,
    ]);
    sent++;
  }
  return sent;
}

/** Runs passes every `timing.pollMs` (at once after a full pass) until stopped; a pass never overlaps the previous one. */
export function startDispatcher(
  db: Db,
  transports: Transport[],
  o: { timing?: OutboxTiming; onError: (e: unknown, id: number) => void },
): { stop(): Promise<void> } {
  const timing = o.timing ?? DEFAULT_TIMING;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      // A shutdown waits for the message being sent, not for the rest of the pass.
      running = dispatchOnce(db, transports, o.onError, timing, () => stopped).then(
        (n) => schedule(n >= PASS_LIMIT ? 0 : timing.pollMs),
        (e: unknown) => {
          // A pass that could not reach the database: reported, and the next one tries again.
          o.onError(e, 0);
          schedule(timing.pollMs);
        },
      );
    }, ms);
    timer.unref();
  };
  schedule(timing.pollMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
