// The booking branch's api: provider offers and the fee cases the seed carries, and a taken slot
// answering 409.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { as, serverPerFile, call, isClientError, signIn, type Session, type TestServer } from './helpers.js';
import { PAYMENT_HOLD_MINUTES } from '../src/config/booking.js';

let srv: TestServer;
let api: string;
/** Added to the api's clock: a test steps past a payment hold or a rate-limit window with it. */
let shiftMs = 0;
let patient: Session;
let intl: Session;
let acme: Session;
const server = serverPerFile({ clock: () => Date.now() + shiftMs });
before(async () => {
  srv = await server();
  api = srv.api;
  patient = await signIn(api, 'patient@haven.test');
  intl = await signIn(api, 'intl@haven.test');
  acme = await signIn(api, 'employee@acme.test');
});

interface P {
  uuid: string;
  firstname: string;
  offer: unknown;
  online_offering: { minimum_fee: number } | null;
  offline_offering: { minimum_fee: number } | null;
}
const byName = async (name: string) =>
  (await call<{ data: P[] }>(`${api}/providers?per_page=50`)).body.data.find((p) => p.firstname === name)!;

describe('provider offers and fee cases', () => {
  test('offers: an amount with its currency, a percentage, or null', async () => {
    assert.deepEqual((await byName('Neha')).offer, {
      discount_amount: { value: 300, currency: 'INR' },
      discount_amount_currency: 'INR',
      discount_percentage: null,
    });
    assert.deepEqual((await byName('Liam')).offer, { discount_amount: null, discount_amount_currency: null, discount_percentage: 15 });
    assert.equal((await byName('Ananya')).offer, null);
    const d = await call(`${api}/providers/${(await byName('Neha')).uuid}`);
    assert.equal(d.body.data.offer.discount_amount.value, 300);
  });
  test('offline only, zero fee and offline-lower providers are listed', async () => {
    const isha = await byName('Isha');
    assert.equal(isha.online_offering, null);
    assert.equal(isha.offline_offering?.minimum_fee, 1400);
    assert.equal((await byName('Zoya')).online_offering?.minimum_fee, 0);
    const tara = await byName('Tara');
    assert.ok(tara.offline_offering!.minimum_fee < tara.online_offering!.minimum_fee);
  });
});

describe('a taken slot', () => {
  test('the second patient asking for the same slot gets 409 and the slot leaves the list', async () => {
    const rahul = await byName('Rahul');
    const dates = await call(`${api}/providers/${rahul.uuid}/schedule_dates?timezone=America/New_York`);
    const date = dates.body.data.dates[1].date as string;
    const slots = await call(`${api}/providers/${rahul.uuid}/slots?date=${date}&timezone=America/New_York`);
    const start = slots.body.data.slots[0].start_time as string;
    const body = { provider_uuid: rahul.uuid, start_time: start, mode: 'online' };
    const [a, b] = await Promise.all([
      as(patient, `${api}/bookings`, { method: 'POST', body }),
      as(intl, `${api}/bookings`, { method: 'POST', body }),
    ]);
    assert.deepEqual([a.status, b.status].sort(), [201, 409]);
    const after = await call(`${api}/providers/${rahul.uuid}/slots?date=${date}&timezone=America/New_York`);
    assert.ok(!after.body.data.slots.some((s: { start_time: string }) => s.start_time === start));
  });
});

