// Slot holds on PostgreSQL with two api processes (requests alternate between them): fifty hold requests
// at once, from two accounts, for the free times of one provider's day, hold exactly one time per
// account (MAX_HOLDS_PER_PROVIDER_DAY), each for minutes; the other times of the day stay free for the
// next patient.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts.js';
import { MAX_HOLDS_PER_PROVIDER_DAY, PAYMENT_HOLD_MINUTES } from '../src/config/booking.js';
import { startTwoProcessCluster, type TwoProcessCluster } from './cluster.js';

let cluster: TwoProcessCluster | undefined;
let sql: pg.Client;
let api: string;

before(async () => {
  cluster = await startTwoProcessCluster('haven_slot_holds');
  ({ sql } = cluster);
  api = `${cluster.proxy.url}/api/v1`;
});
after(async () => {
  await cluster?.stop();
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
async function daySlots(provider: string, day: number): Promise<{ date: string; starts: string[] }> {
  const dates = (await (await fetch(`${api}/providers/${provider}/schedule_dates?timezone=Asia/Kolkata`)).json()) as {
    data: { dates: { date: string }[] };
  };
  const date = dates.data.dates[day]!.date;
  const s = (await (await fetch(`${api}/providers/${provider}/slots?date=${date}&timezone=Asia/Kolkata`)).json()) as {
    data: { slots: { start_time: string }[] };
  };
  return { date, starts: s.data.slots.map((x) => x.start_time) };
}

test("50 hold requests at once from two accounts for one provider's day: one hold per account, the rest 409, no 500", async () => {
  const accounts = [await signIn('patient@haven.test'), await signIn('intl@haven.test')];
  const [{ uuid: rahul }] = (await sql.query<{ uuid: string }>(`SELECT uuid::text FROM providers WHERE firstname = 'Rahul'`)).rows as [
    { uuid: string },
  ];
  const { starts } = await daySlots(rahul, 4);
  assert.ok(starts.length >= 4, `free times that day: ${starts.length}`);
  const before = [...cluster!.proxy.counts];
  const answers = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      fetch(`${api}/bookings`, {
        method: 'POST',
        headers: { ...accounts[i % 2]!, 'content-type': 'application/json' },
        body: JSON.stringify({ provider_uuid: rahul, start_time: starts[i % starts.length], mode: 'online' }),
      }),
    ),
  );
  const bodies = await Promise.all(answers.map(async (a) => ({ status: a.status, body: (await a.json()) as { code?: string } })));
  const statuses = bodies.map((b) => b.status).sort();
  assert.deepEqual(statuses, [...Array(2 * MAX_HOLDS_PER_PROVIDER_DAY).fill(201), ...Array(50 - 2 * MAX_HOLDS_PER_PROVIDER_DAY).fill(409)]);
  // Every refusal says why: this account's day with the provider is held, or the time is someone's.
  const codes = new Set(bodies.filter((b) => b.status === 409).map((b) => b.body.code ?? 'slot_taken'));
  assert.ok(codes.has('provider_day_hold_limit'), JSON.stringify([...codes]));

  const held = (
    await sql.query<{ email: string; n: number; longest_s: number }>(
      `SELECT u.email, count(*)::int AS n, max(extract(epoch FROM b.hold_until - b.created_at))::int AS longest_s
         FROM bookings b JOIN users u ON u.id = b.user_id JOIN providers p ON p.id = b.provider_id
        WHERE p.uuid::text = $1 AND b.status = 'pending' AND b.start_time = ANY($2::timestamptz[]) GROUP BY u.email ORDER BY u.email`,
      [rahul, starts],
    )
  ).rows;
  assert.deepEqual(
    held.map((h) => [h.email, h.n]),
    [
      ['intl@haven.test', MAX_HOLDS_PER_PROVIDER_DAY],
      ['patient@haven.test', MAX_HOLDS_PER_PROVIDER_DAY],
    ],
  );
  for (const h of held) assert.ok(h.longest_s <= PAYMENT_HOLD_MINUTES * 60 + 5, `a hold lasts minutes: ${h.longest_s} s`);
  // The other times of the day are still free for the next patient.
  assert.equal((await daySlots(rahul, 4)).starts.length, starts.length - 2 * MAX_HOLDS_PER_PROVIDER_DAY);
  assert.ok(
    cluster!.proxy.counts.every((c, i) => c - before[i]! >= 10),
    `both processes answered: ${String(cluster!.proxy.counts)}`,
  );
});
