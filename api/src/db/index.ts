// One small database interface over PGlite (embedded, default) and node-postgres (DATABASE_URL).
// The SQL is plain PostgreSQL, so the same code runs on both.
import { readdir, readFile } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { BUILT, CODE_DIR } from '../config/paths.js';
import type { PGlite } from '@electric-sql/pglite';
import { errorFromMessage, openPgliteDatabase, type FromDbThread, type ToDbThread } from './pglite-protocol.js';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export type Row = Record<string, unknown>;
export interface Queryable {
  query<T = Row>(sql: string, params?: unknown[]): Promise<T[]>;
}
export interface Db extends Queryable {
  kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction; everything fn writes is rolled back if it throws. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  exec(sql: string): Promise<void>;
  /**
   * Runs fn while holding a database-wide lock named `name` (a PostgreSQL session advisory lock on a
   * connection of its own), so that several api processes never do fn at the same time. PGlite lives in
   * one process: fn just runs.
   */
  withLock<T>(name: string, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** `url`: a PostgreSQL URL; undefined falls back to DATABASE_URL; null means PGlite whatever the environment says. */
export async function openDb(opts: { database?: 'memory' | string; url?: string | null }): Promise<Db> {
  const url = opts.url === undefined ? process.env.DATABASE_URL : opts.url;
  if (url) return openPostgres(url);
  return openPglite(opts.database ?? 'memory');
}

async function openPglite(database: string): Promise<Db> {
  return process.env.HAVEN_PGLITE_THREAD === 'main' ? openPgliteHere(database) : openPgliteThread(database);
}

/** PGlite on a thread of its own (the default): see pglite-worker.ts for why. */
async function openPgliteThread(database: string): Promise<Db> {
  const worker = startDbThread(database);
  const waiting = new Map<number, { resolve: (rows: unknown[]) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let failure: Error | null = null;
  const ready = new Promise<void>((resolve, reject) => {
    waiting.set(0, { resolve: () => resolve(), reject });
  });
  worker.on('message', (message: FromDbThread) => {
    const entry = waiting.get(message.id);
    if (!entry) return;
    waiting.delete(message.id);
    if (message.ok) entry.resolve(message.rows);
    else entry.reject(errorFromMessage(message.error));
  });
  const failAll = (error: Error) => {
    failure = error;
    for (const entry of waiting.values()) entry.reject(error);
    waiting.clear();
  };
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(new Error(`the embedded database's thread stopped (exit ${code})`)));
  const send = (message: DistributiveOmit<ToDbThread, 'id'>): Promise<unknown[]> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker.postMessage({ ...message, id });
    });
  };
  await ready;
  return {
    kind: 'pglite',
    query: async <T>(sql: string, params?: unknown[]) => (await send({ op: 'query', sql, params: params ?? [] })) as T[],
    tx: async (fn) => {
      // The transaction's id is its 'begin' message's id: the thread keeps PGlite's lock until 'end'.
      const txId = nextId;
      await send({ op: 'begin' });
      let out;
      try {
        out = await fn({
          query: async <T>(sql: string, params?: unknown[]) => (await send({ op: 'query', sql, params: params ?? [], tx: txId })) as T[],
        });
      } catch (e) {
        await send({ op: 'end', tx: txId, commit: false }).catch(() => undefined);
        throw e;
      }
      await send({ op: 'end', tx: txId, commit: true });
      return out;
    },
    exec: async (sql) => {
      await send({ op: 'exec', sql });
    },
    withLock: (_name, fn) => fn(),
    close: async () => {
      if (!failure) await send({ op: 'close' }).catch(() => undefined);
      await worker.terminate();
    },
  };
}

