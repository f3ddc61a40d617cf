// Money on PostgreSQL with two api processes (requests alternate between them): a coupon sent fifty times
// at once discounts once (the account's coupon checks refuse the rest), twenty reschedules into one
// slot at once give one 200 and nineteen 409s, and fifty deliveries at once of a first-session discount paid
// after another session never confirm it (refunded once).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import pg from 'pg';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts.js';
import { limitsFor } from '../src/config/limits.js';
import { startTwoProcessCluster, type TwoProcessCluster } from './cluster.js';

let cluster: TwoProcessCluster | undefined;
let sql: pg.Client;
let api: string;
/** A stand-in for the payment gateway (production creates an order per checkout): it answers every order. */
let gateway: Server;
let orders = 0;
const KEY_SECRET = 'cluster-secret';
const WEBHOOK_SECRET = 'cluster-webhook-secret';

before(async () => {
  gateway = createServer((req, res) => {
    req.resume();
    orders++;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: `order_test_${orders}` }));
  });
  await new Promise<void>((ok) => gateway.listen(0, '127.0.0.1', ok));
  const addr = gateway.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  cluster = await startTwoProcessCluster('haven_money', {
    HAVEN_PAYMENT_KEY_ID: 'rzp_test_cluster',
    HAVEN_PAYMENT_KEY_SECRET: KEY_SECRET,
    HAVEN_PAYMENT_API_BASE: `http://127.0.0.1:${port}`,
    HAVEN_PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
  ({ sql } = cluster);
  api = `${cluster.proxy.url}/api/v1`;
});
after(async () => {
  await cluster?.stop();
  await new Promise((ok) => gateway.close(ok));
});

async function signIn(email: string): Promise<Record<string, string>> {
  const r = await fetch(`${api}/auth/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  assert.equal(r.status, 200);
  return { 'access-token': r.headers.get('access-token')!, client: r.headers.get('client')!, uid: r.headers.get('uid')! };
}
const post = (creds: Record<string, string>, path: string, body: unknown) =>
  fetch(`${api}${path}`, { method: 'POST', headers: { ...creds, 'content-type': 'application/json' }, body: JSON.stringify(body) });
async function slots(provider: string, day: number): Promise<string[]> {
  const dates = (await (await fetch(`${api}/providers/${provider}/schedule_dates?timezone=Asia/Kolkata`)).json()) as {
    data: { dates: { date: string }[] };
  };
  const s = (await (
    await fetch(`${api}/providers/${provider}/slots?date=${dates.data.dates[day]!.date}&timezone=Asia/Kolkata`)
  ).json()) as { data: { slots: { start_time: string }[] } };
  return s.data.slots.map((x) => x.start_time);
}
const providerUuid = async (name: string) =>
  (await sql.query<{ uuid: string }>(`SELECT uuid::text FROM providers WHERE firstname = $1`, [name])).rows[0]!.uuid;

test('a coupon sent fifty times at once: the coupon checks allowed get one checkout of 600 for a 900 session, the rest 429', async () => {
  const creds = await signIn('patient@haven.test');
  const rahul = await providerUuid('Rahul');
  const made = await post(creds, '/bookings', { provider_uuid: rahul, start_time: (await slots(rahul, 3))[0], mode: 'online' });
  assert.equal(made.status, 201, await made.clone().text());
  const booking = ((await made.json()) as { data: { uuid: string; fee: number } }).data;
  assert.equal(booking.fee, 900);
  const before = [...cluster!.proxy.counts];
  const answers = await Promise.all(
    Array.from({ length: 50 }, () =>
      post(creds, '/payments/temporary_transaction', { booking_uuid: booking.uuid, coupon_code: 'FLAT300' }),
    ),
  );
  const bodies = await Promise.all(
    answers.map(async (a) => ({ status: a.status, body: (await a.json()) as { data: { amount: number; transaction_id: string } } })),
  );
  // Every request with a code counts against the account's coupon checks (one count for both
  // processes): the first ones in get the checkout, the rest hear 429.
  const ok = bodies.filter((b) => b.status === 201);
  assert.equal(ok.length, limitsFor('production').coupon_check_user[0]!.max, JSON.stringify(bodies.map((b) => b.status)));
  assert.deepEqual(
    bodies.filter((b) => b.status !== 201).map((b) => b.status),
    Array(50 - ok.length).fill(429),
  );
  assert.deepEqual([...new Set(ok.map((b) => b.body.data.amount))], [600]);
  assert.equal(new Set(ok.map((b) => b.body.data.transaction_id)).size, 1, 'one checkout');
  const [row] = (
    await sql.query<{ fee: number; redemptions: number; open: number }>(
      `SELECT b.fee, (SELECT count(*)::int FROM coupon_redemptions r WHERE r.booking_id = b.id) AS redemptions,
            (SELECT count(*)::int FROM payment_transactions t WHERE t.booking_id = b.id AND t.status = 'created') AS open
       FROM bookings b WHERE b.uuid::text = $1`,
      [booking.uuid],
    )
  ).rows;
  assert.deepEqual(row, { fee: 600, redemptions: 1, open: 1 });
  assert.ok(
    cluster!.proxy.counts.every((c, i) => c - before[i]! >= 5),
    `both processes answered: ${String(cluster!.proxy.counts)}`,
  );
});

test('20 reschedules into one slot at once: one 200 and 19 × 409, no 500', async () => {
  const who = [await signIn('patient@haven.test'), await signIn('intl@haven.test')];
  const users = (
    await sql.query<{ id: number }>(`SELECT id FROM users WHERE email IN ('patient@haven.test', 'intl@haven.test') ORDER BY email DESC`)
  ).rows.map((r) => r.id);
  const arjun = await providerUuid('Arjun');
  const [{ id: providerId }] = (await sql.query<{ id: number }>(`SELECT id FROM providers WHERE uuid::text = $1`, [arjun])).rows as [
    { id: number },
  ];
  const target = (await slots(arjun, 2))[0]!;
  // Twenty paid sessions, a day apart beyond the bookable days (written directly: paying is not under test here).
  const uuids: string[] = [];
  for (let i = 0; i < 20; i++) {
    const start = new Date(Date.now() + (i + 30) * 86_400_000);
    const [{ uuid }] = (
      await sql.query<{ uuid: string }>(
        `INSERT INTO bookings (user_id, provider_id, start_time, end_time, mode, session_type, status, fee, currency, duration_minutes, list_price)
       VALUES ($1, $2, $3, $4, 'online', 'individual', 'confirmed', 700, 'INR', 50, 700) RETURNING uuid::text`,
        [users[i % 2], providerId, start.toISOString(), new Date(start.getTime() + 50 * 60_000).toISOString()],
      )
    ).rows as [{ uuid: string }];
    uuids.push(uuid);
  }
  const answers = await Promise.all(uuids.map((u, i) => post(who[i % 2]!, `/bookings/${u}/reschedule`, { start_time: target })));
  const statuses = answers.map((a) => a.status);
  const refused = await Promise.all(
    answers.filter((a) => a.status === 409).map(async (a) => ((await a.json()) as { message: string }).message),
  );
  assert.deepEqual([...statuses].sort(), [200, ...Array(19).fill(409)], JSON.stringify(statuses));
  // A refusal says the time is taken; to the account whose other booking won it, that the time is theirs already.
  assert.ok(
    refused.every((m) => /not available|You have booked this time already/.test(m)),
    JSON.stringify([...new Set(refused)]),
  );
  const [{ n }] = (
    await sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM bookings WHERE provider_id = $1 AND start_time = $2 AND status IN ('pending', 'confirmed')`,
      [providerId, target],
    )
  ).rows as [{ n: number }];
  assert.equal(n, 1);
});