describe('payments (simulated checkout outside production)', () => {
  const pendingBooking = async (who: Session, name: string, nth: number) => {
    const p = await byName(name);
    const dates = await call(`${api}/providers/${p.uuid}/schedule_dates`);
    const date = dates.body.data.dates[3].date as string;
    const slots = await call(`${api}/providers/${p.uuid}/slots?date=${date}`);
    const r = await as(who, `${api}/bookings`, {
      method: 'POST',
      body: { provider_uuid: p.uuid, start_time: slots.body.data.slots[nth].start_time, mode: 'online' },
    });
    assert.equal(r.status, 201);
    return r.body.data as { uuid: string; start_time: string; fee: number; currency: string };
  };
  const pay = async (who: Session, booking: string) =>
    as(who, `${api}/payments/temporary_transaction`, { method: 'POST', body: { booking_uuid: booking } });

  test('success confirms the booking', async () => {
    const b = await pendingBooking(patient, 'Ananya', 0);
    const t = await pay(patient, b.uuid);
    assert.equal(t.status, 201);
    assert.deepEqual(
      [t.body.data.amount, t.body.data.currency, t.body.data.gateway, t.body.data.status],
      [1500, 'INR', 'simulated', 'created'],
    );
    const s = await as(patient, `${api}/payments/${t.body.data.transaction_id}/simulate`, { method: 'POST', body: { outcome: 'success' } });
    assert.equal(s.status, 200);
    assert.equal(s.body.data.transaction.status, 'paid');
    assert.equal(s.body.data.booking.status, 'confirmed');
    assert.equal(
      (await as(patient, `${api}/payments/${t.body.data.transaction_id}/simulate`, { method: 'POST', body: { outcome: 'failure' } }))
        .status,
      409,
    );
  });
  for (const outcome of ['failure', 'abandon'] as const) {
    test(`${outcome} books nothing and frees the slot`, async () => {
      const b = await pendingBooking(patient, 'Ananya', outcome === 'failure' ? 1 : 2);
      const t = await pay(patient, b.uuid);
      const s = await as(patient, `${api}/payments/${t.body.data.transaction_id}/simulate`, { method: 'POST', body: { outcome } });
      assert.equal(s.body.data.booking.status, 'cancelled');
      const again = await as(patient, `${api}/bookings`, {
        method: 'POST',
        body: { provider_uuid: (await byName('Ananya')).uuid, start_time: b.start_time, mode: 'online' },
      });
      assert.equal(again.status, 201, 'the slot is free again');
    });
  }
  test("another user's booking or transaction is not found", async () => {
    const b = await pendingBooking(patient, 'Vikram', 0);
    assert.equal((await pay(intl, b.uuid)).status, 404);
    const t = await pay(patient, b.uuid);
    assert.equal(
      (await as(intl, `${api}/payments/${t.body.data.transaction_id}/simulate`, { method: 'POST', body: { outcome: 'success' } })).status,
      404,
    );
    assert.equal((await call(`${api}/payments/temporary_transaction`, { method: 'POST', body: { booking_uuid: b.uuid } })).status, 401);
  });
  test('a zero-fee booking has nothing to pay', async () => {
    const b = await pendingBooking(patient, 'Zoya', 0);
    assert.equal((await pay(patient, b.uuid)).status, 422);
  });
});

describe('coupons', () => {
  test('the public list follows cf_coupon_enabled: off, no code is advertised; a code typed at checkout still counts', async () => {
    const setFlag = (on: boolean) =>
      srv.db.query(`UPDATE feature_flags SET enabled = $1 WHERE name = 'public_show_coupon_code_on_customer_listing'`, [on]);
    const codes = async (r: Promise<{ body: { data: { code: string }[] } }>) => (await r).body.data.map((c) => c.code);
    assert.deepEqual(await codes(call(`${api}/coupons`)), ['FLAT300', 'WELCOME20'], 'on: advertised');
    await setFlag(false);
    try {
      const flags = (await call(`${api}/feature_flags`)).body.features as { name: string; enabled: boolean }[];
      assert.equal(flags.find((f) => f.name === 'public_show_coupon_code_on_customer_listing')?.enabled, false);
      assert.deepEqual(await codes(call(`${api}/coupons`)), [], 'off: nothing advertised to visitors');
      assert.deepEqual(await codes(as(patient, `${api}/coupons`)), [], 'off: nothing advertised to a patient');
      // Entering a coupon at checkout does not depend on the flag (the design notes' settled reading).
      const ananya = await byName('Ananya');
      const v = await as(patient, `${api}/coupons/validate`, {
        method: 'POST',
        body: { code: 'WELCOME20', provider_uuid: ananya.uuid, mode: 'online' },
      });
      assert.equal(v.status, 200, JSON.stringify(v.body));
    } finally {
      await setFlag(true);
    }
    assert.deepEqual(await codes(call(`${api}/coupons`)), ['FLAT300', 'WELCOME20'], 'on again');
  });

  test('list, validate against a fee, and apply when paying', async () => {
    const list = await as(patient, `${api}/coupons`);
    assert.deepEqual(
      list.body.data.map((c: { code: string }) => c.code),
      ['FLAT300', 'WELCOME20'],
    );
    assert.deepEqual((await call(`${api}/coupons`)).body, list.body, 'public coupons are listed to visitors too');
    const ananya = await byName('Ananya');
    const v = await as(patient, `${api}/coupons/validate`, {
      method: 'POST',
      body: { code: 'welcome20', provider_uuid: ananya.uuid, mode: 'online' },
    });
    assert.deepEqual([v.body.data.fee, v.body.data.amount, v.body.data.currency], [1500, 1200, 'INR']);
    // The rule's lines come with the quote and add up to the amount.
    const lines = v.body.data.lines as { kind: string; amount: number }[];
    assert.deepEqual(
      lines.map((l) => [l.kind, l.amount]),
      [
        ['list', 1500],
        ['coupon', -300],
      ],
    );
    assert.equal(
      lines.reduce((s, l) => s + l.amount, 0),
      v.body.data.amount,
    );
    assert.equal(
      (await as(patient, `${api}/coupons/validate`, { method: 'POST', body: { code: 'NOPE', provider_uuid: ananya.uuid, mode: 'online' } }))
        .status,
      422,
    );
    const sara = await byName('Sara');
    assert.equal(
      (
        await as(patient, `${api}/coupons/validate`, {
          method: 'POST',
          body: { code: 'FLAT300', provider_uuid: sara.uuid, mode: 'online' },
        })
      ).status,
      422,
    );

    const dates = await call(`${api}/providers/${ananya.uuid}/schedule_dates`);
    const slots = await call(`${api}/providers/${ananya.uuid}/slots?date=${dates.body.data.dates[5].date}`);
    const b = await as(patient, `${api}/bookings`, {
      method: 'POST',
      body: { provider_uuid: ananya.uuid, start_time: slots.body.data.slots[0].start_time, mode: 'online' },
    });
    const t = await as(patient, `${api}/payments/temporary_transaction`, {
      method: 'POST',
      body: { booking_uuid: b.body.data.uuid, coupon_code: 'FLAT300' },
    });
    assert.equal(t.status, 201);
    assert.equal(t.body.data.amount, 1200);
    const s = await as(patient, `${api}/payments/${t.body.data.transaction_id}/simulate`, { method: 'POST', body: { outcome: 'success' } });
    assert.deepEqual([s.body.data.booking.status, s.body.data.booking.fee], ['confirmed', 1200]);
  });
});

