// The fault suite's tools (run by scripts/test-faults.sh, which starts the throwaway PostgreSQL server):
// two production api processes on a fresh seeded database, a stand-in payment gateway, restarting the
// PostgreSQL server, killing a process, waiting for readiness, and the ledger checks in SQL. Every wait
// is bounded in count and time; everything listens on 127.0.0.1.
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import pg from 'pg';
import { freshDatabase, productionEnv, removeFilesDir, seedDemo, startApiProcess, type ApiProcess } from '../test-cluster/cluster.js';
import { startFakeGateway, type FakeGateway } from '../test/fake-gateway.js';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const PAYMENT_KEY_SECRET = 'faults-key-secret';
export const WEBHOOK_SECRET = 'faults-webhook-secret';

/** A pool for the test's own SQL: it outlives a restarted server (a broken connection is dropped, never thrown). */
export function testPool(url: string, max = 3): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5000 });
  pool.on('error', () => undefined);
  return pool;
}

/** Runs `q` until the server answers it (bounded), for the test's own reads after a fault. */
export async function sqlWhenUp<T extends pg.QueryResultRow>(pool: pg.Pool, q: string, params: unknown[] = []): Promise<T[]> {
  let last: unknown;
  for (let i = 0; i < 60; i++) {
    try {
      return (await pool.query<T>(q, params)).rows;
    } catch (e) {
      last = e;
      await sleep(250);
    }
  }
  throw last instanceof Error ? last : new Error(String(last));
}

