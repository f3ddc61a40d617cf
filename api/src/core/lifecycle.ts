// What running as one of several processes behind a load balancer needs: liveness (/healthz),
// readiness (/readyz: database reachable and not draining), load shedding (503 + Retry-After at once
// instead of an unbounded queue) and a drain flag for graceful shutdown (server.ts).
import underPressure from '@fastify/under-pressure';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App, Ctx } from './http.js';
import { DB_RETRY_AFTER_S } from '../db/unavailable.js';

export interface SheddingOptions {
  /** Requests being handled at once by this process; one more is answered 503 at the door. */
  maxInFlight: number;
  /**
   * When even the quickest answer of the last moments took longer than this (ms), or a request admitted
   * now would take longer than this at the measured pace (in flight ÷ answers per ms), requests are
   * queueing (for the database, mostly): new ones are answered 503 at the door until the queue is gone,
   * so that no admitted request waits for seconds. One slow request does not trigger it; only a queue does.
   */
  maxQueueMs: number;
  /** Mean event-loop delay (ms) over a sample above which new requests are shed. */
  maxEventLoopDelayMs: number;
}
/** How often under-pressure samples the event loop. */
const SAMPLE_MS = 250;
/** Starting (opening the database, migrating) blocks the loop: samples this close to listening do not count. */
const STARTUP_GRACE_MS = 1000;
/**
 * Defaults (HAVEN_MAX_IN_FLIGHT, HAVEN_MAX_QUEUE_MS, HAVEN_MAX_EVENT_LOOP_DELAY_MS); see api/README.md
 * "Production". The in-flight bound is a safety net against a flood (memory, sockets), not the
 * overload signal: 100 keep-alive clients are normal traffic for one process, and a bound under that
 * turned a third of them into instant 503s that came straight back (80% of all answers in the
 * benchmark). A queue is detected by its wait (LatencyGate) and by event-loop delay instead.
 * 512 on PostgreSQL: ~50 waiting per pooled connection at ~1 ms a query is still well under maxQueueMs.
 */
export const SHEDDING_DEFAULTS: SheddingOptions = { maxInFlight: 512, maxQueueMs: 200, maxEventLoopDelayMs: 1000 };
/**
 * The embedded database runs one query at a time on the api's own thread (~1-4 ms per request here):
 * 128 waiting is ~0.5 s at most, inside the "no request waits more than 1 s" target.
 */
export const PGLITE_MAX_IN_FLIGHT = 128;
/** Seconds a shed client is asked to wait (Retry-After). */
export const SHED_RETRY_AFTER_S = 1;
const OVERLOADED = 'The service is busy. Please try again in a moment.';

/**
 * Load shedding is on in production and wherever HAVEN_LOAD_SHEDDING=on (the benchmark); off in
 * development and test unless asked, so that a busy test machine does not turn tests into 503s.
 */
export function sheddingFromEnv(
  env: NodeJS.ProcessEnv,
  isProduction: boolean,
  dbKind: 'pglite' | 'postgres' = 'postgres',
): SheddingOptions | null {
  const flag = env.HAVEN_LOAD_SHEDDING;
  if (flag === 'off' || (!isProduction && flag !== 'on')) return null;
  const num = (v: string | undefined, d: number) => (v && Number.isFinite(Number(v)) && Number(v) > 0 ? Number(v) : d);
  return {
    maxInFlight: num(env.HAVEN_MAX_IN_FLIGHT, dbKind === 'pglite' ? PGLITE_MAX_IN_FLIGHT : SHEDDING_DEFAULTS.maxInFlight),
    maxQueueMs: num(env.HAVEN_MAX_QUEUE_MS, SHEDDING_DEFAULTS.maxQueueMs),
    maxEventLoopDelayMs: num(env.HAVEN_MAX_EVENT_LOOP_DELAY_MS, SHEDDING_DEFAULTS.maxEventLoopDelayMs),
  };
}

/** Length of the windows over which the quickest answer is taken (ms). */
export const LATENCY_WINDOW_MS = 250;
/** A queue means traffic: a window with fewer answers (a few slow sign-ins at night) says nothing. */
export const LATENCY_MIN_ANSWERS = 8;