function startDbThread(database: string): Worker {
  const file = path.join(CODE_DIR, 'db', BUILT ? 'pglite-worker.js' : 'pglite-worker.ts');
  if (BUILT) return new Worker(file, { workerData: { database } });
  // From source the thread needs tsx as the api does; `--import tsx` in a worker's execArgv does not
  // reach its entry module on Node 20, so a one-line script loads the entry through tsx's own loader.
  const tsx = import.meta.resolve('tsx/esm/api');
  const load = `import(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${JSON.stringify(pathToFileURL(file).href)}, ${JSON.stringify(import.meta.url)}))`;
  return new Worker(load, { eval: true, workerData: { database } });
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** PGlite on the api's own thread (HAVEN_PGLITE_THREAD=main): for comparing in the benchmark. */
async function openPgliteHere(database: string): Promise<Db> {
  return pgliteDb(await openPgliteDatabase(database));
}

/** The Db interface over a PGlite this thread holds (scripts that need PGlite's own calls too, e.g. a dump). */
export function pgliteDb(pg: PGlite): Db {
  const q = async <T>(runner: { query: (s: string, p?: unknown[]) => Promise<{ rows: unknown[] }> }, sql: string, params?: unknown[]) =>
    (await runner.query(sql, params ?? [])).rows as T[];
  return {
    kind: 'pglite',
    query: (sql, params) => q(pg, sql, params),
    tx: (fn) => pg.transaction((t) => fn({ query: (sql, params) => q(t, sql, params) })),
    exec: async (sql) => {
      await pg.exec(sql);
    },
    withLock: (_name, fn) => fn(),
    close: () => pg.close(),
  };
}

/** Connections per api process (HAVEN_PG_POOL_MAX): processes × this must stay under the server's max_connections. */
export const PG_POOL_MAX = 10;
/** Distinct statements an api process prepares (HAVEN_PG_PREPARED_MAX; 0 turns preparing off); the rest run unprepared. */
export const PG_PREPARED_MAX = 256;

/**
 * Names for prepared statements, one per SQL text, so that PostgreSQL parses and plans each hot query
 * once per connection instead of on every request (the benchmark's two queries a request: about a
 * third of the server's CPU). Only statements with parameters are named: they already use the
 * extended protocol, so naming changes nothing else (a text without parameters may hold several
 * statements, which cannot be prepared). The first `max` texts get names and keep them; texts built
 * with values in them (a page number) simply run unprepared once the table is full.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();
  private next = 0;
  constructor(private readonly max: number) {}
  nameOf(sql: string, params: unknown[]): string | undefined {
    if (params.length === 0) return undefined;
    let name = this.names.get(sql);
    if (name === undefined && this.names.size < this.max) this.names.set(sql, (name = `h${this.next++}`));
    return name;
  }
  /**
   * A table changed under a prepared `SELECT *` (a migration by a newer process in a rolling release):
   * PostgreSQL refuses the old plan. A new name makes each connection prepare the text again.
   */
  renew(sql: string): string | undefined {
    if (!this.names.has(sql)) return undefined;
    const name = `h${this.next++}`;
    this.names.set(sql, name);
    return name;
  }
}
/** PostgreSQL's answer when a prepared statement's result columns changed since it was prepared. */
export function isStalePlan(e: unknown): boolean {
  return (e as { code?: string }).code === '0A000' && /cached plan must not change result type/.test((e as Error).message);
}

/**
 * Milliseconds a request waits for a pooled connection (HAVEN_PG_CONNECT_TIMEOUT_MS): a database that
 * does not answer at all (a network partition, a frozen failover) fails the request with a 503 instead
 * of holding it until the client gives up.
 */
export const PG_CONNECT_TIMEOUT_MS = 10_000;

/**
 * A pooled connection checked out for a transaction or a lock. node-postgres emits 'error' on a client
 * whose connection ends (the server restarted, failed over, or ended it): the pool listens only while
 * the client is idle, and an 'error' event nobody listens to ends the process. Here the loss is
 * recorded (the statement waiting on it fails on its own, and the request answers 503), and release()
 * hands the client back broken, so that the pool drops it and opens a new one: the pool heals.
 */
