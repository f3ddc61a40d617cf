// The api as two stateless processes (production build, NODE_ENV=production) on one PostgreSQL database
// behind a round-robin proxy: migrations run once though both start together; sign-in flows whose steps
// land on different processes; 50 concurrent requests with one credential set (0 × 401, one rotation,
// the rotated token good on both, the superseded one refused after the batch window); sign-out seen by
// both; lockouts shared; JSON logs with request ids; a graceful shutdown that finishes a request in flight.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import pg from 'pg';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts.js';
import { BATCH_WINDOW_MS } from '../src/identity/sessions.js';
import { SIGN_IN_LOCKOUT } from '../src/config/limits.js';
import { startTwoProcessCluster, type ApiProcess, type TwoProcessCluster } from './cluster.js';

let procs: ApiProcess[] = [];
let proxy: TwoProcessCluster['proxy'];
let sql: pg.Client;

let cluster: TwoProcessCluster | undefined;
before(async () => {
  cluster = await startTwoProcessCluster('haven_cluster');
  ({ procs, proxy, sql } = cluster);
});
after(async () => {
  await cluster?.stop();
});

const api = () => `${proxy.url}/api/v1`;
type Creds = Record<'access-token' | 'client' | 'uid', string>;
const credsOf = (h: Headers): Creds => ({
  'access-token': h.get('access-token') ?? '',
  client: h.get('client') ?? '',
  uid: h.get('uid') ?? '',
});
const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

test('migrations ran once although both processes started together; both are live and ready', async () => {
  const rows = (await sql.query<{ name: string; n: string }>('SELECT name, count(*) AS n FROM schema_migrations GROUP BY name')).rows;
  assert.ok(rows.length >= 14, `migrations recorded: ${rows.length}`);
  assert.ok(rows.every((r) => Number(r.n) === 1));
  for (const p of procs) {
    assert.equal((await fetch(`${p.url}/healthz`)).status, 200);
    assert.deepEqual(await (await fetch(`${p.url}/readyz`)).json(), { ok: true });
    // Production: no development routes.
    assert.equal((await fetch(`${p.url}/api/v1/dev/outbox?to=patient@haven.test`)).status, 404);
  }
});

test('sign-in flows across both processes: password, then a one-time code sent by one and verified by the other', async () => {
  const r = await post(`${api()}/auth/sign_in`, { email: 'patient@haven.test', password: DEMO_PASSWORD });
  assert.equal(r.status, 200);
  const creds = credsOf(r.headers);
  for (let i = 0; i < 2; i++)
    assert.equal((await fetch(`${api()}/auth/validate_token`, { headers: creds })).status, 200, `validate_token #${i}`);

  const before = proxy.counts.slice();
  assert.equal((await post(`${api()}/otp/send`, { channel: 'email', email: 'patient@haven.test' })).status, 200);
  const [{ code }] = (
    await sql.query<{ code: string }>(
      `SELECT code FROM outbox WHERE recipient = 'patient@haven.test' AND code IS NOT NULL ORDER BY id DESC LIMIT 1`,
    )
  ).rows as [{ code: string }];
  const v = await post(`${api()}/otp/verify`, { channel: 'email', email: 'patient@haven.test', code });
  assert.equal(v.status, 200);
  assert.equal(((await v.json()) as { account_exists: boolean }).account_exists, true);
  // The two steps went to different processes.
  assert.deepEqual(
    proxy.counts.map((c, i) => c - before[i]!),
    [1, 1],
  );
  // The code is used up for both.
  assert.equal((await post(`${api()}/otp/verify`, { channel: 'email', email: 'patient@haven.test', code })).status, 422);
});

