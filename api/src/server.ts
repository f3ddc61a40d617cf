// Programmatic entry: starts the api and, in its own supervised process, the realtime server.
// The stage decides what exists (core/config.ts): the demo seed runs only in development and test.
import { buildApp } from './app.js';
import { migrate, openDb, type Db } from './db/index.js';
import { isSeeded, seed } from './seed/index.js';
import {
  loadRealtimeData,
  realtimeDataSaver,
  superviseRealtime,
  type RealtimeDataSaver,
  type RealtimeSupervisor,
} from './realtime/index.js';
import { realtimeAccessEnded } from './bookings/index.js';
import { ConfigError, loadConfig, pointStandInsAt, type Stage } from './core/config.js';
import { readServiceAccount, setPasswordCost } from './identity/index.js';
import type { Ctx } from './core/http.js';
import { sheddingFromEnv } from './core/lifecycle.js';
import { outboxTimingFromEnv, startDispatcher, transportsFromEnv, type Channel } from './messages/index.js';

/** How long a graceful shutdown waits for in-flight requests before closing their connections (HAVEN_SHUTDOWN_GRACE_MS). */
export const SHUTDOWN_GRACE_MS = 10_000;

export interface StartOptions {
  port: number;
  host?: string;
  /** 'memory' (default when DATABASE_URL is unset and nothing given) or a PGlite data directory. DATABASE_URL wins. */
  database?: 'memory' | string;
  /** Realtime database port; default 4100 (docs/contracts.md); 0 picks a free port. */
  realtimePort?: number;
  /** `development` or `test`; anything else (or nothing, with HAVEN_STAGE unset) is production. */
  stage?: string;
  /** Extra exact CORS origins (added to HAVEN_CORS_ORIGINS). */
  corsOrigins?: string[];
  /** PostgreSQL URL; defaults to the DATABASE_URL environment variable. */
  databaseUrl?: string;
  logger?: boolean;
  /** Clock of the rate limits and lockouts (tests step over their windows). */
  clock?: () => number;
  /** Environment to read HAVEN_* and DATABASE_URL from (tests); default process.env. */
  env?: NodeJS.ProcessEnv;
  /**
   * Start the local realtime server (default: yes unless HAVEN_REALTIME=off). Its data lives in this
   * process, so with several api processes (or a real Firebase project) it is turned off.
   */
  realtime?: boolean;
}
export interface Started {
  url: string;
  realtimeUrl: string | null;
  realtimePort: number | null;
  db: Db;
  stage: Stage;
  /** Whether this start seeded the demo world (development/test with an empty database). */
  seeded: boolean;
  /** The local realtime server (null when turned off). */
  realtime: RealtimeSupervisor | null;
  /** The channels whose messages leave (a transport is configured); the others stay in the outbox. */
  messageChannels: Channel[];
  /** Graceful: readiness says "draining", in-flight requests finish (up to the grace time), then everything closes. */
  close(): Promise<void>;
}

