// Package credits on PostgreSQL with two api processes: a burst of 50 confirmations against 6 credits of
// one account confirms exactly 6 (the account's lock is a PostgreSQL advisory lock, seen by both); a burst
// of 50 deletions of one profile gives back the credit of its upcoming session once, and none for its
// session that is on.
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

test('50 deletions at once of a profile with a package session on and one upcoming: the upcoming credit comes back once, the one on stays spent', async () => {
  const api = `${proxy.url}/api/v1`;
  const r = await fetch(`${api}/auth/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'employee@acme.test', password: DEMO_PASSWORD }),
  });
  assert.equal(r.status, 200);
  const creds = { 'access-token': r.headers.get('access-token')!, client: r.headers.get('client')!, uid: r.headers.get('uid')! };
  const made = await fetch(`${api}/customers/profiles`, {
    method: 'POST',
    headers: { ...creds, 'content-type': 'application/json' },
    body: JSON.stringify({ first_name: 'Nia', kind: 'profile' }),
  });
  assert.equal(made.status, 200, await made.clone().text());
  const profile = ((await made.json()) as { data: { uuid: string } }).data.uuid;
  const [ids] = (
    await sql.query<{ profile: number; account: number; pkg: number; provider: number }>(
      `SELECT p.id AS profile, a.id AS account, (SELECT id FROM org_packages WHERE organisation_id = a.organisation_id ORDER BY id LIMIT 1) AS pkg,
              (SELECT id FROM providers WHERE firstname = 'Ananya') AS provider
         FROM users p JOIN users a ON a.id = p.parent_user_id WHERE p.uuid::text = $1`,
      [profile],
    )
  ).rows as [{ profile: number; account: number; pkg: number; provider: number }];
  // Two package sessions of the profile (written directly, as a confirmation by a credit leaves them): one on now, one in 40 days.
  const session = async (startMs: number) => {
    const [{ id }] = (
      await sql.query<{ id: number }>(
        `INSERT INTO bookings (user_id, provider_id, start_time, end_time, mode, session_type, status, fee, currency, duration_minutes, list_price, org_package_id)
         VALUES ($1, $2, $3, $4, 'online', 'individual', 'confirmed', 0, 'INR', 50, 1500, $5) RETURNING id`,
        [ids.profile, ids.provider, new Date(startMs).toISOString(), new Date(startMs + 50 * 60_000).toISOString(), ids.pkg],
      )
    ).rows as [{ id: number }];
    await sql.query(
      `INSERT INTO package_credit_uses (booking_id, account_id, org_package_id, credits, created_at) VALUES ($1, $2, $3, 1, now())`,
      [id, ids.account, ids.pkg],
    );
    return id;
  };
  const on = await session(Date.now() - 5 * 60_000);
  const upcoming = await session(Date.now() + 40 * 86_400_000);
  const spent = async () =>
    (
      await sql.query<{ n: number }>(`SELECT COALESCE(sum(credits), 0)::int AS n FROM package_credit_uses WHERE account_id = $1`, [
        ids.account,
      ])
    ).rows[0]!.n;
  const before = await spent();
  const answers = await Promise.all(
    Array.from({ length: 50 }, () => fetch(`${api}/customers/profiles/${profile}`, { method: 'DELETE', headers: creds })),
  );
  const statuses = answers.map((a) => a.status);
  assert.ok(statuses.includes(200) && statuses.every((s) => s === 200 || s === 404), JSON.stringify(statuses));
  assert.equal(await spent(), before - 1, 'one credit back: the upcoming session only');
  const rows = (
    await sql.query<{ id: number; status: string; returned: number }>(
      `SELECT b.id, b.status, (SELECT count(*)::int FROM package_credit_uses u WHERE u.booking_id = b.id AND u.credits = -1) AS returned
         FROM bookings b WHERE b.id = ANY($1::int[]) ORDER BY b.id`,
      [[on, upcoming]],
    )
  ).rows;
  assert.deepEqual(
    rows.map((b) => [b.id, b.status, b.returned]),
    [
      [on, 'confirmed', 0],
      [upcoming, 'cancelled', 1],
    ],
  );
});
