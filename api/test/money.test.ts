// Every rupee accounted for: a price is paid before it is confirmed, a coupon discounts once, a session
// that was held ends and cannot be moved or refunded, a move re-prices, a burst into one slot gives one
// winner and clean 409s, and unpaid holds are limited per account.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_UNPAID_HOLDS } from '../src/config/booking.js';
import { limitsFor } from '../src/config/limits.js';

// The hold limit as deployed (helpers.ts lifts it for the older suites).
process.env.HAVEN_MAX_UNPAID_HOLDS = String(MAX_UNPAID_HOLDS);
const { as, boot, call, signIn } = await import('./helpers.js');
type Session = Awaited<ReturnType<typeof signIn>>;

let srv: Awaited<ReturnType<typeof boot>>;
let api: string;
let shiftMs = 0;
let patient: Session;
let intl: Session;
let acme: Session;
before(async () => {
  srv = await boot({ clock: () => Date.now() + shiftMs });
  api = srv.api;
  patient = await signIn(api, 'patient@haven.test');
  intl = await signIn(api, 'intl@haven.test');
  acme = await signIn(api, 'employee@acme.test');
});
after(async () => {
  await srv.close();
});

interface P {
  uuid: string;
  firstname: string;
}
const byName = async (name: string) =>
  (await call<{ data: P[] }>(`${api}/providers?per_page=50`)).body.data.find((p) => p.firstname === name)!;
/** Free starts of a provider on its n-th bookable day. */
const slotsOn = async (p: P, day: number): Promise<string[]> => {
  const dates = await call(`${api}/providers/${p.uuid}/schedule_dates?timezone=Asia/Kolkata`);
  const slots = await call(`${api}/providers/${p.uuid}/slots?date=${dates.body.data.dates[day].date}&timezone=Asia/Kolkata`);
  return slots.body.data.slots.map((s: { start_time: string }) => s.start_time);
};
const book = async (who: Session, p: P, start: string) => {
  const r = await as(who, `${api}/bookings`, { body: { provider_uuid: p.uuid, start_time: start, mode: 'online' } });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  return r.body.data as {
    uuid: string;
    fee: number;
    list_price: number;
    price_lines: { kind: string; amount: number }[];
    status: string;
    start_time: string;
    end_time: string;
  };
};
const release = async (who: Session, uuid: string) => as(who, `${api}/bookings/${uuid}/cancel`, { body: { reason: 'test done' } });

describe('confirming takes a settled payment, a credit or a price of 0', () => {
  test('confirm of an unpaid booking with a price is 409; paying confirms it', async () => {
    const rahul = await byName('Rahul');
    const b = await book(patient, rahul, (await slotsOn(rahul, 2))[0]!);
    assert.equal(b.fee, 900);
    const r = await as(patient, `${api}/bookings/${b.uuid}/confirm`, { method: 'POST' });
    assert.equal(r.status, 409);
    assert.match(r.body.message, /pay for it/);
    assert.equal((await as(patient, `${api}/bookings/${b.uuid}`)).body.data.status, 'pending');
    const t = await as(patient, `${api}/payments/temporary_transaction`, { body: { booking_uuid: b.uuid } });
    const s = await as(patient, `${api}/payments/${t.body.data.transaction_id}/simulate`, { body: { outcome: 'success' } });
    assert.equal(s.body.data.booking.status, 'confirmed');
    await release(patient, b.uuid);
  });
});