export interface FaultCluster {
  env: NodeJS.ProcessEnv;
  /** The api processes; a killed one is replaced in place (restartDead). */
  procs: ApiProcess[];
  gateway: FakeGateway;
  pool: pg.Pool;
  databaseUrl: string;
  /** Bookings made before this id are the seed's: the ledger checks what the suite made. */
  firstBookingId: number;
  /** Starts a new process in place of every one that exited (a killed one, or one PostgreSQL took down). */
  restartDead(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Two production processes on a fresh, seeded database, paying through the stand-in gateway (orders,
 * refunds with idempotency keys) and its signed webhook. The refund retry pass runs every second. The
 * time-based shedding bounds are lifted (a busy test machine would shed), the connection wait is short.
 */
export async function startFaultCluster(prefix: string, extraEnv: Record<string, string> = {}): Promise<FaultCluster> {
  const gateway = await startFakeGateway();
  const database = await freshDatabase(prefix);
  const env = productionEnv(database.url, {
    HAVEN_MAX_QUEUE_MS: '600000',
    HAVEN_MAX_EVENT_LOOP_DELAY_MS: '600000',
    HAVEN_PAYMENT_KEY_ID: 'rzp_test_faults',
    HAVEN_PAYMENT_KEY_SECRET: PAYMENT_KEY_SECRET,
    HAVEN_PAYMENT_API_BASE: gateway.url,
    HAVEN_PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET,
    HAVEN_REFUND_RETRY_MS: '1000',
    HAVEN_PG_CONNECT_TIMEOUT_MS: '3000',
    LOG_LEVEL: 'error',
    ...extraEnv,
  });
  const procs = await Promise.all([startApiProcess(env), startApiProcess(env)]);
  // A test file stopped at its time limit must not leave api processes behind (they would also hold
  // the runner's output open): they are killed with it.
  const killAll = () => {
    for (const p of procs) if (alive(p)) p.child.kill('SIGKILL');
  };
  process.once('exit', killAll);
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    process.once(signal, () => {
      killAll();
      process.exit(1);
    });
  await seedDemo(env);
  const pool = testPool(database.url);
  const [{ max }] = (await pool.query<{ max: number }>(`SELECT COALESCE(max(id), 0)::int AS max FROM bookings`)).rows as [{ max: number }];
  return {
    env,
    procs,
    gateway,
    pool,
    databaseUrl: database.url,
    firstBookingId: max + 1,
    async restartDead() {
      let n = 0;
      for (let i = 0; i < procs.length; i++) {
        if (procs[i]!.child.exitCode === null && procs[i]!.child.signalCode === null) continue;
        procs[i] = await startApiProcess(env);
        n++;
      }
      return n;
    },
    async stop() {
      for (const p of procs) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGTERM');
      await Promise.all(procs.map((p) => Promise.race([p.exited, sleep(12_000)])));
      for (const p of procs) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
      await pool.end().catch(() => undefined);
      await gateway.close();
      await database.drop().catch(() => undefined);
      removeFilesDir(env);
    },
  };
}

export const alive = (p: ApiProcess) => p.child.exitCode === null && p.child.signalCode === null;

/** `pg_ctl` on the suite's server (scripts/lib-pg-cluster.sh exports where it is), as its owner. */
function pgCtl(args: string[], timeoutMs: number): Promise<number | null> {
  const bin = process.env.PG_BIN;
  const data = process.env.PG_DATA_DIR;
  const log = process.env.PG_LOG_FILE;
  if (!bin || !data || !log) throw new Error('PG_BIN, PG_DATA_DIR and PG_LOG_FILE are needed: run through scripts/test-faults.sh');
  const cmd = [`${bin}/pg_ctl`, '-D', data, '-l', log, ...args];
  const user = process.env.PG_RUN_USER;
  const child = user
    ? spawn('runuser', ['-u', user, '--', ...cmd], { stdio: 'ignore' })
    : spawn(cmd[0]!, cmd.slice(1), { stdio: 'ignore' });
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

/** Restarts the PostgreSQL server: `fast` ends every session (57P01), `immediate` is a crash (recovery at start). */
export async function restartPostgres(mode: 'fast' | 'immediate'): Promise<void> {
  const code = await pgCtl(['-m', mode, '-w', '-t', '30', 'restart'], 40_000);
  if (code !== 0) throw new Error(`pg_ctl restart -m ${mode} exited ${String(code)}`);
}

/** Waits until every process answers /readyz 200 (bounded); answers the milliseconds waited, or null if it never did. */
export async function waitReady(procs: ApiProcess[], withinMs: number): Promise<number | null> {
  const t0 = Date.now();
  while (Date.now() - t0 < withinMs) {
    if (!procs.every(alive)) return null;
    const ok = await Promise.all(
      procs.map((p) =>
        fetch(`${p.url}/readyz`, { signal: AbortSignal.timeout(1000) })
          .then((r) => r.status === 200)
          .catch(() => false),
      ),
    );
    if (ok.every(Boolean)) return Date.now() - t0;
    await sleep(100);
  }
  return null;
}

/** The gateway's signed webhook for a captured payment of an order (what the real gateway sends). */
export function capturedWebhook(orderId: string, paymentId: string, amount: number, currency: string): { body: string; signature: string } {
  const body = JSON.stringify({
    event: 'payment.captured',
    payload: { payment: { entity: { id: paymentId, order_id: orderId, amount: amount * 100, currency, status: 'captured' } } },
  });
  return { body, signature: createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex') };
}

/**
 * The ledger, in SQL, over the bookings the suite made: each line a broken promise. Empty when nothing
 * was lost or doubled:
 * - every cancelled paid session that had not started has its refund (reserved, processed, or to be asked again);
 * - every paid transaction has its invoice and exactly one receipt e-mail;
 * - no booking paid twice (two applied payments), no payment taken without being applied or refunded;
 * - no confirmed priced booking without its payment, no paid one left unconfirmed;
 * - no refund failed for good; the gateway refunded no payment twice (two refunds under different keys).
 */
export async function ledgerProblems(c: Pick<FaultCluster, 'pool' | 'gateway' | 'firstBookingId'>): Promise<string[]> {
  const problems: string[] = [];
  const rows = async (what: string, q: string) => {
    for (const r of await sqlWhenUp<{ id: number }>(c.pool, q, [c.firstBookingId])) problems.push(`${what}: ${JSON.stringify(r)}`);
  };
  const paid = `t.status = 'paid' AND t.amount > 0`;
  await rows(
    'cancelled paid booking without a refund',
    `SELECT b.id, t.id AS transaction_id FROM bookings b JOIN payment_transactions t ON t.booking_id = b.id AND t.extension_id IS NULL AND ${paid}
      WHERE b.id >= $1 AND b.status = 'cancelled' AND b.start_time > now()
        AND NOT EXISTS (SELECT 1 FROM payment_refunds r WHERE r.transaction_id = t.id)`,
  );
  await rows(
    'refund failed for good',
    `SELECT r.id, r.transaction_id, r.last_error FROM payment_refunds r JOIN payment_transactions t ON t.id = r.transaction_id
      WHERE t.booking_id >= $1 AND r.status = 'failed' AND r.next_attempt_at IS NULL`,
  );
  await rows(
    'paid transaction without an invoice',
    `SELECT t.id, t.booking_id FROM payment_transactions t WHERE t.booking_id >= $1 AND ${paid}
        AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.transaction_id = t.id AND i.kind IN ('invoice', 'extension_invoice'))`,
  );
  await rows(
    'paid transaction without exactly one receipt',
    `SELECT t.id, i.number, (SELECT count(*)::int FROM outbox o WHERE o.subject = 'Your Haven receipt ' || i.number) AS receipts
       FROM payment_transactions t LEFT JOIN invoices i ON i.transaction_id = t.id AND i.kind IN ('invoice', 'extension_invoice')
      WHERE t.booking_id >= $1 AND ${paid}
        AND (i.id IS NULL OR (SELECT count(*) FROM outbox o WHERE o.subject = 'Your Haven receipt ' || i.number) <> 1)`,
  );
  await rows(
    'booking paid twice',
    `SELECT t.booking_id AS id, count(*)::int AS payments FROM payment_transactions t
      WHERE t.booking_id >= $1 AND t.extension_id IS NULL AND ${paid} GROUP BY t.booking_id HAVING count(*) > 1`,
  );
  await rows(
    'payment taken, neither applied nor refunded',
    `SELECT t.id FROM payment_transactions t WHERE t.booking_id >= $1 AND t.status = 'paid_unapplied'
        AND NOT EXISTS (SELECT 1 FROM payment_refunds r WHERE r.transaction_id = t.id)`,
  );
  await rows(
    'confirmed priced booking without its payment',
    `SELECT b.id, b.fee FROM bookings b WHERE b.id >= $1 AND b.status = 'confirmed' AND b.fee > 0 AND b.org_package_id IS NULL
        AND NOT EXISTS (SELECT 1 FROM payment_transactions t WHERE t.booking_id = b.id AND t.extension_id IS NULL AND ${paid})`,
  );
  await rows(
    'paid booking left unconfirmed',
    `SELECT b.id, b.status FROM bookings b JOIN payment_transactions t ON t.booking_id = b.id AND t.extension_id IS NULL AND ${paid}
      WHERE b.id >= $1 AND b.status IN ('pending', 'suggested', 'expired')`,
  );
  const keysByPayment = new Map<string, Set<string>>();
  for (const call of c.gateway.refunds()) {
    const payment = call.path.split('/')[2]!;
    keysByPayment.set(payment, (keysByPayment.get(payment) ?? new Set()).add(call.idempotencyKey ?? '(none)'));
  }
  for (const [payment, keys] of keysByPayment)
    if (keys.size > 1) problems.push(`payment refunded twice at the gateway: ${payment} ${[...keys].join(' ')}`);
  return problems;
}

/** One line of figures per fault, for the report (scripts/test-faults.sh prints them with the results). */
export function reportFault(name: string, figures: Record<string, unknown>): void {
  console.log(`FAULT ${JSON.stringify({ fault: name, ...figures })}`);
}