test("WELCOME20 on booking A, booking B paid first, then 50 deliveries of A's payment at once: A is never confirmed at the discount, refunded once", async () => {
  // The first test spent this address's coupon checks.
  await sql.query(`DELETE FROM rate_events WHERE bucket LIKE 'coupon_%'`);
  const creds = await signIn('newpatient@haven.test');
  const rahul = await providerUuid('Rahul');
  // Two days: one account holds one time of a provider's day.
  const starts = [(await slots(rahul, 4))[0]!, (await slots(rahul, 5))[0]!];
  const book = async (start: string) => {
    const r = await post(creds, '/bookings', { provider_uuid: rahul, start_time: start, mode: 'online' });
    assert.equal(r.status, 201, await r.clone().text());
    return ((await r.json()) as { data: { uuid: string } }).data.uuid;
  };
  const checkout = async (booking: string, coupon?: string) => {
    const r = await post(creds, '/payments/temporary_transaction', { booking_uuid: booking, ...(coupon ? { coupon_code: coupon } : {}) });
    assert.equal(r.status, 201, await r.clone().text());
    return ((await r.json()) as { data: { transaction_id: string; amount: number; gateway_order_id: string } }).data;
  };
  const a = await book(starts[0]!);
  const b = await book(starts[1]!);
  const txA = await checkout(a, 'WELCOME20');
  assert.equal(txA.amount, 720);
  const txB = await checkout(b);
  assert.equal(txB.amount, 900);
  // B is paid first (its checkout verified).
  const sign = (order: string, payment: string) => createHmac('sha256', KEY_SECRET).update(`${order}|${payment}`).digest('hex');
  const paidB = await post(creds, `/payments/${txB.transaction_id}/verify`, {
    gateway_payment_id: 'pay_cluster_b',
    gateway_signature: sign(txB.gateway_order_id, 'pay_cluster_b'),
  });
  assert.equal(paidB.status, 200, await paidB.clone().text());
  // Then A's discounted payment, told fifty times at once by the gateway's webhook (both processes).
  const event = JSON.stringify(
    {
      entity: 'event',
      event: 'payment.captured',
      contains: ['payment'],
      payload: {
        payment: {
          entity: {
            id: 'pay_cluster_a',
            entity: 'payment',
            amount: 72000,
            currency: 'INR',
            status: 'captured',
            order_id: txA.gateway_order_id,
          },
        },
      },
      created_at: 1_700_000_000,
    },
    null,
    2,
  );
  const signature = createHmac('sha256', WEBHOOK_SECRET).update(event).digest('hex');
  const answers = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      fetch(`${api}/payments/gateway/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature, 'x-razorpay-event-id': `evt_cluster_${i}` },
        body: event,
      }),
    ),
  );
  const outcomes = await Promise.all(
    answers.map(async (r) => `${r.status} ${((await r.json()) as { data?: { outcome: string } }).data?.outcome ?? ''}`),
  );
  assert.deepEqual([...new Set(outcomes)], ['200 refunded'], JSON.stringify(outcomes));
  const [row] = (
    await sql.query<{ status: string; fee: number; tx: string; refunds: number }>(
      `SELECT b.status, b.fee, t.status AS tx, (SELECT count(*)::int FROM payment_refunds r WHERE r.transaction_id = t.id) AS refunds
         FROM bookings b JOIN payment_transactions t ON t.booking_id = b.id WHERE b.uuid::text = $1 AND t.uuid::text = $2`,
      [a, txA.transaction_id],
    )
  ).rows;
  assert.deepEqual(row, { status: 'pending', fee: 720, tx: 'paid_unapplied', refunds: 1 });
});