describe('one coupon per booking, on the list price', () => {
  test('FLAT300 sent three times discounts ₹900 once (600), another coupon is refused', async () => {
    const rahul = await byName('Rahul');
    const b = await book(patient, rahul, (await slotsOn(rahul, 3))[0]!);
    const amounts: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t = await as(patient, `${api}/payments/temporary_transaction`, { body: { booking_uuid: b.uuid, coupon_code: 'FLAT300' } });
      assert.equal(t.status, 201);
      amounts.push(t.body.data.amount);
    }
    assert.deepEqual(amounts, [600, 600, 600]);
    const after = (await as(patient, `${api}/bookings/${b.uuid}`)).body.data;
    assert.deepEqual([after.status, after.fee, after.list_price], ['pending', 600, 900]);
    assert.deepEqual(
      after.price_lines.map((l: { kind: string; amount: number }) => [l.kind, l.amount]),
      [
        ['list', 900],
        ['coupon', -300],
      ],
    );
    assert.equal(
      (await as(patient, `${api}/payments/temporary_transaction`, { body: { booking_uuid: b.uuid, coupon_code: 'WELCOME20' } })).status,
      409,
    );
    await release(patient, b.uuid);
  });
  test('fifty at once: the coupon checks allowed get one discounted checkout, the rest 429', async () => {
    const rahul = await byName('Rahul');
    const b = await book(intl, rahul, (await slotsOn(rahul, 4))[0]!);
    const rs = await Promise.all(
      Array.from({ length: 50 }, () =>
        as(intl, `${api}/payments/temporary_transaction`, { body: { booking_uuid: b.uuid, coupon_code: 'FLAT300' } }),
      ),
    );
    // Every request with a code counts against the account's coupon checks: the first ones in get the
    // checkout, the rest hear 429.
    const checks = limitsFor('test').coupon_check_user[0]!.max;
    const ok = rs.filter((r) => r.status === 201);
    assert.equal(ok.length, checks, JSON.stringify(rs.map((r) => r.status)));
    for (const r of rs.filter((x) => x.status !== 201)) assert.deepEqual([r.status, r.body.code], [429, 'rate_limited']);
    assert.deepEqual(new Set(ok.map((r) => r.body.data.amount)), new Set([600]));
    assert.equal(new Set(ok.map((r) => r.body.data.transaction_id)).size, 1);
    const [row] = await srv.db.query<{ redemptions: number; open: number }>(
      `SELECT (SELECT count(*)::int FROM coupon_redemptions r WHERE r.booking_id = b.id) AS redemptions,
              (SELECT count(*)::int FROM payment_transactions t WHERE t.booking_id = b.id AND t.status = 'created') AS open
         FROM bookings b WHERE b.uuid::text = $1`,
      [b.uuid],
    );
    assert.deepEqual(row, { redemptions: 1, open: 1 });
    assert.equal((await as(intl, `${api}/bookings/${b.uuid}`)).body.data.fee, 600);
    await release(intl, b.uuid);
  });
});

describe('a session that was held', () => {
  test('cannot be moved or cancelled after its start, and is completed at its end', async () => {
    const rahul = await byName('Rahul');
    const [first, second] = await slotsOn(rahul, 5);
    const b = await book(patient, rahul, first!);
    const t = await as(patient, `${api}/payments/temporary_transaction`, { body: { booking_uuid: b.uuid } });
    await as(patient, `${api}/payments/${t.body.data.transaction_id}/simulate`, { body: { outcome: 'success' } });
    const startsIn = new Date(b.start_time).getTime() - Date.now();
    const endsIn = new Date(b.end_time).getTime() - Date.now();
    try {
      shiftMs = startsIn + 60_000; // a minute into the session
      const moved = await as(patient, `${api}/bookings/${b.uuid}/reschedule`, { body: { start_time: second } });
      assert.equal(moved.status, 409);
      const cancelled = await as(patient, `${api}/bookings/${b.uuid}/cancel`, { body: { reason: 'after the fact' } });
      assert.equal(cancelled.status, 409);
      assert.equal((await as(patient, `${api}/bookings/${b.uuid}`)).body.data.status, 'confirmed');
      shiftMs = endsIn + 1000;
      assert.equal((await as(patient, `${api}/bookings/${b.uuid}`)).body.data.status, 'completed');
    } finally {
      shiftMs = 0;
    }
  });
});