/**
 * The queue detector. Two signals over the answers completed in the current and the previous window:
 * - after CoDel, the minimum latency: when even the quickest answer took longer than the target, a
 *   queue stands (one slow request does not trigger it);
 * - Little's law, the time a request admitted now would spend here: requests in flight ÷ answers per ms.
 *   The minimum reacts only to answers already given, while every admitted request waits its turn; on
 *   the embedded database (one query at a time) 100 admitted requests at 100 answers a second meant a
 *   second's wait for each before the minimum said anything. This bounds the work admitted to what is
 *   answered within the target, from the measured pace: on PostgreSQL (~2 000 answers a second here)
 *   it allows ~400 in flight, and shuts nobody out at 100 connections.
 * Windows with fewer than `minAnswers` answers say nothing (a few slow sign-ins at night, a burst after
 * a quiet time is admitted); a stalled process is bounded by maxInFlight.
 */
export class LatencyGate {
  private windowStart = 0;
  private current = { min: Infinity, count: 0 };
  private previous = { min: Infinity, count: 0 };
  /** How long the previous window lasted (windows start at the first event after the last one ended). */
  private previousMs = 0;
  constructor(
    private readonly targetMs: number,
    private readonly windowMs = LATENCY_WINDOW_MS,
    private readonly minAnswers = LATENCY_MIN_ANSWERS,
  ) {}

  private roll(now: number) {
    if (now - this.windowStart < this.windowMs) return;
    // Two windows or more without answers: nothing is known about the queue any more.
    this.previous = now - this.windowStart < 2 * this.windowMs ? this.current : { min: Infinity, count: 0 };
    this.previousMs = now - this.windowStart;
    this.current = { min: Infinity, count: 0 };
    this.windowStart = now;
  }

  /** An answer took `latencyMs`, finishing at `now`. */
  done(latencyMs: number, now: number) {
    this.roll(now);
    this.current = { min: Math.min(this.current.min, latencyMs), count: this.current.count + 1 };
  }

  /** Whether requests are queueing, with `inFlight` requests being handled now. */
  queueing(now: number, inFlight = 0): boolean {
    this.roll(now);
    const informative = [this.current, this.previous].filter((w) => w.count >= this.minAnswers);
    if (informative.length === 0) return false;
    if (Math.min(...informative.map((w) => w.min)) > this.targetMs) return true;
    // The pace over the time the two windows cover (the previous one whole, the current one so far).
    const answers = this.current.count + this.previous.count;
    const spanMs = now - this.windowStart + (this.previous.count > 0 ? this.previousMs : 0);
    return inFlight > 0 && spanMs > 0 && inFlight / (answers / spanMs) > this.targetMs;
  }
}

/** How often the shed count is logged while shedding lasts (ms). */
export const SHED_LOG_INTERVAL_MS = 1000;

/**
 * One warning line for the first shed request and then one a second with the counts per reason: a line
 * per shed request would add a synchronous write to every 503, exactly when the process is overloaded.
 */
export class ShedLog {
  private counts: Record<string, number> = {};
  private lastLog = -Infinity;
  private firstReqId = '';
  constructor(
    private readonly write: (counts: Record<string, number>, firstReqId: string) => void,
    private readonly intervalMs = SHED_LOG_INTERVAL_MS,
  ) {}
  shed(reason: string, reqId: string, now: number) {
    if (!this.firstReqId) this.firstReqId = reqId;
    this.counts[reason] = (this.counts[reason] ?? 0) + 1;
    if (now - this.lastLog >= this.intervalMs) this.flush(now);
  }
  flush(now: number) {
    if (Object.keys(this.counts).length === 0) return;
    this.write(this.counts, this.firstReqId);
    this.counts = {};
    this.firstReqId = '';
    this.lastLog = now;
  }
}

function shed(req: FastifyRequest, reply: FastifyReply, reason: string, log: ShedLog) {
  reply.status(503).header('retry-after', String(SHED_RETRY_AFTER_S)).header('cache-control', 'no-store').header('x-request-id', req.id);
  log.shed(reason, req.id, Date.now());
  return {
    success: false,
    statusCode: 503,
    error: 'Service Unavailable',
    message: OVERLOADED,
    errors: [OVERLOADED],
    code: 'overloaded',
    retry_after: SHED_RETRY_AFTER_S,
    request_id: req.id,
  };
}

/**
 * Whether under-pressure's verdict stands. It reports an infinite event-loop delay when its histogram
 * got no sample in a whole interval (the process was descheduled or busy for 250 ms on a crowded
 * machine): that is no measure of a delay over the bound, and shedding on it turned every other
 * request of a 50-request burst into a 503. The in-flight bound and the queue gate still hold.
 */
