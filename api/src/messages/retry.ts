// When the outbox tries a message again, when it gives up, and how long one attempt may take. Pure rules
// (table-tested in test/messages.test.ts) and their reading from the environment.
import { ConfigError } from '../core/config.js';

export interface RetryPolicy {
  /** The wait after the first failed attempt; it doubles after each further one... */
  firstMs: number;
  /** ...up to this. */
  maxMs: number;
  /** Retried for this long (from the row's creation, or the operator's resend); then a dead letter. */
  retryForMs: number;
}

/** 10 s, 20 s, 40 s, ... then every 15 minutes, for 24 hours: a mail server away for an hour loses nothing. */
export const DEFAULT_RETRY: RetryPolicy = { firstMs: 10_000, maxMs: 15 * 60_000, retryForMs: 24 * 3600_000 };

/** The wait after `attempts` failed attempts (1, 2, ...). */
export function retryDelayMs(attempts: number, p: RetryPolicy): number {
  // 2 ** 40 is far past any cap; the exponent is bounded so that the product stays finite.
  return Math.min(p.maxMs, p.firstMs * 2 ** Math.min(Math.max(attempts, 1) - 1, 40));
}

/**
 * After a failed attempt (`attempts` so far, `retryingMs` since the horizon started): the next attempt's
 * wait, or a dead letter when that attempt would fall past the horizon.
 */
export function afterFailure(attempts: number, retryingMs: number, p: RetryPolicy): { dead: false; waitMs: number } | { dead: true } {
  const waitMs = retryDelayMs(attempts, p);
  return retryingMs + waitMs > p.retryForMs ? { dead: true } : { dead: false, waitMs };
}

/** nodemailer's three phases (each an idle bound): connecting, the server's greeting, any later silence. */
export interface SmtpTimeouts {
  connectionTimeout: number;
  greetingTimeout: number;
  socketTimeout: number;
}

export interface OutboxTiming {
  /** How often the dispatcher looks. */
  pollMs: number;
  /**
   * How long a claimed row is another process's to leave alone. Longer than the longest attempt (the sum
   * of the SMTP timeouts, the texts api's timeout), so that a slow send is never claimed a second time.
   */
  leaseMs: number;
  retry: RetryPolicy;
  smtp: SmtpTimeouts;
  /** The Messages REST api's bound on one request (SMS, WhatsApp). */
  textsTimeoutMs: number;
}

export const DEFAULT_TIMING: OutboxTiming = {
  pollMs: 1000,
  leaseMs: 120_000,
  retry: DEFAULT_RETRY,
  smtp: { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 },
  textsTimeoutMs: 15_000,
};

/** The longest one attempt can take on any channel. */
export function longestAttemptMs(t: OutboxTiming): number {
  return Math.max(t.smtp.connectionTimeout + t.smtp.greetingTimeout + t.smtp.socketTimeout, t.textsTimeoutMs);
}

/** The timing the environment sets (api/README.md, "Messages that leave"); refuses a lease that a send could outlast. */
export function outboxTimingFromEnv(env: NodeJS.ProcessEnv): OutboxTiming {
  const ms = (name: string, fallback: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n <= 0) throw new ConfigError(`${name}: "${raw}" is not a positive whole number of milliseconds`);
    return n;
  };
  const d = DEFAULT_TIMING;
  const t: OutboxTiming = {
    pollMs: ms('HAVEN_OUTBOX_POLL_MS', d.pollMs),
    leaseMs: ms('HAVEN_OUTBOX_LEASE_MS', d.leaseMs),
    retry: {
      firstMs: ms('HAVEN_OUTBOX_RETRY_FIRST_MS', d.retry.firstMs),
      maxMs: ms('HAVEN_OUTBOX_RETRY_MAX_MS', d.retry.maxMs),
      retryForMs: ms('HAVEN_OUTBOX_RETRY_FOR_MS', d.retry.retryForMs),
    },
    smtp: {
      connectionTimeout: ms('HAVEN_SMTP_CONNECTION_TIMEOUT_MS', d.smtp.connectionTimeout),
      greetingTimeout: ms('HAVEN_SMTP_GREETING_TIMEOUT_MS', d.smtp.greetingTimeout),
      socketTimeout: ms('HAVEN_SMTP_SOCKET_TIMEOUT_MS', d.smtp.socketTimeout),
    },
    textsTimeoutMs: ms('HAVEN_SMS_TIMEOUT_MS', d.textsTimeoutMs),
  };
  checkTiming(t);
  return t;
}

/** A lease no longer than the longest attempt would let a second process send a slow message again. */
export function checkTiming(t: OutboxTiming): void {
  const longest = longestAttemptMs(t);
  if (t.leaseMs <= longest)
    throw new ConfigError(
      `HAVEN_OUTBOX_LEASE_MS (${t.leaseMs}) must be longer than one attempt can take (${longest} ms: the SMTP connection, greeting and socket timeouts together, or HAVEN_SMS_TIMEOUT_MS)`,
    );
  if (t.retry.maxMs < t.retry.firstMs)
    throw new ConfigError(`HAVEN_OUTBOX_RETRY_MAX_MS (${t.retry.maxMs}) is shorter than HAVEN_OUTBOX_RETRY_FIRST_MS (${t.retry.firstMs})`);
}