describe('b2b packages', () => {
  const pending = async (who: Session, name: string, day: number) => {
    const p = await byName(name);
    const dates = await call(`${api}/providers/${p.uuid}/schedule_dates`);
    const slots = await call(`${api}/providers/${p.uuid}/slots?date=${dates.body.data.dates[day].date}`);
    const r = await as(who, `${api}/bookings`, {
      method: 'POST',
      body: { provider_uuid: p.uuid, start_time: slots.body.data.slots[3].start_time, mode: 'online' },
    });
    assert.equal(r.status, 201);
    return r.body.data.uuid as string;
  };
  test('an employee books a covered provider with a credit; others cannot', async () => {
    const before = await as(acme, `${api}/customers/org_packages`);
    assert.deepEqual([before.body.is_package_client, before.body.org_package_for, before.body.credits_left], [true, 'therapy', 6]);
    assert.equal(before.body.package.info.analytics.package_type, 'b2b');
    const b = await pending(acme, 'Ananya', 6);
    assert.equal((await as(patient, `${api}/bookings/${b}/package`, { method: 'POST' })).status, 404);
    const r = await as(acme, `${api}/bookings/${b}/package`, { method: 'POST' });
    assert.deepEqual([r.status, r.body.data.status, r.body.data.fee], [200, 'confirmed', 0]);
    assert.equal((await as(acme, `${api}/customers/org_packages`)).body.credits_left, 5);
    assert.equal(
      (await as(acme, `${api}/bookings/${await pending(acme, 'Arjun', 6)}/package`, { method: 'POST' })).status,
      422,
      'a coach is not covered by a therapy package',
    );
    assert.equal((await as(patient, `${api}/customers/org_packages`)).body.is_package_client, false);
    assert.equal((await as(patient, `${api}/bookings/${await pending(patient, 'Rahul', 6)}/package`, { method: 'POST' })).status, 422);
  });
  test('credit history: each credit used and given back, newest first, with what was left; only the account sees its own', async () => {
    const before = (await as(acme, `${api}/customers/credits`)).body.data;
    const b = await pending(acme, 'Ananya', 8);
    assert.equal((await as(acme, `${api}/bookings/${b}/package`, { method: 'POST' })).status, 200);
    assert.equal((await as(acme, `${api}/bookings/${b}/cancel`, { body: { reason: 'cannot come' } })).status, 200);
    const after = (await as(acme, `${api}/customers/credits`)).body.data;
    assert.equal(after.total, 6);
    assert.equal(after.credits_left, before.credits_left);
    assert.equal(after.history.length, before.history.length + 2);
    const [returned, used] = after.history;
    assert.deepEqual(
      [returned.kind, returned.booking_uuid, returned.credits_left, used.kind, used.booking_uuid, used.credits_left],
      ['returned', b, before.credits_left, 'used', b, before.credits_left - 1],
    );
    assert.match(used.provider_name, /^Ananya /);
    // Another account: its own (no package: null), never this one's; signed out: 401.
    assert.deepEqual((await as(patient, `${api}/customers/credits`)).body, { data: null });
    assert.equal((await call(`${api}/customers/credits`)).status, 401);
  });
});

