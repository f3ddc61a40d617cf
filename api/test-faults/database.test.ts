// The database and the api processes failing under the money flows, on PostgreSQL with two production
// processes (scripts/test-faults.sh): patients book, pay (the gateway's signed webhook) and cancel in a
// loop while PostgreSQL restarts (fast, then immediate) and while its connections are used up; an api
// process is killed (kill -9) in the middle of a cancellation and of a payment. After each: both
// processes are alive and ready again, every failed request was a 503 database_unavailable with
// Retry-After (never a 500), and the ledger holds (faults.ts ledgerProblems). The figures of each fault
// are printed as a FAULT line.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts.js';
import type { ApiProcess } from '../test-cluster/cluster.js';
import {
  alive,
  capturedWebhook,
  ledgerProblems,
  reportFault,
  restartPostgres,
  sleep,
  sqlWhenUp,
  startFaultCluster,
  waitReady,
  type FaultCluster,
} from './faults.js';

let c: FaultCluster;

interface Answer {
  /** The HTTP status, or 'network' when no answer came (the process died, the connection was cut). */
  status: number | 'network';
  body: Record<string, unknown> & { data?: Record<string, unknown>; code?: string };
  retryAfter: string | null;
}
type Creds = Record<string, string>;

/** One request to one process; never throws. Rotated credentials are kept (`creds` is updated in place). */
async function call(
  p: ApiProcess,
  path: string,
  o: { creds?: Creds; body?: unknown; raw?: { body: string; signature: string } } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...(o.creds ?? {}) };
  let body: string | undefined;
  if (o.raw) {
    headers['content-type'] = 'application/json';
    headers['x-razorpay-signature'] = o.raw.signature;
    body = o.raw.body;
  } else if (o.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(o.body);
  }
  try {
    const r = await fetch(`${p.url}/api/v1${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(20_000),
    });
    const token = r.headers.get('access-token');
    if (o.creds && token) Object.assign(o.creds, { 'access-token': token, client: r.headers.get('client')!, uid: r.headers.get('uid')! });
    const text = await r.text();
    let parsed: Answer['body'] = {};
    try {
      parsed = JSON.parse(text) as Answer['body'];
    } catch {
      parsed = { text };
    }
    return { status: r.status, body: parsed, retryAfter: r.headers.get('retry-after') };
  } catch {
    return { status: 'network', body: {}, retryAfter: null };
  }
}

async function signIn(email: string): Promise<Creds> {
  for (const p of c.procs) {
    const r = await call(p, '/auth/sign_in', { body: { email, password: DEMO_PASSWORD } });
    if (r.status === 200) {
      const creds: Creds = {};
      // The credentials come in the answer's headers; call() keeps them only for a request that sent some.
      const again = await fetch(`${p.url}/api/v1/auth/sign_in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: DEMO_PASSWORD }),
      });
      assert.equal(again.status, 200);
      Object.assign(creds, {
        'access-token': again.headers.get('access-token')!,
        client: again.headers.get('client')!,
        uid: again.headers.get('uid')!,
      });
      return creds;
    }
  }
  throw new Error(`could not sign in ${email}`);
}

/** What one phase of load saw: every answer by status (and code), and the cycles completed. */
class Tally {
  answers = new Map<string, number>();
  cycles = 0;
  /** Answers that were neither a success nor a 503 database_unavailable with Retry-After: the bugs. */
  wrong: string[] = [];
  /** `done`: the answer means the step is done all the same (a retried cancellation finding the booking cancelled). */
  see(what: string, a: Answer, expected: number[], done = false) {
    const key = a.status === 'network' ? 'network' : `${a.status}${a.body.code ? ` ${a.body.code}` : ''}${done ? ' (done before)' : ''}`;
    this.answers.set(key, (this.answers.get(key) ?? 0) + 1);
    const fine =
      done ||
      (typeof a.status === 'number' && expected.includes(a.status)) ||
      (a.status === 503 && a.body.code === 'database_unavailable' && a.retryAfter !== null);
    if (!fine && this.wrong.length < 20) this.wrong.push(`${what}: ${key} ${JSON.stringify(a.body).slice(0, 200)}`);
  }
  get failed(): Record<string, number> {
    return Object.fromEntries([...this.answers].filter(([k]) => !/^2\d\d/.test(k)));
  }
  get requests(): number {
    return [...this.answers.values()].reduce((a, b) => a + b, 0);
  }
}

