// What the mail fault tests share: a real SMTP server on 127.0.0.1 (smtp-server, read with mailparser)
// that can go away and come back on the same port, or answer slowly, and counts what it accepted by
// Message-ID; and the api under test: with DATABASE_URL, two api processes on a fresh PostgreSQL database
// of their own (each with its own pool and dispatcher); else one api on PGlite in memory, in this process.
// The api runs as in production (no demo seed, so it starts in a few seconds).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { freshPostgres } from '../test/support/server.js';
import { productionTestEnv } from '../test/support/runtime.js';
import { openDb, type Db } from '../src/db/index.js';
import { SNAPSHOT_PREFIX } from '../src/db/pglite-protocol.js';
import { startApi, type Started } from '../src/server.js';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const MAIL_FROM = 'Haven <no-reply@haven.localhost>';

export interface Accepted {
  to: string;
  subject: string;
  messageId: string;
  /** When the server answered 250 (ms since the epoch). */
  at: number;
}

export interface MailServer {
  port: number;
  url: string;
  accepted: Accepted[];
  /** Stops listening and cuts every connection: a connection attempt is refused until start(). */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
}

/** An SMTP server that answers each message `acceptDelayMs` after it has the whole message. */
export async function startMailServer(o: { acceptDelayMs?: number } = {}): Promise<MailServer> {
  const accepted: Accepted[] = [];
  let server: SMTPServer | null = null;
  let port = 0;
  const listen = async () => {
    const s = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      // Gone means gone: connections still open when it stops are cut at once.
      closeTimeout: 50,
      logger: false,
      onData(stream, session, done) {
        simpleParser(stream)
          .then(async (parsed) => {
            if (o.acceptDelayMs) await new Promise((ok) => setTimeout(ok, o.acceptDelayMs));
            for (const r of session.envelope.rcptTo)
              accepted.push({
                to: r.address.toLowerCase(),
                subject: parsed.subject ?? '',
                messageId: parsed.messageId ?? '',
                at: Date.now(),
              });
            done();
          })
          .catch((e: unknown) => done(e instanceof Error ? e : new Error(String(e))));
      },
    });
    await new Promise<void>((ok, fail) => {
      s.once('error', fail);
      s.listen(port, '127.0.0.1', () => ok());
    });
    // Errors of a connection cut at stop() are expected; they must not end the test process.
    s.on('error', () => undefined);
    port = (s.server.address() as AddressInfo).port;
    server = s;
  };
  await listen();
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    stop: async () => {
      const s = server;
      server = null;
      if (s) await new Promise<void>((ok) => s.close(() => ok()));
    },
    start: listen,
  };
}

export interface Apis {
  /** The test's own connection to the api's database. */
  db: Db;
  /** How many api processes send (2 on PostgreSQL, 1 on PGlite). */
  processes: number;
  close(): Promise<void>;
}

/** The api (see the file's head) with `env` added to the environment; resolves once every process answers. */
export async function startApis(extra: Record<string, string>): Promise<Apis> {
  const filesDir = mkdtempSync(path.join(tmpdir(), 'haven-mail-faults-'));
  const env: Record<string, string> = { ...productionTestEnv(filesDir), ...extra };
  const removeFiles = () => rmSync(filesDir, { recursive: true, force: true });
  const fresh = await freshPostgres();
  if (!fresh) {
    // A copy of the suite's migrated database when scripts/run-tests.sh saved one (quicker than migrating).
    const snapshot = process.env.HAVEN_TEST_DB_SNAPSHOT;
    const database = snapshot ? `${SNAPSHOT_PREFIX}${snapshot}` : 'memory';
    const s: Started = await startApi({
      port: 0,
      host: '127.0.0.1',
      database,
      stage: 'production',
      realtime: false,
      env: { ...process.env, ...env },
    });
    return { db: s.db, processes: 1, close: () => s.close().finally(removeFiles) };
  }
  const children: ChildProcess[] = [];
  const db = await openDb({ url: fresh.url });
  try {
    // Together: the migrations run once, under an advisory lock.
    const started = await Promise.allSettled([0, 1].map(() => spawnApi({ ...env, DATABASE_URL: fresh.url })));
    for (const s of started) if (s.status === 'fulfilled') children.push(s.value);
    for (const s of started) if (s.status === 'rejected') throw s.reason;
  } catch (e) {
    for (const c of children) c.kill('SIGKILL');
    await db.close();
    await fresh.drop();
    removeFiles();
    throw e;
  }
  return {
    db,
    processes: 2,
    close: async () => {
      await Promise.all(
        children.map((c) => new Promise((ok) => (c.exitCode !== null ? ok(null) : (c.once('exit', ok), c.kill('SIGTERM'))))),
      );
      await db.close();
      await fresh.drop();
      removeFiles();
    },
  };
}

async function spawnApi(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('test-faults', 'mail-api.ts')], {
    cwd: API_DIR,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((ok, fail) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error('an api process did not start within 60 s')), 60_000);
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      if (out.includes('ready ')) {
        clearTimeout(timer);
        ok();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`an api process exited (${code}) before it was ready`));
    });
  });
  return child;
}

/** Polls `check` until it answers true or `ms` pass; answers whether it did. */
export async function until(check: () => Promise<boolean>, ms: number, stepMs = 100): Promise<boolean> {
  const end = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > end) return false;
    await new Promise((ok) => setTimeout(ok, stepMs));
  }
}

/** What the server accepted, by recipient and by Message-ID: duplicates are second (third...) copies. */
export function tally(accepted: Accepted[]) {
  const byTo = new Map<string, number>();
  const byId = new Map<string, number>();
  for (const a of accepted) {
    byTo.set(a.to, (byTo.get(a.to) ?? 0) + 1);
    byId.set(a.messageId, (byId.get(a.messageId) ?? 0) + 1);
  }
  const extra = (m: Map<string, number>) => [...m.values()].reduce((n, k) => n + k - 1, 0);
  return { byTo, byId, duplicatesByRecipient: extra(byTo), duplicatesByMessageId: extra(byId) };
}
