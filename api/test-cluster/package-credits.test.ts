// Package credits on PostgreSQL with two api processes: a burst of 50 confirmations against 6 credits of
// one account confirms exactly 6 (the account's lock is a PostgreSQL advisory lock, seen by both).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts.js';
import { startTwoProcessCluster, type TwoProcessCluster } from './cluster.js';

let proxy: TwoProcessCluster['proxy'];
let sql: pg.Client;

let cluster: TwoProcessCluster | undefined;
before(async () => {
  cluster = await startTwoProcessCluster('haven_credits');
  ({ proxy, sql } = cluster);
});
after(async () => {
  await cluster?.stop();
});

test('50 package confirmations at once against 6 credits: 6 confirmed, 44 × 409, credits 0', async () => {
  const api = `${proxy.url}/api/v1`;
  const r = await fetch(`${api}/auth/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'employee@acme.test', password: DEMO_PASSWORD }),
  });
  assert.equal(r.status, 200);
  const creds = { 'access-token': r.headers.get('access-token')!, client: r.headers.get('client')!, uid: r.headers.get('uid')! };
  const [{ id: userId }] = (await sql.query<{ id: number }>(`SELECT id FROM users WHERE email = 'employee@acme.test'`)).rows as [
    { id: number },
  ];
  const [{ id: providerId }] = (await sql.query<{ id: number }>(`SELECT id FROM providers WHERE firstname = 'Ananya'`)).rows as [
    { id: number },
  ];
  // Fifty pending bookings of the account, a day apart (written directly: the hold limit is not under test here).
  const uuids: string[] = [];
  for (let i = 0; i < 50; i++) {
    const start = new Date(Date.now() + (i + 30) * 86_400_000);
    const [{ uuid }] = (
      await sql.query<{ uuid: string }>(
        `INSERT INTO bookings (user_id, provider_id, start_time, end_time, mode, session_type, status, fee, currency, duration_minutes, list_price)
       VALUES ($1, $2, $3, $4, 'online', 'individual', 'pending', 1500, 'INR', 50, 1500) RETURNING uuid::text`,
        [userId, providerId, start.toISOString(), new Date(start.getTime() + 50 * 60_000).toISOString()],
      )
    ).rows as [{ uuid: string }];
    uuids.push(uuid);
  }
  const answers = await Promise.all(uuids.map((u) => fetch(`${api}/bookings/${u}/package`, { method: 'POST', headers: creds })));
  const statuses = answers.map((a) => a.status).sort();
  assert.deepEqual(statuses, [...Array(6).fill(200), ...Array(44).fill(409)]);
  const [{ n }] = (
    await sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM bookings WHERE user_id = $1 AND status = 'confirmed' AND org_package_id IS NOT NULL`,
      [userId],
    )
  ).rows as [{ n: number }];
  assert.equal(n, 6);
  // Both processes answered.
  assert.ok(proxy.counts.every((c) => c > 0));
});
