// The one module for rate limits and lockouts. Counts live in the database (rate_events, lockouts),
// so they hold across restarts and several api processes. The numbers are in src/config/limits.ts.
import type { Db, Queryable } from '../db/index.js';
import { limitsFor, SIGN_IN_LOCKOUT, SIGN_IN_WARN_TRIES_LEFT, type LimitName, type LockoutRule, type Rule } from '../config/limits.js';
import { HttpError, rateLimited, type Ctx } from './http.js';

/** Rows older than every window and lock are removed at most this often (per process). */
const PRUNE_EVERY_MS = 60_000;
const KEEP_MS = 25 * 3600_000;

export class Limits {
  private readonly rules: Record<LimitName, Rule[]>;
  private lastPrune = 0;
  constructor(
    private readonly db: Db,
    stage: string,
    readonly now: () => number = Date.now,
  ) {
    this.rules = limitsFor(stage);
  }

  /** Seconds until one more event is allowed under every rule of `name` (0: allowed now). */
  private async waitS(q: Queryable, name: LimitName, key: string, now: number): Promise<number> {
    let wait = 0;
    for (const r of this.rules[name]) {
      const recent = await q.query<{ at_ms: number | string }>(
        `SELECT at_ms FROM rate_events WHERE bucket = $1 AND key = $2 AND at_ms > $3 ORDER BY at_ms DESC LIMIT ${r.max}`,
        [name, key, now - r.windowS * 1000],
      );
      // Full: the oldest of the last `max` events must leave the window first.
      if (recent.length >= r.max) wait = Math.max(wait, (Number(recent[r.max - 1]!.at_ms) + r.windowS * 1000 - now) / 1000);
    }
    return wait;
  }

