// Programmatic entry: starts the api and, in its own supervised process, the realtime server.
// The stage decides what exists (lib/config.ts): the demo seed runs only in development and test.
import { buildApp } from './app.js';
import { migrate, openDb, type Db } from './db/index.js';
import { isSeeded, seed } from './seed/index.js';
import { superviseRealtime, type RealtimeSupervisor } from './realtime/supervisor.js';
import { loadConfig, type Stage } from './lib/config.js';
import type { Ctx } from './lib/http.js';

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
}
export interface Started {
  url: string; realtimeUrl: string; realtimePort: number; db: Db; stage: Stage;
  /** Whether this start seeded the demo world (development/test with an empty database). */
  seeded: boolean;
  realtime: RealtimeSupervisor;
  close(): Promise<void>;
}

export async function startApi(opts: StartOptions): Promise<Started> {
  // Throws (refusing to start) in production without proper secrets, before anything is opened.
  const env = opts.env ?? process.env;
  const config = loadConfig(env, { stage: opts.stage, corsOrigins: opts.corsOrigins });
  const host = opts.host ?? '127.0.0.1';
  const db = await openDb({ database: opts.database ?? 'memory', url: opts.databaseUrl ?? env.DATABASE_URL ?? null });
  let realtime: RealtimeSupervisor | undefined;
  try {
    await migrate(db);
    // Production never seeds: demo data for a staging site is the explicit `pnpm seed:demo` command.
    const seeded = !config.isProduction && !(await isSeeded(db));
    if (seeded) await seed(db);
    const ctx: Ctx = {
      db, stage: config.stage, isProduction: config.isProduction, secret: config.secret,
      firebaseSecret: config.firebaseSecret, firebaseProjectId: config.firebaseProjectId,
      filesDir: config.filesDir, assetHost: config.assetHost, clock: opts.clock,
    };
    realtime = await superviseRealtime({
      port: opts.realtimePort ?? 4100, host, secret: ctx.firebaseSecret, namespace: ctx.firebaseProjectId,
      allowedOrigins: config.corsOrigins, allowLocalhost: !config.isProduction,
    });
    const supervised = realtime;
    ctx.realtimeData = () => supervised.data;
    const app = await buildApp(ctx, { logger: opts.logger ?? false, corsOrigins: config.corsOrigins });
    const address = await app.listen({ port: opts.port, host });
    const url = address.replace('127.0.0.1', 'localhost');
    const rt = realtime;
    return {
      url: host === '127.0.0.1' ? url : address,
      realtimeUrl: rt.url,
      realtimePort: rt.port,
      db,
      stage: config.stage,
      seeded,
      realtime: rt,
      close: async () => {
        await app.close();
        await rt.close();
        await db.close();
      },
    };
  } catch (e) {
    await realtime?.close().catch(() => undefined);
    await db.close().catch(() => undefined);
    throw e;
  }
}