describe('coupon quote', () => {
  test("at a discounted hour the quote carries that hour's discount: what the page shows is what the booking charges", async () => {
    const kabir = await byName('Kabir');
    const discounted = (await call(`${api}/providers/${kabir.uuid}/schedule_discounts`)).body.data.slots as { start_time: string }[];
    const cheap = discounted[1]!.start_time;
    const quote = async (at?: string) =>
      (
        await as(patient, `${api}/coupons/validate`, {
          body: { code: 'FLAT300', provider_uuid: kabir.uuid, mode: 'online', ...(at ? { start_time: at, duration_minutes: 50 } : {}) },
        })
      ).body.data as { amount: number; lines: { kind: string; amount: number }[] };
    const atCheap = await quote(cheap);
    const anyTime = await quote();
    assert.ok(
      atCheap.lines.some((l) => l.kind === 'schedule_discount'),
      JSON.stringify(atCheap.lines),
    );
    assert.ok(!anyTime.lines.some((l) => l.kind === 'schedule_discount'));
    assert.equal(
      atCheap.lines.reduce((sum, l) => sum + l.amount, 0),
      atCheap.amount,
    );
    const b = await book(patient, kabir, cheap);
    const t = await as(patient, `${api}/payments/temporary_transaction`, { body: { booking_uuid: b.uuid, coupon_code: 'FLAT300' } });
    assert.equal(t.status, 201, JSON.stringify(t.body));
    assert.equal(t.body.data.amount, atCheap.amount, 'the checkout charges what the quote showed');
    await release(patient, b.uuid);
  });
});

describe('reschedule', () => {
  test('re-prices at the new time: booked at 20% off, moved to a full-price hour', async () => {
    const kabir = await byName('Kabir');
    const discounted = (await call(`${api}/providers/${kabir.uuid}/schedule_discounts`)).body.data.slots as { start_time: string }[];
    const cheap = discounted[2]!.start_time;
    const b = await book(acme, kabir, cheap);
    assert.deepEqual([b.fee, b.list_price], [1440, 1800]);
    const hourIst = (iso: string) =>
      Number(new Intl.DateTimeFormat('en-GB', { hour: 'numeric', hourCycle: 'h23', timeZone: 'Asia/Kolkata' }).format(new Date(iso)));
    const dayOf = (iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(iso));
    const dates = (await call(`${api}/providers/${kabir.uuid}/schedule_dates?timezone=Asia/Kolkata`)).body.data.dates as { date: string }[];
    const day = dates.find((d) => d.date === dayOf(cheap))!.date;
    const slots = (await call(`${api}/providers/${kabir.uuid}/slots?date=${day}&timezone=Asia/Kolkata`)).body.data.slots as {
      start_time: string;
    }[];
    const full = slots.find((s) => hourIst(s.start_time) >= 12)!.start_time;
    const moved = await as(acme, `${api}/bookings/${b.uuid}/reschedule`, { body: { start_time: full } });
    assert.equal(moved.status, 200);
    assert.deepEqual([moved.body.data.fee, moved.body.data.list_price], [1800, 1800]);
    await release(acme, b.uuid);
  });

  test('20 concurrent reschedules into one slot: one 200 and 19 × 409', async () => {
    const arjun = await byName('Arjun');
    const starts = [...(await slotsOn(arjun, 1)), ...(await slotsOn(arjun, 2)), ...(await slotsOn(arjun, 3)), ...(await slotsOn(arjun, 4))];
    assert.ok(starts.length >= 21, `${starts.length} free starts`);
    const target = starts[0]!;
    const who = [patient, intl];
    const bookings = [];
    // Paid, so that the unpaid-hold limit does not stop the setup.
    for (let i = 0; i < 20; i++) {
      const s = who[i % 2]!;
      const b = await book(s, arjun, starts[i + 1]!);
      const t = await as(s, `${api}/payments/temporary_transaction`, { body: { booking_uuid: b.uuid } });
      await as(s, `${api}/payments/${t.body.data.transaction_id}/simulate`, { body: { outcome: 'success' } });
      bookings.push({ s, b });
    }
    const rs = await Promise.all(
      bookings.map(({ s, b }) => as(s, `${api}/bookings/${b.uuid}/reschedule`, { body: { start_time: target } })),
    );
    assert.deepEqual(rs.map((r) => r.status).sort(), [200, ...Array(19).fill(409)]);
    for (const { s, b } of bookings) await release(s, b.uuid);
  });
});