  /**
   * Reserves one event under `name` for `key` in one critical section per key (a transaction-scoped
   * advisory lock, so every api process waits for it): the count and the insert see every committed
   * reservation. Returns the event id, or the seconds to wait when the rule is full.
   */
  private async reserve(name: LimitName, key: string, now: number): Promise<{ id: string } | { wait: number }> {
    return this.db.tx(async (q) => {
      await q.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`${name}:${key}`]);
      const wait = await this.waitS(q, name, key, now);
      if (wait > 0) return { wait };
      const [row] = await q.query<{ id: number | string }>(
        `INSERT INTO rate_events (bucket, key, at_ms) VALUES ($1, $2, $3) RETURNING id`,
        [name, key, now],
      );
      return { id: String(row!.id) };
    });
  }

  /** Gives reserved events back (the attempt succeeded, or another rule refused it). */
  private async giveBack(ids: string[]): Promise<void> {
    if (ids.length > 0) await this.db.query(`DELETE FROM rate_events WHERE id = ANY($1::bigint[])`, [ids]);
  }
  /** Events that left every window, and lockouts untouched for a day, go. */
  private async prune(now: number): Promise<void> {
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    await this.db.query(`DELETE FROM rate_events WHERE at_ms < $1`, [now - KEEP_MS]);
    await this.db.query(`DELETE FROM lockouts WHERE updated_ms < $1 AND locked_until_ms < $2`, [now - KEEP_MS, now]);
    await this.db.query(`DELETE FROM sign_in_known_addresses WHERE at_ms < $1`, [now - KNOWN_ADDRESS_MS]);
  }

  /** Counts one event that always counts (a send, a check), refused with 429 when `name` is full for `key`. */
  async take(name: LimitName, key: string): Promise<void> {
    await this.takeAll([[name, key]]);
  }

  /** One event under every `[name, key]`, or none: a refusal by one rule gives back what the others took. */
  async takeAll(keys: ReadonlyArray<readonly [LimitName, string]>): Promise<void> {
    const now = this.now();
    await this.reserveAll(keys, now);
    await this.prune(now);
  }

  private async reserveAll(keys: ReadonlyArray<readonly [LimitName, string]>, now: number): Promise<string[]> {
    const ids: string[] = [];
    for (const [name, key] of keys) {
      const r = await this.reserve(name, key, now);
      if ('wait' in r) {
        await this.giveBack(ids);
        throw rateLimited(r.wait);
      }
      ids.push(r.id);
    }
    return ids;
  }

  /**
   * The only way to check a secret: one attempt is reserved under every `[name, key]` (and every lockout
   * of `opts.lockouts`) BEFORE `compare` runs, so a burst of N concurrent guesses evaluates at most
   * what the rules allow. `compare` throws to refuse (a counted failure unless `counts(e)` says
   * otherwise); when it returns, the attempt was right and every reservation is given back.
   */
  async attempt<T>(keys: ReadonlyArray<readonly [LimitName, string]>, compare: () => Promise<T>, opts: AttemptOptions = {}): Promise<T> {
    const now = this.now();
    const ids = await this.reserveAll(keys, now);
    const locks: string[] = [];
    // Tries left before the tightest lock closes, this attempt counted (a refusal warns when few are left).
    let triesLeft = Infinity;
    for (const key of opts.lockouts ?? []) {
      const reserved = await this.reserveLockout(key, now);
      if ('wait' in reserved) {
        await this.giveBack(ids);
        for (const k of locks) await this.releaseLockout(k);
        const locked = rateLimited(reserved.wait, LOCKED_MESSAGE);
        locked.extra.locked = true;
        throw locked;
      }
      triesLeft = Math.min(triesLeft, SIGN_IN_LOCKOUT.after - reserved.failures);
      locks.push(key);
    }
    let value: T;
    try {
      value = await compare();
    } catch (e) {
      const counted = opts.counts ? opts.counts(e) : true;
      if (!counted) await this.giveBack(ids);
      for (const k of locks) await (counted ? this.lockIfDue(k, now) : this.releaseLockout(k));
      await this.prune(now);
      if (counted && e instanceof HttpError && e.statusCode === 401 && triesLeft <= SIGN_IN_WARN_TRIES_LEFT) e.extra.tries_left = triesLeft;
      throw e;
    }
    await this.giveBack(ids);
    for (const k of locks) await this.succeeded(k);
    return value;
  }

  // ---- lockouts (failed sign-ins per account) ----

  /**
   * One statement: counts one more failure in a row before the password is compared, unless the key
   * is locked or `after` attempts are already counted (failed or still being compared). Returns the
   * seconds to wait (0: reserved).
   */
  private async reserveLockout(
    key: string,
    now: number,
    rule: LockoutRule = SIGN_IN_LOCKOUT,
  ): Promise<{ failures: number } | { wait: number }> {
    const [row] = await this.db.query<{ failures: number | string }>(
      `INSERT INTO lockouts (bucket, key, failures, updated_ms) VALUES ('sign_in', $1, 1, $2)
       ON CONFLICT (bucket, key) DO UPDATE SET failures = lockouts.failures + 1, updated_ms = $2
       WHERE lockouts.locked_until_ms <= $2 AND lockouts.failures < $3
       RETURNING failures`,
      [key, now, rule.after],
    );
    if (row) return { failures: Number(row.failures) };
    const [locked] = await this.db.query<{ locked_until_ms: number | string }>(
      `SELECT locked_until_ms FROM lockouts WHERE bucket = 'sign_in' AND key = $1`,
      [key],
    );
    // Not locked yet: the last allowed attempts are being compared right now; ask again shortly.
    return { wait: Math.max(1, (Number(locked?.locked_until_ms ?? 0) - now) / 1000) };
  }

  /** After a failure: the `after`-th in a row locks the key, each lock twice as long as the last. */
  private async lockIfDue(key: string, now: number, rule: LockoutRule = SIGN_IN_LOCKOUT): Promise<void> {
    await this.db.query(
      `UPDATE lockouts SET failures = 0, lock_count = lock_count + 1, updated_ms = $2,
         locked_until_ms = $2 + 1000 * LEAST($4::bigint, $5::bigint * (2 ^ LEAST(lock_count, 20))::bigint)
       WHERE bucket = 'sign_in' AND key = $1 AND failures >= $3`,
      [key, now, rule.after, rule.maxS, rule.baseS],
    );
  }

  /** An attempt refused for another reason than the secret gives its place back. */
  private async releaseLockout(key: string): Promise<void> {
    await this.db.query(`UPDATE lockouts SET failures = GREATEST(failures - 1, 0) WHERE bucket = 'sign_in' AND key = $1`, [key]);
  }

  /** A successful sign-in ends the run of failures and the growth of the lock. */
  async succeeded(key: string): Promise<void> {
    await this.db.query(`DELETE FROM lockouts WHERE bucket = 'sign_in' AND key = $1`, [key]);
  }

  /**
   * A password reset proved the e-mail: every sign-in lock of that person ends, the e-mail's own and
   * each e-mail + address pair's, so the new password works at once.
   */
  async clearSignInLocks(email: string): Promise<void> {
    await this.db.query(`DELETE FROM lockouts WHERE bucket = 'sign_in' AND (key = $1 OR left(key, length($1) + 1) = $1 || ' ')`, [email]);
  }

  // ---- addresses an account signed in from ----

  /** Whether `email` signed in with its password from `address` within KNOWN_ADDRESS_MS. */
  async knownAddress(email: string, address: string): Promise<boolean> {
    const rows = await this.db.query(`SELECT 1 FROM sign_in_known_addresses WHERE email = $1 AND address = $2 AND at_ms > $3`, [
      email,
      address,
      this.now() - KNOWN_ADDRESS_MS,
    ]);
    return rows.length > 0;
  }

  async rememberAddress(email: string, address: string): Promise<void> {
    await this.db.query(
      `INSERT INTO sign_in_known_addresses (email, address, at_ms) VALUES ($1, $2, $3) ON CONFLICT (email, address) DO UPDATE SET at_ms = $3`,
      [email, address, this.now()],
    );
  }
}

export interface AttemptOptions {
  /** Lockout keys (SIGN_IN_LOCKOUT) this attempt also counts towards; a success clears them. */
  lockouts?: string[];
  /** Whether a refusal counts as a failed attempt (default: every refusal does). */
  counts?: (e: unknown) => boolean;
}

const LOCKED_MESSAGE =
  'This account is locked after too many failed sign-ins. Please try again later, sign in with a one-time code or reset your password.';
/** An address an account signed in from stays known this long (then it is a stranger's again). */
export const KNOWN_ADDRESS_MS = 90 * 24 * 3600_000;

const byCtx = new WeakMap<Ctx, Limits>();
/** The limiter of this api (one per ctx, on the ctx's clock). */
export function limitsOf(ctx: Ctx): Limits {
  let l = byCtx.get(ctx);
  if (!l) {
    l = new Limits(ctx.db, ctx.stage, ctx.clock ?? Date.now);
    byCtx.set(ctx, l);
  }
  return l;
}