describe('payment holds expire', () => {
  test(`an unpaid checkout holds the slot for ${PAYMENT_HOLD_MINUTES} minutes, then frees it and refuses the payment`, async () => {
    const kavya = await byName('Kavya');
    const dates = await call(`${api}/providers/${kavya.uuid}/schedule_dates`);
    const date = dates.body.data.dates[2].date as string;
    const slotsOn = async () =>
      ((await call(`${api}/providers/${kavya.uuid}/slots?date=${date}`)).body.data.slots as Array<{ start_time: string }>).map(
        (s) => s.start_time,
      );
    const start = (await slotsOn())[0]!;
    const created = await as(patient, `${api}/bookings`, {
      method: 'POST',
      body: { provider_uuid: kavya.uuid, start_time: start, mode: 'online' },
    });
    assert.equal(created.status, 201);
    const t = await as(patient, `${api}/payments/temporary_transaction`, {
      method: 'POST',
      body: { booking_uuid: created.body.data.uuid },
    });
    assert.equal(t.status, 201);
    shiftMs = (PAYMENT_HOLD_MINUTES - 1) * 60_000;
    assert.ok(!(await slotsOn()).includes(start), 'held within the hold time');
    assert.equal(
      (await as(intl, `${api}/bookings`, { method: 'POST', body: { provider_uuid: kavya.uuid, start_time: start, mode: 'online' } }))
        .status,
      409,
    );
    try {
      shiftMs = (PAYMENT_HOLD_MINUTES + 1) * 60_000;
      assert.ok((await slotsOn()).includes(start), 'free again after the hold');
      const pay = await as(patient, `${api}/payments/${t.body.data.transaction_id}/simulate`, {
        method: 'POST',
        body: { outcome: 'success' },
      });
      assert.equal(isClientError(pay, 409, 'expired'), null);
      const b = await as(patient, `${api}/bookings/${created.body.data.uuid}`);
      assert.deepEqual([b.body.data.status, b.body.data.cancel_reason], ['expired', 'Payment not completed in time']);
      const other = await as(intl, `${api}/bookings`, {
        method: 'POST',
        body: { provider_uuid: kavya.uuid, start_time: start, mode: 'online' },
      });
      assert.equal(other.status, 201, 'another patient can book the released slot');
    } finally {
      shiftMs = 0;
    }
  });
});

describe('offered durations', () => {
  test('a psychiatrist offers 30 and 50 minutes; a booking keeps its length; other lengths are refused', async () => {
    const vikram = await byName('Vikram');
    assert.deepEqual((await call(`${api}/providers/${vikram.uuid}/offered_durations`)).body.data.durations, [30, 50]);
    assert.deepEqual((await call(`${api}/providers/${(await byName('Rahul')).uuid}/offered_durations`)).body.data.durations, [50]);
    const dates = await call(`${api}/providers/${vikram.uuid}/schedule_dates`);
    const slots = await call(`${api}/providers/${vikram.uuid}/slots?date=${dates.body.data.dates[8].date}`);
    const start = slots.body.data.slots[0].start_time as string;
    const wrong = await as(patient, `${api}/bookings`, {
      method: 'POST',
      body: { provider_uuid: vikram.uuid, start_time: start, mode: 'online', duration_minutes: 45 },
    });
    assert.equal(isClientError(wrong, 422, 'offers sessions of 30 or 50 minutes'), null);
    const r = await as(patient, `${api}/bookings`, {
      method: 'POST',
      body: { provider_uuid: vikram.uuid, start_time: start, mode: 'online', duration_minutes: 30 },
    });
    assert.equal(r.status, 201);
    assert.equal(r.body.data.duration_minutes, 30);
    assert.equal(new Date(r.body.data.end_time).getTime() - new Date(start).getTime(), 30 * 60_000);
    assert.equal((await as(intl, `${api}/bookings/${r.body.data.uuid}`)).status, 404, 'not yours: not found');
  });
});

