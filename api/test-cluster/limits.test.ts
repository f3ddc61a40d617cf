// Limits under a burst on PostgreSQL with two api processes behind the round-robin proxy, which tells
// the api each client's address in X-Forwarded-For (HAVEN_TRUST_PROXY=loopback: the proxy is trusted).
// Each burst sends the wrong secret many times at once with the right one in the middle; an attempt is
// reserved before the secret is compared, so at most the policy's number is evaluated (each failure
// answer is an evaluation) and the right secret is refused once the policy is spent.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts.js';
import { SIGN_IN_LOCKOUT, limitsFor } from '../src/config/limits.js';
import { startTwoProcessCluster, type TwoProcessCluster } from './cluster.js';

let proxy: TwoProcessCluster['proxy'];
let sql: pg.Client;
const LIMITS = limitsFor('production');

let cluster: TwoProcessCluster | undefined;
before(async () => {
  cluster = await startTwoProcessCluster('haven_limits', { HAVEN_TRUST_PROXY: 'loopback' });
  ({ proxy, sql } = cluster);
});
after(async () => {
  await cluster?.stop();
});

const api = () => `${proxy.url}/api/v1`;
interface Res {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}
async function post(path: string, body: unknown, client: string, headers: Record<string, string> = {}, method = 'POST'): Promise<Res> {
  const r = await fetch(`${api()}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-test-client': client, ...headers },
    body: JSON.stringify(body),
  });
  return { status: r.status, headers: r.headers, body: (await r.json()) as Record<string, unknown> };
}
const passwordSignIn = (email: string, password: string, client: string) => post('/auth/sign_in', { email, password }, client);
const statuses = (rs: Res[]) => rs.reduce<Record<number, number>>((n, r) => ({ ...n, [r.status]: (n[r.status] ?? 0) + 1 }), {});
async function burst(n: number, wrong: () => Promise<Res>, right: () => Promise<Res>) {
  const all = await Promise.all([...Array.from({ length: n / 2 }, wrong), right(), ...Array.from({ length: n / 2 }, wrong)]);
  return { right: all[n / 2]!, wrong: all.filter((_, i) => i !== n / 2) };
}
/** Sign-up as the page does it: the code sent to the e-mail (read from the outbox table) proves it. */
async function signUp(email: string, client: string) {
  assert.equal((await post('/otp/send', { channel: 'email', email }, client)).status, 200);
  const { rows } = await sql.query<{ code: string }>(`SELECT code FROM outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1`, [email]);
  const r = await post('/auth', { email, password: 'right-pass1', code: rows[0]!.code }, client);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return { 'access-token': r.headers.get('access-token') ?? '', client: r.headers.get('client') ?? '', uid: r.headers.get('uid') ?? '' };
}

test('150 concurrent wrong passwords over two processes: at most 10 compared; the right password inside and after is refused', async () => {
  await signUp('cluster-pw@example.com', '198.51.100.1');
  const b = await burst(
    150,
    () => passwordSignIn('cluster-pw@example.com', 'wrong-pass', '203.0.113.1'),
    () => passwordSignIn('cluster-pw@example.com', 'right-pass1', '203.0.113.1'),
  );
  const n = statuses(b.wrong);
  assert.ok((n[401] ?? 0) <= SIGN_IN_LOCKOUT.after, `passwords compared: ${JSON.stringify(n)}`);
  assert.equal((n[401] ?? 0) + (n[429] ?? 0), 150, JSON.stringify(n));
  assert.equal(b.right.status, 429, 'the right password inside the burst');
  assert.equal((await passwordSignIn('cluster-pw@example.com', 'right-pass1', '203.0.113.1')).status, 429);
  assert.ok(
    proxy.counts.every((c) => c > 50),
    `both processes answered: ${JSON.stringify(proxy.counts)}`,
  );
});

test('200 concurrent wrong one-time codes over two processes: at most 10 compared; the right code inside and after is refused', async () => {
  const target = { channel: 'email', email: 'cluster-otp@example.com' };
  assert.equal((await post('/otp/send', target, '203.0.113.2')).status, 200);
  const { rows } = await sql.query<{ code: string }>(`SELECT code FROM outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1`, [
    'cluster-otp@example.com',
  ]);
  const code = rows[0]!.code;
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(code.length, '0');
  const verify = (c: string) => post('/otp/verify', { ...target, code: c }, '203.0.113.2');
  const b = await burst(
    200,
    () => verify(wrong),
    () => verify(code),
  );
  const n = statuses(b.wrong);
  assert.ok((n[422] ?? 0) <= LIMITS.otp_wrong_destination[0]!.max, `codes compared: ${JSON.stringify(n)}`);
  assert.equal(b.right.status, 429, 'the right code inside the burst');
  assert.equal((await verify(code)).status, 429);
});

test('100 concurrent wrong PINs over two processes: at most 5 compared; the right PIN inside and after is refused', async () => {
  const creds = await signUp('cluster-pin@example.com', '198.51.100.3');
  assert.equal((await post('/customers/pin', { pin: '4821' }, '198.51.100.3', creds)).status, 200);
  const change = (current: string) => post('/customers/pin', { current_pin: current, pin: '5930' }, '203.0.113.3', creds, 'PUT');
  const b = await burst(
    100,
    () => change('0001'),
    () => change('4821'),
  );
  const n = statuses(b.wrong);
  assert.ok((n[422] ?? 0) <= LIMITS.pin_wrong_user[0]!.max, `PINs compared: ${JSON.stringify(n)}`);
  assert.equal(b.right.status, 429, 'the right PIN inside the burst');
  assert.equal((await change('4821')).status, 429);
});

test("behind the proxy, one client's failures do not refuse another client's right sign-in", async () => {
  const attacker = '203.0.113.5';
  const made = await Promise.all(Array.from({ length: 60 }, (_, i) => passwordSignIn(`nobody${i}@example.com`, 'wrong-pass', attacker)));
  assert.deepEqual(statuses(made), { 401: 60 });
  // Before: 50 failures from one address refused every correct sign-in from it for an hour.
  assert.equal((await passwordSignIn('patient@haven.test', DEMO_PASSWORD, '198.51.100.6')).status, 200);
  assert.equal((await passwordSignIn('intl@haven.test', DEMO_PASSWORD, attacker)).status, 200);
  // Locking an account from the attacker's address leaves its owner's known address signing in.
  assert.equal((await passwordSignIn('newpatient@haven.test', DEMO_PASSWORD, '198.51.100.7')).status, 200);
  for (let i = 0; i < SIGN_IN_LOCKOUT.after; i++)
    assert.equal((await passwordSignIn('newpatient@haven.test', 'wrong-pass', attacker)).status, 401);
  assert.equal((await passwordSignIn('newpatient@haven.test', DEMO_PASSWORD, attacker)).status, 429);
  assert.equal((await passwordSignIn('newpatient@haven.test', DEMO_PASSWORD, '198.51.100.7')).status, 200);
});
