// The api tests' server: one real api per test file (127.0.0.1, random ports, a copy of the run's seeded
// database, or a PostgreSQL database of its own under TEST_POSTGRES=1), with the test-stage environment
// of support/runtime.ts. The realtime server starts only for the files that use it.
import { after, before } from 'node:test';
import { startApi, type Started } from '../../src/server.js';
import type { RealtimeSupervisor } from '../../src/realtime/supervisor.js';
import { applyTestStageEnv } from './runtime.js';
import { savedDatabase } from './databases.js';

/**
 * With DATABASE_URL (scripts/test-postgres.sh): a fresh PostgreSQL database of the caller's own, and how to
 * drop it; empty, or with `template` a copy of that (migrated, seeded) database.
 */
export async function freshPostgres(template?: string): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const admin = process.env.DATABASE_URL;
  if (!admin) return null;
  const { default: pg } = await import('pg');
  const name = `haven_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await c.end();
  const u = new URL(admin);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const d = new pg.Client({ connectionString: admin });
      await d.connect();
      await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await d.end();
    },
  };
}

/** Each booted api's database by its base address (signUpWithCode frees the sign-up code's send slot). */
const databases = new Map<string, Started['db']>();
export const databaseOf = (api: string) => databases.get(api);

export interface BootOptions {
  clock?: () => number;
  stage?: string;
  env?: NodeJS.ProcessEnv;
}
export type TestServer = Started & { api: string };
export type RealtimeTestServer = TestServer & { realtime: RealtimeSupervisor; realtimePort: number };

/** A test api with its realtime server, for the files that connect to it. */
export function boot(opts: BootOptions & { realtime: true }): Promise<RealtimeTestServer>;
// Last, so that `Awaited<ReturnType<typeof boot>>` names this one.
/** A test api without a realtime server (most files never connect to one). */
export function boot(opts?: BootOptions): Promise<TestServer>;
export async function boot(opts: BootOptions & { realtime?: boolean } = {}): Promise<TestServer> {
  applyTestStageEnv();
  // A copy of the run's migrated, seeded PostgreSQL database when scripts/test-postgres.sh made one.
  const fresh = await freshPostgres(process.env.HAVEN_TEST_PG_TEMPLATE);
  const s = await startApi({
    port: 0,
    host: '127.0.0.1',
    // A copy of the run's migrated, seeded database when scripts/run-tests.sh saved one (fresh otherwise).
    database: savedDatabase('seeded') ?? 'memory',
    realtimePort: 0,
    stage: opts.stage ?? 'test',
    databaseUrl: fresh?.url,
    clock: opts.clock,
    realtime: opts.realtime ?? false,
    env: opts.env && { ...process.env, ...opts.env },
  });
  if (opts.realtime && (!s.realtime || s.realtimePort === null)) throw new Error('the test server starts its realtime server');
  const api = `${s.url}/api/v1`;
  databases.set(api, s.db);
  return {
    ...s,
    api,
    close: async () => {
      databases.delete(api);
      await s.close();
      await fresh?.drop();
    },
  };
}

/**
 * The file's server: booted once, before its tests, closed after them. `await server()` (in a test or a
 * `before` of the file) is the running server: a file's own `before` hooks do not wait for this one.
 */
export function serverPerFile(opts: BootOptions & { realtime: true }): () => Promise<RealtimeTestServer>;
export function serverPerFile(opts?: BootOptions): () => Promise<TestServer>;
export function serverPerFile(opts: BootOptions & { realtime?: boolean } = {}): () => Promise<TestServer> {
  let booting: Promise<TestServer> | undefined;
  const server = () => (booting ??= boot(opts as BootOptions & { realtime: true }));
  before(async () => {
    await server();
  });
  after(async () => {
    if (booting) await (await booting).close();
  });
  return server;
}