interface Writer {
  email: string;
  creds: Creds;
  userId: number;
  provider: { id: number; uuid: string };
  slots: string[];
  next: number;
}

let paymentSeq = 0;
let turn = 0;
/** The processes in turn, as a balancer would send them (a dead one answers 'network'). */
const someProcess = () => c.procs[turn++ % c.procs.length]!;

/**
 * A step asked until it is done: a 503 or no answer is asked again (up to 40 times in about 15 s, a
 * little apart); `done` says whether an answer means the step is done (a retried cancellation that finds
 * the booking cancelled is). Answers the final answer, or null when the step could not be done.
 */
async function step(
  t: Tally,
  what: string,
  ask: () => Promise<Answer>,
  ok: number[],
  done?: (a: Answer, retried: boolean) => Promise<boolean>,
): Promise<Answer | null> {
  const until = Date.now() + 15_000;
  for (let i = 0; i < 40 && Date.now() < until && (i === 0 || !loadStopped); i++) {
    const a = await ask();
    const isOk = typeof a.status === 'number' && ok.includes(a.status);
    const doneBefore = !isOk && done !== undefined && (await done(a, i > 0));
    t.see(what, a, ok, doneBefore);
    if (isOk || doneBefore) return a;
    if (a.status !== 503 && a.status !== 'network') return null;
    await sleep(150);
  }
  return null;
}

const bookingAt = async (w: Writer, start: string) =>
  (
    await sqlWhenUp<{ uuid: string; status: string }>(
      c.pool,
      `SELECT uuid::text, status FROM bookings WHERE user_id = $1 AND provider_id = $2 AND start_time = $3 AND status IN ('pending', 'confirmed')`,
      [w.userId, w.provider.id, start],
    )
  )[0];
const statusOf = async (uuid: string) =>
  (await sqlWhenUp<{ status: string }>(c.pool, `SELECT status FROM bookings WHERE uuid::text = $1`, [uuid]))[0]?.status;

/** One cycle of a patient: book, pay through the gateway (its webhook), cancel (refunded in full). */
async function cycle(w: Writer, t: Tally): Promise<void> {
  const start = w.slots[w.next++ % w.slots.length]!;
  let uuid: string | undefined;
  let status = 'pending';
  const made = await step(
    t,
    'book',
    () => call(someProcess(), '/bookings', { creds: w.creds, body: { provider_uuid: w.provider.uuid, start_time: start, mode: 'online' } }),
    [201],
    // A retried booking whose first ask went through (or one from an earlier cycle left unpaid) finds its
    // own slot taken: that booking is the one.
    async (a) => a.status === 409 && (await bookingAt(w, start)) !== undefined,
  );
  if (!made) return;
  if (made.status === 201) uuid = (made.body.data as { uuid: string }).uuid;
  else ({ uuid, status } = (await bookingAt(w, start))!);
  if (status === 'pending') {
    const tx = await step(
      t,
      'checkout',
      () => call(someProcess(), '/payments/temporary_transaction', { creds: w.creds, body: { booking_uuid: uuid } }),
      [201],
    );
    if (!tx) return;
    const d = tx.body.data as { gateway_order_id: string; amount: number; currency: string };
    const hook = capturedWebhook(d.gateway_order_id, `pay_faults_${++paymentSeq}`, d.amount, d.currency);
    // The gateway delivers its webhook until it is answered 200.
    if (!(await step(t, 'pay', () => call(someProcess(), '/payments/gateway/webhook', { raw: hook }), [200]))) return;
  }
  const cancelled = await step(
    t,
    'cancel',
    () => call(someProcess(), `/bookings/${uuid}/cancel`, { creds: w.creds, body: { reason: 'fault suite' } }),
    [200],
    // A retried cancellation whose first ask went through: the booking is cancelled already.
    async (a, retried) => retried && a.status === 409 && (await statusOf(uuid)) === 'cancelled',
  );
  if (cancelled) t.cycles++;
}

/** Set when the load stops: steps are no longer asked again (a dead cluster does not hold the suite). */
let loadStopped = false;

