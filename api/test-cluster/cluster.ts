// The production build (api/dist) as separate processes on one PostgreSQL database, and a small
// round-robin proxy in front of them: what a load balancer does. Used by the cluster test and the
// benchmark. Needs DATABASE_URL (an admin URL: each cluster gets a fresh database of its own).
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request, Agent, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { productionTestEnv } from '../test/support/runtime.js';

export const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MAIN = path.join(API_DIR, 'dist', 'main.js');

/** A fresh database on the cluster of DATABASE_URL; drop() removes it. */
export async function freshDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = process.env.DATABASE_URL;
  if (!admin) throw new Error('DATABASE_URL (a PostgreSQL admin URL) is required: run through api/scripts/test-cluster.sh');
  const name = `${prefix}_${process.pid}_${randomBytes(3).toString('hex')}`;
  const run = async (sql: string) => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const u = new URL(admin);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export interface ApiProcess {
  url: string;
  child: ChildProcess;
  /** Every stdout line so far (JSON in production). */
  lines: string[];
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

/** Production environment of one deployment: secrets shared by its processes, no local realtime server. */
export function productionEnv(databaseUrl: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const filesDir = mkdtempSync(path.join(tmpdir(), 'haven-files-'));
  // Tests that read client addresses from the proxy pass HAVEN_TRUST_PROXY 'loopback' in `extra`.
  return { PATH: process.env.PATH, NODE_ENV: 'production', DATABASE_URL: databaseUrl, ...productionTestEnv(filesDir), ...extra };
}

/** Starts `node api/dist/main.js` and waits for its "listening" log line. `nodeArgs`: e.g. --cpu-prof (the benchmark's profile). */
export function startApiProcess(env: NodeJS.ProcessEnv, args: string[] = [], nodeArgs: string[] = []): Promise<ApiProcess> {
  const child = spawn(process.execPath, [...nodeArgs, MAIN, '--port', '0', '--host', '127.0.0.1', ...args], {
    cwd: API_DIR,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let buf = '';
    child.stdout!.on('data', (d: Buffer) => {
      buf += d.toString();
      let i;
      while ((i = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 1);
        lines.push(line);
        const m = /"msg":"Haven api listening","url":"([^"]+)"/.exec(line) ?? /Haven api\s+(http:\/\/\S+)\/api\/v1/.exec(line);
        if (m) resolve({ url: m[1]!.replace('localhost', '127.0.0.1'), child, lines, exited });
      }
    });
    void exited.then((code) => reject(new Error(`api process exited (${String(code)}) before listening`)));
  });
}

/** Stops a process gracefully (SIGTERM) and waits for it. */
export async function stopApiProcess(p: ApiProcess): Promise<number | null> {
  if (p.child.exitCode === null) p.child.kill('SIGTERM');
  return p.exited;
}

/**
 * A round-robin HTTP proxy on 127.0.0.1 (free port) over `targets`: request n goes to target n mod N.
 * Like a load balancer it appends the client's address to X-Forwarded-For; a test names several
 * clients with the `x-test-client` header (its value becomes the client address), since every test
 * request comes from 127.0.0.1.
 */
export async function roundRobinProxy(targets: string[]): Promise<{ url: string; counts: number[]; close(): Promise<void> }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const counts = targets.map(() => 0);
  let next = 0;
  const server: Server = createServer((req, res) => {
    const i = next++ % targets.length;
    counts[i]! += 1;
    const t = new URL(targets[i]!);
    const { 'x-test-client': client, 'x-forwarded-for': prior, ...headers } = req.headers;
    const address = typeof client === 'string' ? client : (req.socket.remoteAddress ?? '');
    headers['x-forwarded-for'] = typeof prior === 'string' ? `${prior}, ${address}` : address;
    const up = request({ host: t.hostname, port: t.port, method: req.method, path: req.url, headers, agent }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    up.on('error', (e) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`proxy: ${e.message}`);
    });
    req.pipe(up);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    close: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Writes the demo world into the (migrated, empty) database with the built seed command. */
export async function seedDemo(env: NodeJS.ProcessEnv): Promise<void> {
  const child = spawn(process.execPath, [path.join(API_DIR, 'dist', 'seed', 'cli.js'), '--demo'], {
    cwd: API_DIR,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`seed exited ${String(code)}`);
}

export function removeFilesDir(env: NodeJS.ProcessEnv) {
  if (env.HAVEN_FILES_DIR) rmSync(env.HAVEN_FILES_DIR, { recursive: true, force: true });
}

/** The round-robin proxy as a separate process (proxy-cli.ts): the benchmark's, off the load generator's event loop. */
export function startProxyProcess(targets: string[]): Promise<{ url: string; child: ChildProcess; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(API_DIR, 'test-cluster', 'proxy-cli.ts'), ...targets], {
    cwd: API_DIR,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let buf = '';
    child.stdout!.on('data', (d: Buffer) => {
      buf += d.toString();
      const m = /^proxy (http:\/\/\S+)$/m.exec(buf);
      if (m)
        resolve({
          url: m[1]!,
          child,
          stop: async () => {
            if (child.exitCode === null) child.kill('SIGTERM');
            await exited;
          },
        });
    });
    void exited.then((code) => reject(new Error(`proxy process exited (${String(code)}) before listening`)));
  });
}

export interface TwoProcessCluster {
  database: Awaited<ReturnType<typeof freshDatabase>>;
  env: NodeJS.ProcessEnv;
  procs: ApiProcess[];
  proxy: Awaited<ReturnType<typeof roundRobinProxy>>;
  /** A client of the cluster's database, for what the tests read or write directly. */
  sql: pg.Client;
  stop(): Promise<void>;
}

/**
 * Two production processes started together on a fresh, seeded database behind the round-robin proxy.
 * The two time-based shedding bounds are lifted: on a busy test machine they could shed a test's burst
 * (shedding has its own tests in test/lifecycle.test.ts).
 */
export async function startTwoProcessCluster(prefix: string, extraEnv: Record<string, string> = {}): Promise<TwoProcessCluster> {
  const database = await freshDatabase(prefix);
  const env = productionEnv(database.url, { HAVEN_MAX_QUEUE_MS: '600000', HAVEN_MAX_EVENT_LOOP_DELAY_MS: '600000', ...extraEnv });
  // Both start together on the empty database: one migrates, the other waits for the lock.
  const procs = await Promise.all([startApiProcess(env), startApiProcess(env)]);
  await seedDemo(env);
  const proxy = await roundRobinProxy(procs.map((p) => p.url));
  const sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  return {
    database,
    env,
    procs,
    proxy,
    sql,
    async stop() {
      await sql.end();
      await proxy.close();
      await Promise.all(procs.map(stopApiProcess));
      await database.drop();
      removeFilesDir(env);
    },
  };
}