describe('no-show', () => {
  test('only the provider of the session marks it a no-show, after its start; the patient and another provider get 404', async () => {
    const rahul = await byName('Rahul');
    // Provider log-ins: the clinician is Rahul, the children-first clinician another provider.
    await srv.db.query(`UPDATE providers SET user_id = (SELECT id FROM users WHERE email = 'clinician@haven.test') WHERE uuid::text = $1`, [
      rahul.uuid,
    ]);
    await srv.db.query(
      `UPDATE providers SET user_id = (SELECT id FROM users WHERE email = 'cfclinician@haven.test') WHERE firstname = 'Arjun'`,
    );
    const own = await signIn(api, 'clinician@haven.test');
    const other = await signIn(api, 'cfclinician@haven.test');
    const b = await book(patient, rahul, (await slotsOn(rahul, 7))[0]!);
    const t = await as(patient, `${api}/payments/temporary_transaction`, { body: { booking_uuid: b.uuid } });
    await as(patient, `${api}/payments/${t.body.data.transaction_id}/simulate`, { body: { outcome: 'success' } });
    const mark = (who: Session) => as(who, `${api}/bookings/${b.uuid}/no_show`, { method: 'POST' });
    assert.equal((await mark(own)).status, 409, 'not before the start');
    try {
      shiftMs = new Date(b.start_time).getTime() - Date.now() + 5 * 60_000;
      assert.equal((await mark(patient)).status, 404);
      assert.equal((await mark(other)).status, 404);
      assert.equal((await as(patient, `${api}/bookings/${b.uuid}`)).body.data.status, 'confirmed');
      const r = await mark(own);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.equal(r.body.data.status, 'no_show');
      assert.equal((await mark(own)).status, 409, 'once');
      // No refund for a session the patient did not come to.
      assert.equal((await as(patient, `${api}/bookings/${b.uuid}/cancel`, { body: { reason: 'late' } })).status, 409);
    } finally {
      shiftMs = 0;
    }
  });
});

describe('unpaid holds are limited per account', () => {
  test(`at most ${MAX_UNPAID_HOLDS} unpaid holds; the next is 409 with the reason`, async () => {
    const fresh = intl;
    const meera = await byName('Rahul');
    const starts = await slotsOn(meera, 6);
    const held = [];
    for (let i = 0; i < MAX_UNPAID_HOLDS; i++) held.push(await book(fresh, meera, starts[i]!));
    const over = await as(fresh, `${api}/bookings`, {
      body: { provider_uuid: meera.uuid, start_time: starts[MAX_UNPAID_HOLDS], mode: 'online' },
    });
    assert.equal(over.status, 409);
    assert.match(over.body.message, /unpaid/);
    for (const b of held) await release(fresh, b.uuid);
    assert.equal(
      (await as(fresh, `${api}/bookings`, { body: { provider_uuid: meera.uuid, start_time: starts[MAX_UNPAID_HOLDS], mode: 'online' } }))
        .status,
      201,
    );
  });
});

describe('the lifecycle table is the documentation', () => {
  test('api/README.md holds the table the module enforces', async () => {
    const { readFileSync } = await import('node:fs');
    const { transitionTable } = await import('../src/bookings/booking-state.js');
    assert.ok(readFileSync(new URL('../README.md', import.meta.url), 'utf8').includes(transitionTable()));
  });
});