describe('coupon checks are rate-limited', () => {
  test('an account that keeps guessing codes gets 429 with Retry-After, on validate and when paying', async () => {
    const guesser = await signIn(api, 'newpatient@haven.test');
    const ananya = await byName('Ananya');
    const guess = (code: string) =>
      as(guesser, `${api}/coupons/validate`, { method: 'POST', body: { code, provider_uuid: ananya.uuid, mode: 'online' } });
    for (let i = 0; i < 10; i++) assert.equal((await guess(`GUESS${i}`)).status, 422);
    const limited = await guess('WELCOME20');
    assert.equal(limited.status, 429, 'even a right code once the limit is reached');
    assert.equal((limited.body as { code?: string }).code, 'rate_limited');
    assert.ok(Number(limited.headers.get('retry-after')) > 0);
    const dates = await call(`${api}/providers/${ananya.uuid}/schedule_dates`);
    const slots = await call(`${api}/providers/${ananya.uuid}/slots?date=${dates.body.data.dates[9].date}`);
    const b = await as(guesser, `${api}/bookings`, {
      method: 'POST',
      body: { provider_uuid: ananya.uuid, start_time: slots.body.data.slots[0].start_time, mode: 'online' },
    });
    const t = await as(guesser, `${api}/payments/temporary_transaction`, {
      method: 'POST',
      body: { booking_uuid: b.body.data.uuid, coupon_code: 'FLAT300' },
    });
    assert.equal(t.status, 429);
    assert.equal(
      (
        await as(patient, `${api}/coupons/validate`, {
          method: 'POST',
          body: { code: 'WELCOME20', provider_uuid: ananya.uuid, mode: 'online' },
        })
      ).status,
      200,
      'another account is not limited',
    );
  });
});

describe('provider switch', () => {
  test('tagging details per type; a switch with a reason replaces the provider of that type, for that patient only', async () => {
    const types = (r: { body: { data: Array<{ provider_type: string; provider: { firstname: string } }> } }) =>
      r.body.data.map((t) => `${t.provider_type}:${t.provider.firstname}`);
    const globex = await signIn(api, 'employee@globex.test');
    assert.deepEqual(types(await as(globex, `${api}/customers/provider_tagging`)), []);
    const first = await as(globex, `${api}/customers/provider_switch`, {
      method: 'POST',
      body: { provider_id: (await byName('Tara')).uuid, provider_type: 'therapist' },
    });
    assert.deepEqual(types(first), ['therapist:Tara']);
    const patientBefore = types(await as(patient, `${api}/customers/provider_tagging`));
    assert.ok(patientBefore.includes('therapist:Ananya') && patientBefore.includes('psychiatrist:Vikram'));
    const liam = await byName('Liam');
    const r = await as(globex, `${api}/customers/provider_switch`, {
      method: 'POST',
      body: { provider_id: liam.uuid, provider_type: 'therapist', switch_reason: 'I would like someone with addiction experience' },
    });
    assert.equal(r.status, 200);
    assert.deepEqual(types(r), ['therapist:Liam']);
    const mine = await as(globex, `${api}/customers/my_providers`);
    assert.deepEqual(
      mine.body.data.map((p: { firstname: string }) => p.firstname),
      ['Liam'],
    );
    assert.deepEqual(types(await as(patient, `${api}/customers/provider_tagging`)), patientBefore, 'another patient is untouched');
    const again = await as(globex, `${api}/customers/provider_switch`, {
      method: 'POST',
      body: { provider_id: liam.uuid, provider_type: 'therapist' },
    });
    assert.equal(isClientError(again, 422, 'already with this provider'), null);
    const wrongRole = await as(globex, `${api}/customers/provider_switch`, {
      method: 'POST',
      body: { provider_id: (await byName('Vikram')).uuid, provider_type: 'therapist' },
    });
    assert.equal(isClientError(wrongRole, 422, 'not a therapist'), null);
    const unknown = await as(globex, `${api}/customers/provider_switch`, {
      method: 'POST',
      body: { provider_id: '00000000-0000-4000-8000-000000000000', provider_type: 'therapist' },
    });
    assert.equal(unknown.status, 404);
    assert.equal(
      (await call(`${api}/customers/provider_switch`, { method: 'POST', body: { provider_id: liam.uuid, provider_type: 'therapist' } }))
        .status,
      401,
    );
    assert.equal((await call(`${api}/customers/provider_tagging`)).status, 401);
  });
});

