// The one module for rate limits and lockouts. Counts live in the database (rate_events, lockouts),
// so they hold across restarts and several api processes. The numbers are in src/config/limits.ts.
import type { Db, Queryable } from '../db/index.js';
import { limitsFor, SIGN_IN_LOCKOUT, type LimitName, type LockoutRule, type Rule } from '../config/limits.js';
import { rateLimited, type Ctx } from './http.js';

/** Rows older than every window and lock are removed at most this often (per process). */
const PRUNE_EVERY_MS = 60_000;
const KEEP_MS = 25 * 3600_000;

export class Limits {
  private readonly rules: Record<LimitName, Rule[]>;
  private lastPrune = 0;
  constructor(private readonly db: Db, stage: string, readonly now: () => number = Date.now) {
    this.rules = limitsFor(stage);
  }

  /** Seconds until one more event is allowed under every rule of `name` (0: allowed now). */
  private async waitS(q: Queryable, name: LimitName, key: string, now: number): Promise<number> {
    let wait = 0;
    for (const r of this.rules[name]) {
      const recent = await q.query<{ at_ms: number | string }>(
        `SELECT at_ms FROM rate_events WHERE bucket = $1 AND key = $2 AND at_ms > $3 ORDER BY at_ms DESC LIMIT ${r.max}`,
        [name, key, now - r.windowS * 1000]);
      // Full: the oldest of the last `max` events must leave the window first.
      if (recent.length >= r.max) wait = Math.max(wait, (Number(recent[r.max - 1]!.at_ms) + r.windowS * 1000 - now) / 1000);
    }
    return wait;
  }

  /** 429 when `name` is exhausted for `key`; otherwise nothing is counted. */
  async check(name: LimitName, key: string): Promise<void> {
    const wait = await this.waitS(this.db, name, key, this.now());
    if (wait > 0) throw rateLimited(wait);
  }

  /** Counts one event (a send, a failure). */
  async hit(name: LimitName, key: string): Promise<void> {
    const now = this.now();
    await this.db.query(`INSERT INTO rate_events (bucket, key, at_ms) VALUES ($1, $2, $3)`, [name, key, now]);
    await this.prune(now);
  }

  /** Events that left every window, and lockouts untouched for a day, go. */
  private async prune(now: number): Promise<void> {
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    await this.db.query(`DELETE FROM rate_events WHERE at_ms < $1`, [now - KEEP_MS]);
    await this.db.query(`DELETE FROM lockouts WHERE updated_ms < $1 AND locked_until_ms < $2`, [now - KEEP_MS, now]);
  }

  /** Check and count in one step, serialised per key (an advisory lock), for events that always count. */
  async take(name: LimitName, key: string): Promise<void> {
    const now = this.now();
    const wait = await this.db.tx(async (q) => {
      await q.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`${name}:${key}`]);
      const w = await this.waitS(q, name, key, now);
      if (w === 0) await q.query(`INSERT INTO rate_events (bucket, key, at_ms) VALUES ($1, $2, $3)`, [name, key, now]);
      return w;
    });
    if (wait > 0) throw rateLimited(wait);
    await this.prune(now);
  }

  // ---- lockouts (failed sign-ins per account) ----

  /** 429 while the account is locked, whatever the password: the right one does not bypass it. */
  async assertNotLocked(key: string): Promise<void> {
    const [row] = await this.db.query<{ locked_until_ms: number | string }>(`SELECT locked_until_ms FROM lockouts WHERE bucket = 'sign_in' AND key = $1`, [key]);
    const wait = row ? (Number(row.locked_until_ms) - this.now()) / 1000 : 0;
    if (wait > 0) throw rateLimited(wait, 'This account is locked after too many failed sign-ins. Please try again later or reset your password.');
  }

  /** One more failure in a row; the `after`-th locks the account, each lock twice as long as the last. */
  async failed(key: string, rule: LockoutRule = SIGN_IN_LOCKOUT): Promise<void> {
    const now = this.now();
    await this.db.tx(async (q) => {
      await q.query(`INSERT INTO lockouts (bucket, key) VALUES ('sign_in', $1) ON CONFLICT DO NOTHING`, [key]);
      const [row] = await q.query<{ failures: number; lock_count: number }>(
        `UPDATE lockouts SET failures = failures + 1, updated_ms = $2 WHERE bucket = 'sign_in' AND key = $1 RETURNING failures, lock_count`, [key, now]);
      if (row!.failures < rule.after) return;
      const lockS = Math.min(rule.baseS * 2 ** row!.lock_count, rule.maxS);
      await q.query(`UPDATE lockouts SET failures = 0, lock_count = lock_count + 1, locked_until_ms = $2 WHERE bucket = 'sign_in' AND key = $1`, [key, now + lockS * 1000]);
    });
  }

  /** A successful sign-in ends the run of failures and the growth of the lock. */
  async succeeded(key: string): Promise<void> {
    await this.db.query(`DELETE FROM lockouts WHERE bucket = 'sign_in' AND key = $1`, [key]);
  }
}

const byCtx = new WeakMap<Ctx, Limits>();
/** The limiter of this api (one per ctx, on the ctx's clock). */
export function limitsOf(ctx: Ctx): Limits {
  let l = byCtx.get(ctx);
  if (!l) { l = new Limits(ctx.db, ctx.stage, ctx.clock ?? Date.now); byCtx.set(ctx, l); }
  return l;
}