export async function startApi(opts: StartOptions): Promise<Started> {
  // Throws (refusing to start) in production without proper secrets, before anything is opened.
  const env = opts.env ?? process.env;
  const config = loadConfig(env, { stage: opts.stage, corsOrigins: opts.corsOrigins });
  setPasswordCost(config.passwordCost);
  const serviceAccount = env.HAVEN_FIREBASE_SERVICE_ACCOUNT_FILE ? readServiceAccount(env.HAVEN_FIREBASE_SERVICE_ACCOUNT_FILE) : undefined;
  if (serviceAccount && env.HAVEN_FIREBASE_PROJECT_ID && env.HAVEN_FIREBASE_PROJECT_ID !== serviceAccount.projectId) {
    throw new ConfigError(
      `HAVEN_FIREBASE_PROJECT_ID (${env.HAVEN_FIREBASE_PROJECT_ID}) is not the service account's project (${serviceAccount.projectId})`,
    );
  }
  // Read first, so a half-configured channel stops the start before anything opens.
  const outboxTiming = outboxTimingFromEnv(env);
  const transports = transportsFromEnv(env, outboxTiming);
  const host = opts.host ?? '127.0.0.1';
  const db = await openDb({ database: opts.database ?? 'memory', url: opts.databaseUrl ?? env.DATABASE_URL ?? null });
  let realtime: RealtimeSupervisor | undefined;
  let realtimeSaver: RealtimeDataSaver | undefined;
  try {
    await migrate(db);
    // Production never seeds: demo data for a staging site is the explicit `pnpm seed:demo` command.
    const seeded = !config.isProduction && !(await isSeeded(db));
    if (seeded) await seed(db);
    const ctx: Ctx = {
      db,
      stage: config.stage,
      isProduction: config.isProduction,
      secret: config.secret,
      firebaseSecret: config.firebaseSecret,
      firebaseProjectId: serviceAccount?.projectId ?? config.firebaseProjectId,
      firebaseServiceAccount: serviceAccount,
      fileStorage: config.fileStorage,
      assetHost: config.assetHost,
      clock: opts.clock,
      uploadHourlyBytes: config.uploadHourlyBytes,
      google: config.google,
      apple: config.apple,
      facebook: config.facebook,
      sso: config.sso,
      publishOpenApi: config.publishOpenApi,
      turn: config.turn,
    };
    if (opts.realtime ?? env.HAVEN_REALTIME !== 'off') {
      const saver = realtimeDataSaver(db, { onError: (e) => console.error('[realtime] could not keep its data:', e) });
      realtimeSaver = saver;
      const supervised = await superviseRealtime({
        // What it held before the api last stopped; every change is kept again (persistence.ts).
        data: await loadRealtimeData(db),
        onSnapshot: (data) => saver.save(data),
        port: opts.realtimePort ?? 4100,
        host,
        secret: ctx.firebaseSecret,
        namespace: ctx.firebaseProjectId,
        allowedOrigins: config.corsOrigins,
        allowLocalhost: !config.isProduction,
        rulesFile: env.HAVEN_REALTIME_RULES || undefined,
        // A cancelled booking's room, a closed account: their connections are cut within this interval.
        checkAccess: (identities) => Promise.all(identities.map((i) => realtimeAccessEnded(db, i))),
        accessCheckMs: Number(env.HAVEN_REALTIME_ACCESS_CHECK_MS) || undefined,
      });
      realtime = supervised;
      ctx.realtimeData = () => supervised.data;
    }
    const app = await buildApp(ctx, {
      logger: opts.logger ?? false,
      corsOrigins: config.corsOrigins,
      shedding: sheddingFromEnv(env, config.isProduction, db.kind),
      trustProxy: config.trustProxy,
    });
    const address = await app.listen({ port: opts.port, host });
    // Before any request is served (the continuation runs ahead of the first connection's callbacks).
    pointStandInsAt(config, address);
    // Messages leave once their change committed (the outbox rows); channels without a transport keep them there.
    const dispatcher = transports.length
      ? startDispatcher(db, transports, {
          timing: outboxTiming,
          onError: (e, id) => app.log.error({ err: e, outbox_id: id }, 'message not sent'),
        })
      : null;
    const url = address.replace('127.0.0.1', 'localhost');
    const rt = realtime ?? null;
    const grace = Number(env.HAVEN_SHUTDOWN_GRACE_MS) || SHUTDOWN_GRACE_MS;
    let closing: Promise<void> | undefined;
    return {
      url: host === '127.0.0.1' ? url : address,
      realtimeUrl: rt?.url ?? null,
      realtimePort: rt?.port ?? null,
      db,
      stage: config.stage,
      seeded,
      realtime: rt,
      messageChannels: transports.map((t) => t.channel),
      close: () =>
        (closing ??= (async () => {
          app.lifecycle.drain();
          // app.close stops accepting, closes idle keep-alive sockets and waits for requests in flight;
          // past the grace time their connections are cut so that shutdown always ends.
          const cut = setTimeout(() => app.server.closeAllConnections(), grace);
          try {
            await app.close();
          } finally {
            clearTimeout(cut);
          }
          await dispatcher?.stop();
          for (const t of transports) t.close?.();
          await rt?.close();
          await realtimeSaver?.flush();
          await db.close();
        })()),
    };
  } catch (e) {
    await realtime?.close().catch(() => undefined);
    await db.close().catch(() => undefined);
    throw e;
  }
}