async function checkout(pool: import('pg').Pool) {
  const client = await pool.connect();
  let lost: Error | undefined;
  const onError = (e: Error) => {
    lost ??= e;
  };
  client.on('error', onError);
  return {
    client,
    /** Something failed that leaves the connection in doubt (a failed ROLLBACK): it is not reused. */
    broken(e: unknown) {
      lost ??= e instanceof Error ? e : new Error(String(e));
    },
    release() {
      client.removeListener('error', onError);
      client.release(lost);
    },
  };
}

async function openPostgres(url: string): Promise<Db> {
  const pgmod = await import('pg');
  const max = Number(process.env.HAVEN_PG_POOL_MAX) || PG_POOL_MAX;
  const connectTimeout = Number(process.env.HAVEN_PG_CONNECT_TIMEOUT_MS) || PG_CONNECT_TIMEOUT_MS;
  const pool = new pgmod.default.Pool({ connectionString: url, max, connectionTimeoutMillis: connectTimeout });
  // A broken idle connection (server restart, failover) is dropped by the pool; without a listener it
  // would crash the process. A checked-out one has its own listener (checkout below).
  pool.on('error', (e) => console.error(`[db] idle PostgreSQL connection failed: ${e.message}`));
  // bigint columns come back as strings by default; every bigint here fits a JS number.
  pgmod.default.types.setTypeParser(20, (v: string) => Number(v));
  // dates stay 'YYYY-MM-DD' strings (as in PGlite), never shifted by the local time zone.
  pgmod.default.types.setTypeParser(1082, (v: string) => v);
  const envMax = process.env.HAVEN_PG_PREPARED_MAX;
  const names = new StatementNames(
    envMax !== undefined && Number.isInteger(Number(envMax)) && Number(envMax) >= 0 ? Number(envMax) : PG_PREPARED_MAX,
  );
  return {
    kind: 'postgres',
    query: async (sql, params = []) => {
      const name = names.nameOf(sql, params);
      if (!name) return (await pool.query(sql, params)).rows;
      try {
        return (await pool.query({ name, text: sql, values: params })).rows;
      } catch (e) {
        if (!isStalePlan(e)) throw e;
        // Nothing ran: the statement was refused before execution, so running it again is safe.
        return (await pool.query({ name: names.renew(sql), text: sql, values: params })).rows;
      }
    },
    tx: async (fn) => {
      const c = await checkout(pool);
      try {
        await c.client.query('BEGIN');
        const out = await fn({ query: async (sql, params) => (await c.client.query(sql, params ?? [])).rows });
        await c.client.query('COMMIT');
        return out;
      } catch (e) {
        await c.client.query('ROLLBACK').catch((rollbackFailed: unknown) => c.broken(rollbackFailed));
        throw e;
      } finally {
        c.release();
      }
    },
    exec: async (sql) => {
      await pool.query(sql);
    },
    withLock: async (name, fn) => {
      const c = await checkout(pool);
      try {
        await c.client.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
        const out = await fn();
        // A lost connection has let go of its lock already: fn's outcome stands.
        await c.client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]).catch((e: unknown) => c.broken(e));
        return out;
      } catch (e) {
        await c.client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]).catch((unlockFailed: unknown) => c.broken(unlockFailed));
        throw e;
      } finally {
        c.release();
      }
    },
    close: () => pool.end(),
  };
}

const migrationsDir = path.join(CODE_DIR, 'db', 'migrations');

/**
 * Plain SQL migrations, applied in file-name order, each once (recorded in schema_migrations). Under a
 * database lock: api processes starting together migrate once, the others wait and find nothing to do.
 */
export function migrate(db: Db): Promise<string[]> {
  return db.withLock('haven:migrate', () => migrateLocked(db));
}

async function migrateLocked(db: Db): Promise<string[]> {
  await db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  const done = new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
  const files = (await readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).sort();
  const applied: string[] = [];
  for (const f of files) {
    if (done.has(f)) continue;
    const sql = await readFile(path.join(migrationsDir, f), 'utf8');
    await db.exec(`BEGIN;\n${sql}\nINSERT INTO schema_migrations(name) VALUES ('${f}');\nCOMMIT;`);
    applied.push(f);
  }
  return applied;
}