export function pressureCounts(type: string, value: number | undefined, msSinceListening: number): boolean {
  if (msSinceListening < STARTUP_GRACE_MS) return false;
  if (type === 'eventLoopDelay' && !Number.isFinite(value)) return false;
  return true;
}

/** Probes are never shed: a busy process is alive, and says so. */
const PROBE_CONFIG = { pressureHandler: () => undefined, probe: true };
const probeSchema = () => ({
  hide: true,
  response: {
    200: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
    503: { type: 'object', properties: { ok: { type: 'boolean' }, reason: { type: 'string' } }, required: ['ok'] },
  },
});

export interface Lifecycle {
  /** From now on /readyz answers 503 (the load balancer stops sending new requests here). */
  drain(): void;
  readonly draining: boolean;
  /** Requests this process is handling now (counted only while shedding is on). */
  readonly inFlight: number;
}

/** Registered first, so that a shed request costs nothing else (no parsing, no database). */
export async function registerShedding(app: App, shedding: SheddingOptions | null): Promise<{ readonly inFlight: number }> {
  let inFlight = 0;
  if (shedding) {
    const gate = new LatencyGate(shedding.maxQueueMs);
    const log = new ShedLog((shedByReason, firstReqId) => app.log.warn({ shedByReason, firstReqId }, 'load shed'));
    // The last second's count, when shedding stopped before the next line was due.
    const flusher = setInterval(() => log.flush(Date.now()), SHED_LOG_INTERVAL_MS).unref();
    app.addHook('onClose', async () => {
      clearInterval(flusher);
      log.flush(Date.now());
    });
    let listeningSince = Infinity;
    app.addHook('onListen', async () => {
      listeningSince = Date.now();
    });
    // Process-level pressure (a blocked event loop): under-pressure samples it and sheds. Its handler
    // may return the body to send (its types only say void).
    await app.register(underPressure, {
      maxEventLoopDelay: shedding.maxEventLoopDelayMs,
      sampleInterval: SAMPLE_MS,
      retryAfter: SHED_RETRY_AFTER_S,
      // Returning nothing lets the request through.
      pressureHandler: (req, reply, type, value) =>
        pressureCounts(type, value as number | undefined, Date.now() - listeningSince)
          ? (shed(req, reply, type, log) as unknown as void)
          : undefined,
    });
    // Work waiting for the database: bounded in number and in age, the rest answered at once.
    app.addHook('onRequest', async (req, reply) => {
      if ((req.routeOptions.config as { probe?: boolean }).probe) return;
      const start = Date.now();
      if (inFlight >= shedding.maxInFlight) return reply.send(shed(req, reply, 'in-flight', log));
      if (gate.queueing(start, inFlight)) return reply.send(shed(req, reply, 'queue', log));
      inFlight += 1;
      // 'close' fires once the answer is sent or the client went away, whichever comes first.
      reply.raw.once('close', () => {
        inFlight -= 1;
        const end = Date.now();
        gate.done(end - start, end);
      });
    });
  }
  return {
    get inFlight() {
      return inFlight;
    },
  };
}

/** /healthz: the process answers. /readyz: it should get traffic (database reachable, not draining). */
export function registerProbes(app: App, ctx: Ctx, counter: { readonly inFlight: number }): Lifecycle {
  let draining = false;
  app.get('/healthz', { config: PROBE_CONFIG, schema: probeSchema() }, async () => ({ ok: true }));
  app.get('/readyz', { config: PROBE_CONFIG, schema: probeSchema() }, async (req, reply) => {
    if (draining) return reply.status(503).header('retry-after', String(SHED_RETRY_AFTER_S)).send({ ok: false, reason: 'draining' });
    try {
      await ctx.db.query('SELECT 1');
    } catch (e) {
      // Not ready while the database is away (restarting, failing over, full); ready again by itself once it answers.
      req.log.warn({ dbError: { code: (e as { code?: unknown }).code, message: (e as Error).message } }, 'readiness: database unreachable');
      return reply.status(503).header('retry-after', String(DB_RETRY_AFTER_S)).send({ ok: false, reason: 'database' });
    }
    return { ok: true };
  });
  // While draining, every answer closes its connection: a keep-alive socket would otherwise hold the
  // shutdown open until the grace time ends.
  app.addHook('onSend', async (_req, reply, payload) => {
    if (draining) reply.header('connection', 'close');
    return payload;
  });
  return {
    drain: () => {
      draining = true;
    },
    get draining() {
      return draining;
    },
    get inFlight() {
      return counter.inFlight;
    },
  };
}
