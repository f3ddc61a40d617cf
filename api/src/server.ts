// Programmatic entry: starts the api AND the realtime server; seeds a fresh database.
import { buildApp } from './app.js';
import { migrate, openDb, type Db } from './db/index.js';
import { isSeeded, seed } from './seed/index.js';
import { startRealtime, type RealtimeServer } from './realtime/server.js';
import type { Ctx } from './lib/http.js';

export interface StartOptions {
  port: number;
  host?: string;
  /** 'memory' (default when DATABASE_URL is unset and nothing given) or a PGlite data directory. DATABASE_URL wins. */
  database?: 'memory' | string;
  /** Realtime database port; default 4100 (docs/contracts.md); 0 picks a free port. */
  realtimePort?: number;
  stage?: string;
  /** PostgreSQL URL; defaults to the DATABASE_URL environment variable. */
  databaseUrl?: string;
  logger?: boolean;
  /** Clock of the rate limits and lockouts (tests step over their windows). */
  clock?: () => number;
}
export interface Started { url: string; realtimeUrl: string; realtimePort: number; db: Db; close(): Promise<void> }

const DEV_SECRET = 'haven-local-development-secret-do-not-use-in-production';

export async function startApi(opts: StartOptions): Promise<Started> {
  const stage = opts.stage ?? process.env.HAVEN_STAGE ?? 'development';
  const isProduction = stage === 'production';
  const secret = process.env.HAVEN_API_SECRET ?? (isProduction ? undefined : DEV_SECRET);
  if (!secret) throw new Error('HAVEN_API_SECRET is required in production');
  const host = opts.host ?? '127.0.0.1';
  const db = await openDb({ database: opts.database ?? 'memory', url: opts.databaseUrl });
  let realtime: RealtimeServer | undefined;
  try {
    await migrate(db);
    if (!(await isSeeded(db))) await seed(db);
    const ctx: Ctx = {
      db, stage, isProduction, secret,
      firebaseSecret: process.env.HAVEN_FIREBASE_SECRET ?? `${secret}:firebase`,
      firebaseProjectId: process.env.HAVEN_FIREBASE_PROJECT_ID ?? 'haven-local',
      clock: opts.clock,
    };
    realtime = await startRealtime({ port: opts.realtimePort ?? 4100, host, secret: ctx.firebaseSecret, namespace: ctx.firebaseProjectId });
    const app = await buildApp(ctx, { logger: opts.logger ?? false });
    const address = await app.listen({ port: opts.port, host });
    const url = address.replace('127.0.0.1', 'localhost');
    const rt = realtime;
    return {
      url: host === '127.0.0.1' ? url : address,
      realtimeUrl: rt.url,
      realtimePort: rt.port,
      db,
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