/** Every writer cycling until stopped (bounded: at most `maxCycles` each, and `maxMs`). */
function startLoad(writers: Writer[], t: Tally, maxMs = 30_000, maxCycles = 200) {
  loadStopped = false;
  const until = Date.now() + maxMs;
  const done = Promise.all(
    writers.map(async (w) => {
      for (let i = 0; i < maxCycles && !loadStopped && Date.now() < until; i++) await cycle(w, t);
    }),
  );
  return {
    async stop() {
      loadStopped = true;
      await done;
    },
  };
}

let writers: Writer[] = [];

before(async () => {
  const t0 = Date.now();
  c = await startFaultCluster('haven_faults');
  console.log(`cluster started in ${Date.now() - t0} ms`);
  const providers = (
    await c.pool.query<{ id: number; uuid: string; firstname: string }>(
      `SELECT id, uuid::text, firstname FROM providers WHERE firstname IN ('Rahul', 'Arjun') ORDER BY firstname`,
    )
  ).rows;
  assert.equal(providers.length, 2);
  const accounts = ['patient@haven.test', 'intl@haven.test', 'couple@haven.test', 'parent@haven.test'];
  writers = [];
  for (const [i, email] of accounts.entries()) {
    const provider = providers[i % 2]!;
    const day = 1 + i;
    const dates = (await (
      await fetch(`${c.procs[0]!.url}/api/v1/providers/${provider.uuid}/schedule_dates?timezone=Asia/Kolkata`)
    ).json()) as {
      data: { dates: { date: string }[] };
    };
    const slots = (await (
      await fetch(`${c.procs[0]!.url}/api/v1/providers/${provider.uuid}/slots?date=${dates.data.dates[day]!.date}&timezone=Asia/Kolkata`)
    ).json()) as { data: { slots: { start_time: string }[] } };
    assert.ok(slots.data.slots.length >= 3, `free slots for writer ${i}`);
    const [{ id: userId }] = (await c.pool.query<{ id: number }>(`SELECT id FROM users WHERE email = $1`, [email])).rows as [
      { id: number },
    ];
    writers.push({
      email,
      creds: await signIn(email),
      userId,
      provider,
      slots: slots.data.slots.slice(0, 4).map((s) => s.start_time),
      next: 0,
    });
  }
  // Every writer can do a whole cycle before anything fails.
  const warm = new Tally();
  await Promise.all(writers.map((w) => cycle(w, warm)));
  assert.equal(warm.cycles, writers.length, `warm-up: ${JSON.stringify([...warm.answers])} ${warm.wrong.join('; ')}`);
  console.log(`ready to fault in ${Date.now() - t0} ms`);
});
after(async () => {
  await c?.stop();
});

/** Load, then the fault, then load again: the figures, the processes, the answers and the ledger. */
async function underLoad(name: string, fault: () => Promise<void>) {
  assert.equal(await c.restartDead(), 0, 'both processes alive before the fault');
  const t = new Tally();
  const load = startLoad(writers, t);
  await sleep(1000);
  const before = t.cycles;
  const t0 = Date.now();
  await fault();
  const readyMs = await waitReady(c.procs, 20_000);
  const faultS = (Date.now() - t0) / 1000;
  const bothAlive = c.procs.every(alive);
  const cyclesAtReady = t.cycles;
  // Writes go through again once ready (bounded wait; none when a process is gone).
  for (let i = 0; i < 40 && bothAlive && t.cycles < cyclesAtReady + writers.length; i++) await sleep(250);
  await load.stop();
  const ledger = await ledgerProblems(c);
  reportFault(name, {
    requests: t.requests,
    failed: t.failed,
    cycles: { before: before, total: t.cycles, afterReady: t.cycles - cyclesAtReady },
    secondsToRecover: readyMs === null ? null : Number(faultS.toFixed(1)),
    processesAlive: bothAlive,
    ledger: ledger.length ? ledger : 'ok',
  });
  const died = await c.restartDead();
  assert.ok(bothAlive, `both api processes outlive the fault (${died} died)`);
  assert.notEqual(readyMs, null, 'both ready again');
  assert.deepEqual(t.wrong, [], 'every failed request is a 503 database_unavailable with Retry-After');
  assert.ok(t.cycles >= cyclesAtReady + writers.length, 'booking, paying and cancelling work again');
  assert.deepEqual(ledger, [], 'nothing lost or doubled');
}

test('PostgreSQL restarted (pg_ctl restart -m fast) under a write load: the api outlives it, answers 503 meanwhile, and loses nothing', async () => {
  await underLoad('postgres restart -m fast', () => restartPostgres('fast'));
});