describe("the payment adapter (release in every stage; the production gateway's order and signature)", () => {
  test('a failed or left checkout is released by its owner only, once', async () => {
    const ananya = await byName('Ananya');
    const dates = await call(`${api}/providers/${ananya.uuid}/schedule_dates`);
    const slots = await call(`${api}/providers/${ananya.uuid}/slots?date=${dates.body.data.dates[10].date}`);
    const b = await as(patient, `${api}/bookings`, {
      method: 'POST',
      body: { provider_uuid: ananya.uuid, start_time: slots.body.data.slots[0].start_time, mode: 'online' },
    });
    const t = await as(patient, `${api}/payments/temporary_transaction`, { method: 'POST', body: { booking_uuid: b.body.data.uuid } });
    assert.deepEqual([t.body.data.gateway_order_id, t.body.data.gateway_key_id], [null, null], 'simulated outside production');
    const read = await as(patient, `${api}/payments/${t.body.data.transaction_id}`);
    assert.deepEqual([read.status, read.body.data.transaction.amount, read.body.data.booking.uuid], [200, 1500, b.body.data.uuid]);
    assert.equal((await as(intl, `${api}/payments/${t.body.data.transaction_id}`)).status, 404, 'not yours: not found');
    const url = `${api}/payments/${t.body.data.transaction_id}/release`;
    assert.equal((await as(intl, url, { method: 'POST', body: { outcome: 'abandon' } })).status, 404);
    const r = await as(patient, url, { method: 'POST', body: { outcome: 'abandon' } });
    assert.deepEqual([r.status, r.body.data.transaction.status, r.body.data.booking.status], [200, 'abandoned', 'cancelled']);
    assert.equal((await as(patient, url, { method: 'POST', body: { outcome: 'failure' } })).status, 409);
    const v = await as(patient, `${api}/payments/${t.body.data.transaction_id}/verify`, {
      method: 'POST',
      body: { gateway_payment_id: 'pay_1', gateway_signature: 'ab' },
    });
    assert.equal(v.status, 409, 'nothing left to verify');
  });

  test('signature check: HMAC-SHA256 of "order|payment" with the key secret', async () => {
    const { createHmac } = await import('node:crypto');
    const { isPaymentSignatureValid } = await import('../src/payments/payment-gateway.js');
    const good = createHmac('sha256', 'key-secret').update('order_1|pay_1').digest('hex');
    for (const [secret, order, payment, signature, valid] of [
      ['key-secret', 'order_1', 'pay_1', good, true],
      ['key-secret', 'order_1', 'pay_1', good.toUpperCase(), true],
      ['other-secret', 'order_1', 'pay_1', good, false],
      ['key-secret', 'order_2', 'pay_1', good, false],
      ['key-secret', 'order_1', 'pay_1', good.slice(0, 62), false],
      ['key-secret', 'order_1', 'pay_1', 'not hex at all', false],
    ] as const)
      assert.equal(isPaymentSignatureValid(secret, order, payment, signature), valid, `${secret} ${order} ${signature}`);
  });

  test('an order is created at the gateway with the amount in its smallest unit and the key pair', async () => {
    const { createServer } = await import('node:http');
    const { createOrder } = await import('../src/payments/payment-gateway.js');
    let seen: { auth?: string; body?: string; url?: string } = {};
    const fake = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => {
        body += c.toString();
      });
      req.on('end', () => {
        seen = { auth: req.headers.authorization, body, url: req.url };
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ id: 'order_test_1' }));
      });
    });
    await new Promise<void>((ok) => fake.listen(0, '127.0.0.1', ok));
    try {
      const port = (fake.address() as { port: number }).port;
      const id = await createOrder(
        { keyId: 'rzp_test_key', keySecret: 'key-secret', apiBase: `http://127.0.0.1:${port}/v1` },
        { amount: 1500, currency: 'INR', receipt: 'tx-1' },
      );
      assert.equal(id, 'order_test_1');
      assert.equal(seen.url, '/v1/orders');
      assert.deepEqual(JSON.parse(seen.body ?? '{}'), { amount: 150000, currency: 'INR', receipt: 'tx-1' });
      assert.equal(seen.auth, `Basic ${Buffer.from('rzp_test_key:key-secret').toString('base64')}`);
    } finally {
      fake.close();
    }
  });
});