test('50 concurrent requests with one credential set across both processes: 0 × 401, one rotation, rotation intact', async () => {
  const r = await post(`${api()}/auth/sign_in`, { email: 'employee@acme.test', password: DEMO_PASSWORD });
  assert.equal(r.status, 200);
  const creds = credsOf(r.headers);
  // Step past the batch window without waiting: the next successful request rotates the token.
  const step = () =>
    sql.query('UPDATE auth_tokens SET updated_at_ms = updated_at_ms - $1 WHERE client = $2', [BATCH_WINDOW_MS + 1000, creds.client]);
  await step();
  const answers = await Promise.all(Array.from({ length: 50 }, () => fetch(`${api()}/customers/upcomingsessions`, { headers: creds })));
  const statuses = answers.map((a) => a.status);
  assert.equal(statuses.filter((s) => s === 401).length, 0, `statuses: ${statuses.join(',')}`);
  const refused = answers.find((a) => a.status !== 200);
  assert.ok(!refused, `statuses: ${statuses.join(',')}; first refusal: ${refused ? await refused.text() : ''}`);
  const rotated = answers.map((a) => a.headers.get('access-token')).filter((t): t is string => !!t);
  assert.equal(rotated.length, 1, 'exactly one response carries the next token');
  await Promise.all(answers.map((a) => a.body?.cancel()));
  const next = { ...creds, 'access-token': rotated[0]! };
  // The new token works on both processes; the old one still inside the batch window, then refused.
  for (const p of procs) assert.equal((await fetch(`${p.url}/api/v1/auth/validate_token`, { headers: next })).status, 200);
  assert.equal((await fetch(`${procs[0]!.url}/api/v1/auth/validate_token`, { headers: creds })).status, 200);
  await step();
  for (const p of procs) {
    assert.equal((await fetch(`${p.url}/api/v1/auth/validate_token`, { headers: creds })).status, 401);
  }
  // Sign-out on one process is sign-out on both.
  assert.equal((await fetch(`${procs[1]!.url}/api/v1/auth/sign_out`, { method: 'DELETE', headers: next })).status, 200);
  for (const p of procs) {
    assert.notEqual((await fetch(`${p.url}/api/v1/auth/validate_token`, { headers: next })).status, 200);
  }
});

test('failed sign-ins count across both processes (the lockout lives in PostgreSQL)', async () => {
  for (let i = 0; i < SIGN_IN_LOCKOUT.after; i++) {
    const r = await post(`${procs[i % 2]!.url}/api/v1/auth/sign_in`, { email: 'newpatient@haven.test', password: 'wrong-password-1' });
    assert.equal(r.status, 401, `failure #${i}`);
  }
  for (const p of procs) {
    const r = await post(`${p.url}/api/v1/auth/sign_in`, { email: 'newpatient@haven.test', password: DEMO_PASSWORD });
    assert.equal(r.status, 429);
    assert.ok(Number(r.headers.get('retry-after')) > 0);
  }
});

test('production logs are JSON lines carrying the request id the answer names', async () => {
  const r = await fetch(`${procs[0]!.url}/api/v1/auth/validate_token`);
  const id = r.headers.get('x-request-id');
  assert.ok(id);
  await r.body?.cancel();
  const seen = () => procs[0]!.lines.some((l) => l.includes(id));
  // The line comes through the child's stdout pipe: wait for it (up to 10 s).
  for (let i = 0; i < 1000 && !seen(); i++) await new Promise((res) => setTimeout(res, 10));
  const lines = procs[0]!.lines.filter(Boolean);
  for (const l of lines) assert.doesNotThrow(() => JSON.parse(l), `not JSON: ${l}`);
  const mine = lines.map((l) => JSON.parse(l) as { reqId?: string }).filter((l) => l.reqId === id);
  assert.ok(mine.length >= 1, 'the request is logged with its reqId');
});

test('SIGTERM drains: a request in flight is answered, then the process exits 0', async () => {
  const victim = procs[1]!;
  const { port } = new URL(victim.url);
  const body = JSON.stringify({ email: 'patient@haven.test', password: DEMO_PASSWORD });
  const sock = connect(Number(port), '127.0.0.1');
  await new Promise<void>((resolve) => sock.once('connect', () => resolve()));
  let answer = '';
  sock.on('data', (d: Buffer) => {
    answer += d.toString();
  });
  const closed = new Promise<void>((resolve) => sock.once('close', () => resolve()));
  // The headers, with Expect: 100-continue: the "100 Continue" says the server has the request (in flight).
  sock.write(
    `POST /api/v1/auth/sign_in HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`,
  );
  for (let i = 0; i < 500 && !answer.includes('100 Continue'); i++) await new Promise((res) => setTimeout(res, 10));
  assert.match(answer, /^HTTP\/1\.1 100 Continue/);
  sock.write(body.slice(0, 10));
  victim.child.kill('SIGTERM');
  // While draining, new connections are refused.
  let refused = false;
  for (let i = 0; i < 100 && !refused; i++) {
    refused = await fetch(`${victim.url}/healthz`).then(
      () => false,
      () => true,
    );
    if (!refused) await new Promise((res) => setTimeout(res, 20));
  }
  assert.ok(refused, 'the listener closed');
  sock.write(body.slice(10));
  await closed;
  assert.match(answer, /HTTP\/1\.1 200 OK/);
  // Its connection is closed with it, so the shutdown does not wait for the grace time.
  assert.match(answer, /\r\nconnection: close\r\n/i);
  assert.equal(await victim.exited, 0);
  // The other process still serves.
  assert.equal((await fetch(`${procs[0]!.url}/readyz`)).status, 200);
});