test('PostgreSQL crashed and restarted (pg_ctl restart -m immediate) under a write load: the same', async () => {
  await underLoad('postgres restart -m immediate', () => restartPostgres('immediate'));
});

test("the server's connections used up (max_connections) and the api's cut under a write load: 503s, never a 500, and nothing lost", async () => {
  const held: pg.Client[] = [];
  await underLoad('max_connections reached', async () => {
    const fill = async () => {
      for (let i = 0; i < 80; i++) {
        const client = new pg.Client({ connectionString: c.databaseUrl });
        client.on('error', () => undefined);
        try {
          await client.connect();
          held.push(client);
        } catch {
          return;
        }
      }
    };
    await fill();
    assert.ok(held.length > 0, 'the suite holds connections');
    // The api's own connections are cut (as an operator or a failover would), so it needs new ones, and
    // there are none: "sorry, too many clients already". Twice, for the ones it got back in between.
    const mine = () => held.map((h) => (h as unknown as { processID: number }).processID);
    for (let round = 0; round < 2; round++) {
      await held[0]!.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> ALL($1::int[])`,
        [mine()],
      );
      await fill();
    }
    await sleep(2500);
    await Promise.all(held.map((h) => h.end().catch(() => undefined)));
  });
});

/**
 * Holds `table` locked (EXCLUSIVE: reads go on, writes wait) while `ask` runs on process 0, until that
 * request waits for it in `statement`; then kills the process (kill -9) and lets the table go. Answers
 * once the process is gone.
 */
async function killWhileWaiting(table: string, statement: string, ask: (p: ApiProcess) => Promise<Answer>): Promise<Answer> {
  const lock = new pg.Client({ connectionString: c.databaseUrl });
  lock.on('error', () => undefined);
  await lock.connect();
  try {
    await lock.query('BEGIN');
    await lock.query(`LOCK TABLE ${table} IN EXCLUSIVE MODE`);
    const victim = c.procs[0]!;
    let answered: Answer | undefined;
    const answer = ask(victim).then((a) => (answered = a));
    let waiting = false;
    for (let i = 0; i < 300 && !waiting && !answered; i++) {
      await sleep(100);
      const [r] = (
        await lock.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE $1`,
          [`${statement}%`],
        )
      ).rows;
      waiting = (r?.n ?? 0) > 0;
    }
    if (!waiting) {
      const doing = (
        await lock.query<{ state: string; wait: string | null; query: string }>(
          `SELECT state, wait_event_type AS wait, left(query, 80) AS query FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
        )
      ).rows;
      assert.fail(
        `the request never reached ${statement}${answered ? `; it was answered ${answered.status} ${JSON.stringify(answered.body)}` : ''}; the database was doing ${JSON.stringify(doing)}`,
      );
    }
    victim.child.kill('SIGKILL');
    await victim.exited;
    await lock.query('COMMIT');
    return await answer;
  } finally {
    await lock.end().catch(() => undefined);
  }
}

/** A paid session of the first writer, made through process 1. */
async function paidSession(w: Writer): Promise<{ uuid: string; hook: { body: string; signature: string } }> {
  const start = w.slots[w.next++ % w.slots.length]!;
  const made = await call(c.procs[1]!, '/bookings', {
    creds: w.creds,
    body: { provider_uuid: w.provider.uuid, start_time: start, mode: 'online' },
  });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  const uuid = (made.body.data as { uuid: string }).uuid;
  const tx = await call(c.procs[1]!, '/payments/temporary_transaction', { creds: w.creds, body: { booking_uuid: uuid } });
  assert.equal(tx.status, 201, JSON.stringify(tx.body));
  const d = tx.body.data as { gateway_order_id: string; amount: number; currency: string };
  const hook = capturedWebhook(d.gateway_order_id, `pay_faults_${++paymentSeq}`, d.amount, d.currency);
  return { uuid, hook };
}

test('an api process killed (kill -9) in the middle of a cancellation: the cancellation and its refund happen together or not at all', async () => {
  assert.equal(await c.restartDead(), 0);
  const w = writers[0]!;
  const s = await paidSession(w);
  const paid = await call(c.procs[1]!, '/payments/gateway/webhook', { raw: s.hook });
  assert.equal(paid.status, 200, JSON.stringify(paid.body));
  const t0 = Date.now();
  // Killed once the booking's row is cancelled and before its refund is reserved: the statement that gives
  // a package credit back comes between the two.
  const cut = await killWhileWaiting('package_credit_uses', 'INSERT INTO package_credit_uses', (p) =>
    call(p, `/bookings/${s.uuid}/cancel`, { creds: w.creds, body: { reason: 'killed mid-cancel' } }),
  );
  const ledgerAtOnce = await ledgerProblems(c);
  // The patient asks again (the balancer sends it to the process still up).
  const again = await call(c.procs[1]!, `/bookings/${s.uuid}/cancel`, { creds: w.creds, body: { reason: 'killed mid-cancel' } });
  const restarted = await c.restartDead();
  const readyMs = await waitReady(c.procs, 20_000);
  const refunds = await sqlWhenUp<{ status: string }>(
    c.pool,
    `SELECT r.status FROM payment_refunds r JOIN payment_transactions t ON t.id = r.transaction_id JOIN bookings b ON b.id = t.booking_id WHERE b.uuid::text = $1`,
    [s.uuid],
  );
  const ledger = await ledgerProblems(c);
  reportFault('kill -9 mid-cancel', {
    failed: { killed: cut.status, retried: again.status },
    secondsToRecover: readyMs === null ? null : Number(((Date.now() - t0) / 1000).toFixed(1)),
    ledgerRightAfterKill: ledgerAtOnce.length ? ledgerAtOnce : 'ok',
    ledger: ledger.length ? ledger : 'ok',
  });
  assert.equal(cut.status, 'network', 'the killed process never answered');
  assert.equal(restarted, 1);
  assert.deepEqual(ledgerAtOnce, [], 'right after the kill: no cancelled paid booking without its refund');
  assert.equal(again.status, 200, `the retried cancellation goes through: ${JSON.stringify(again.body)}`);
  assert.deepEqual(refunds, [{ status: 'processed' }], 'refunded once');
  assert.equal(c.gateway.refunds(JSON.parse(s.hook.body).payload.payment.entity.id as string).length, 1, 'one refund at the gateway');
  assert.deepEqual(ledger, []);
});

test('an api process killed (kill -9) in the middle of a payment: the payment, its invoice and its receipt commit together, and the redelivered payment applies once', async () => {
  assert.equal(await c.restartDead(), 0);
  const w = writers[2]!;
  const s = await paidSession(w);
  const t0 = Date.now();
  const cut = await killWhileWaiting('invoice_series', 'INSERT INTO invoice_series', (p) =>
    call(p, '/payments/gateway/webhook', { raw: s.hook }),
  );
  const ledgerAtOnce = await ledgerProblems(c);
  // The gateway was not answered: it delivers the webhook again (to the process still up).
  const again = await call(c.procs[1]!, '/payments/gateway/webhook', { raw: s.hook });
  const restarted = await c.restartDead();
  const readyMs = await waitReady(c.procs, 20_000);
  const ledger = await ledgerProblems(c);
  const [row] = await sqlWhenUp<{ status: string; payments: number; invoices: number }>(
    c.pool,
    `SELECT b.status, (SELECT count(*)::int FROM payment_transactions t WHERE t.booking_id = b.id AND t.status = 'paid') AS payments,
            (SELECT count(*)::int FROM invoices i WHERE i.booking_id = b.id AND i.kind = 'invoice') AS invoices
       FROM bookings b WHERE b.uuid::text = $1`,
    [s.uuid],
  );
  reportFault('kill -9 mid-payment', {
    failed: { killed: cut.status, redelivered: again.status },
    secondsToRecover: readyMs === null ? null : Number(((Date.now() - t0) / 1000).toFixed(1)),
    ledgerRightAfterKill: ledgerAtOnce.length ? ledgerAtOnce : 'ok',
    ledger: ledger.length ? ledger : 'ok',
  });
  assert.equal(cut.status, 'network', 'the killed process never answered');
  assert.equal(restarted, 1);
  assert.deepEqual(ledgerAtOnce, [], 'right after the kill: no payment without its invoice and receipt');
  assert.equal(again.status, 200, JSON.stringify(again.body));
  assert.deepEqual(row, { status: 'confirmed', payments: 1, invoices: 1 });
  assert.deepEqual(ledger, []);
});
