// Counted things are counted per account, the parent and all its profiles together: package credits, the
// first paid session a first-session coupon is for, and a coupon's per-account limit; a coupon's overall
// limit counts everyone; a coupon in another currency than the price is refused.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { as, serverPerFile, call, signIn, type Session, type TestServer } from './helpers.js';

let srv: TestServer;
let api: string;
const server = serverPerFile();
before(async () => {
  srv = await server();
  api = srv.api;
});

interface P {
  uuid: string;
  firstname: string;
}
const byName = async (name: string) =>
  (await call<{ data: P[] }>(`${api}/providers?per_page=50`)).body.data.find((p) => p.firstname === name)!;
/** Each booking takes the next free start of the provider, from its third bookable day on. */
const nextStart = new Map<string, string[]>();
async function freeStart(p: P): Promise<string> {
  if (!nextStart.get(p.uuid)?.length) {
    const dates = (await call(`${api}/providers/${p.uuid}/schedule_dates?timezone=Asia/Kolkata`)).body.data.dates as { date: string }[];
    const starts: string[] = [];
    for (const d of dates.slice(2))
      starts.push(
        ...(
          (await call(`${api}/providers/${p.uuid}/slots?date=${d.date}&timezone=Asia/Kolkata`)).body.data.slots as { start_time: string }[]
        ).map((s) => s.start_time),
      );
    nextStart.set(p.uuid, starts);
  }
  return nextStart.get(p.uuid)!.shift()!;
}
async function book(who: Session, p: P): Promise<{ uuid: string; fee: number; currency: string }> {
  const r = await as(who, `${api}/bookings`, { body: { provider_uuid: p.uuid, start_time: await freeStart(p), mode: 'online' } });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  return r.body.data;
}
/** Pays a booking (with a coupon): the answer of the checkout, and of the settlement when it opened. */
async function pay(who: Session, uuid: string, coupon?: string) {
  const t = await as(who, `${api}/payments/temporary_transaction`, {
    body: { booking_uuid: uuid, ...(coupon ? { coupon_code: coupon } : {}) },
  });
  if (t.status !== 201) return t;
  return as(who, `${api}/payments/${t.body.data.transaction_id}/simulate`, { body: { outcome: 'success' } });
}

/** A new profile of `parent`, acting with the parent's credentials and the profile's token. */
async function addProfile(parent: Session, name: string): Promise<Session> {
  const kid = await as(parent, `${api}/customers/profiles`, { body: { first_name: name, kind: 'profile' } });
  assert.equal(kid.status, 200, JSON.stringify(kid.body));
  const token = (await as(parent, `${api}/customers/profiles/${kid.body.data.uuid}/session`, { method: 'POST' })).headers.get(
    'secondary-profile-access-token',
  );
  assert.ok(token);
  return {
    user: kid.body.data,
    get headers() {
      return { ...parent.headers, 'secondary-profile-access-token': token };
    },
    set headers(h: Record<string, string>) {
      parent.headers = h;
    },
  };
}

describe("package credits are the account's", () => {
  test('an employee with 6 credits adds 3 profiles: 6 sessions in all on the package, the 7th is 409', async () => {
    const acme = await signIn(api, 'employee@acme.test');
    const profiles = [await addProfile(acme, 'Asha'), await addProfile(acme, 'Bela'), await addProfile(acme, 'Chirag')];
    const everyone = [acme, ...profiles];
    const ananya = await byName('Ananya');
    for (const who of everyone)
      assert.equal((await as(who, `${api}/customers/org_packages`)).body.credits_left, 6, "each sees the account's credits");
    const answers: number[] = [];
    const spent: { who: Session; uuid: string }[] = [];
    const tryCredit = async (who: Session) => {
      const b = await book(who, ananya);
      const r = await as(who, `${api}/bookings/${b.uuid}/package`, { method: 'POST' });
      answers.push(r.status);
      if (r.status === 200) spent.push({ who, uuid: b.uuid });
      else assert.equal(r.body.code, 'no_credits', JSON.stringify(r.body));
    };
    // Two each: eight tries against six credits.
    for (let i = 0; i < 8; i++) await tryCredit(everyone[i % everyone.length]!);
    assert.deepEqual(answers, [200, 200, 200, 200, 200, 200, 409, 409]);
    for (const who of everyone) assert.equal((await as(who, `${api}/customers/org_packages`)).body.credits_left, 0);
    // A profile cancels its session: the credit comes back to the account, once (cancelling again is 409), and the parent spends it.
    const back = spent[1]!;
    assert.equal((await as(back.who, `${api}/bookings/${back.uuid}/cancel`, { body: { reason: 'cannot come' } })).status, 200);
    assert.equal((await as(back.who, `${api}/bookings/${back.uuid}/cancel`, { body: { reason: 'cannot come' } })).status, 409);
    assert.equal((await as(acme, `${api}/customers/org_packages`)).body.credits_left, 1);
    answers.length = 0;
    await tryCredit(acme);
    await tryCredit(profiles[2]!);
    assert.deepEqual(answers, [200, 409]);
    const [{ sum }] = (await srv.db.query<{ sum: number }>(
      `SELECT sum(credits)::int AS sum FROM package_credit_uses WHERE account_id = (SELECT id FROM users WHERE email = 'employee@acme.test')`,
    )) as [{ sum: number }];
    assert.equal(sum, 6, 'the credit rows of the account sum to what it holds');
  });
});

describe('coupons count per account', () => {
  test("WELCOME20 is the account's first paid session: not a profile's after the parent paid, nor the parent's after a profile used it", async () => {
    const parent = await signIn(api, 'newpatient@haven.test');
    const kid = await addProfile(parent, 'Dia');
    const rahul = await byName('Rahul');
    // The profile's first session, with the coupon: 20% off 900.
    const first = await book(kid, rahul);
    const paid = await pay(kid, first.uuid, 'WELCOME20');
    assert.equal(paid.status, 200, JSON.stringify(paid.body));
    assert.equal(paid.body.data.transaction.amount, 720);
    // The parent's next session is not the account's first.
    const second = await book(parent, rahul);
    const refused = await as(parent, `${api}/payments/temporary_transaction`, {
      body: { booking_uuid: second.uuid, coupon_code: 'WELCOME20' },
    });
    assert.equal(refused.status, 422, JSON.stringify(refused.body));
    assert.match(refused.body.message, /first paid session/);
    // Nor another profile's.
    const other = await addProfile(parent, 'Eshan');
    const third = await book(other, rahul);
    assert.equal(
      (await as(other, `${api}/payments/temporary_transaction`, { body: { booking_uuid: third.uuid, coupon_code: 'WELCOME20' } })).status,
      422,
    );
  });

  test('WELCOME20 on two unpaid sessions of one account at once: the second is refused', async () => {
    const parent = await signIn(api, 'employee@globex.test');
    const kid = await addProfile(parent, 'Gita');
    const rahul = await byName('Rahul');
    const a = await book(parent, rahul);
    const b = await book(kid, rahul);
    assert.equal(
      (await as(parent, `${api}/payments/temporary_transaction`, { body: { booking_uuid: a.uuid, coupon_code: 'WELCOME20' } })).status,
      201,
    );
    const second = await as(kid, `${api}/payments/temporary_transaction`, { body: { booking_uuid: b.uuid, coupon_code: 'WELCOME20' } });
    assert.equal(second.status, 422, JSON.stringify(second.body));
    // Once the first lapses unused, the coupon is free for the other.
    assert.equal((await as(parent, `${api}/bookings/${a.uuid}/cancel`, { body: { reason: 'changed my mind' } })).status, 200);
    assert.equal(
      (await as(kid, `${api}/payments/temporary_transaction`, { body: { booking_uuid: b.uuid, coupon_code: 'WELCOME20' } })).status,
      201,
    );
  });

  test('a per-account limit counts the parent and its profiles; an overall limit counts every account', async () => {
    await srv.db.query(
      `INSERT INTO coupons (code, description, discount_percentage, is_public, active, per_account_limit) VALUES ('ONCEEACH', '10% once per account', 10, false, true, 1)`,
    );
    await srv.db.query(
      `INSERT INTO coupons (code, description, discount_percentage, is_public, active, global_limit) VALUES ('FIRSTTWO', '10% for two sessions', 10, false, true, 2)`,
    );
    const parent = await signIn(api, 'patient@haven.test');
    const kid = await addProfile(parent, 'Farah');
    const arjun = await byName('Arjun');
    // The profile uses it first; the parent is the same account.
    const a = await book(kid, arjun);
    assert.equal(
      (await as(kid, `${api}/payments/temporary_transaction`, { body: { booking_uuid: a.uuid, coupon_code: 'ONCEEACH' } })).body.data
        .amount,
      630,
    );
    const b = await book(parent, arjun);
    const again = await as(parent, `${api}/payments/temporary_transaction`, { body: { booking_uuid: b.uuid, coupon_code: 'ONCEEACH' } });
    assert.equal(again.status, 422, JSON.stringify(again.body));
    assert.match(again.body.message, /on this account/);
    // Another account may still use it.
    const intl = await signIn(api, 'intl@haven.test');
    const c = await book(intl, arjun);
    assert.equal(
      (await as(intl, `${api}/payments/temporary_transaction`, { body: { booking_uuid: c.uuid, coupon_code: 'ONCEEACH' } })).status,
      201,
    );

    // The overall limit: two redemptions, by two accounts; the third account is refused.
    const acme = await signIn(api, 'employee@acme.test');
    for (const who of [parent, intl]) {
      const d = await book(who, arjun);
      assert.equal(
        (await as(who, `${api}/payments/temporary_transaction`, { body: { booking_uuid: d.uuid, coupon_code: 'FIRSTTWO' } })).status,
        201,
      );
    }
    const e = await book(acme, arjun);
    const out = await as(acme, `${api}/payments/temporary_transaction`, { body: { booking_uuid: e.uuid, coupon_code: 'FIRSTTWO' } });
    assert.equal(out.status, 422, JSON.stringify(out.body));
    assert.match(out.body.message, /run out/);
  });

  test('a coupon in another currency than the price is refused, not converted', async () => {
    const intl = await signIn(api, 'intl@haven.test');
    const sara = await byName('Sara');
    const b = await book(intl, sara);
    assert.equal(b.currency, 'USD');
    const r = await as(intl, `${api}/payments/temporary_transaction`, { body: { booking_uuid: b.uuid, coupon_code: 'FLAT300' } });
    assert.equal(r.status, 422, JSON.stringify(r.body));
    assert.match(r.body.message, /INR/);
    assert.equal((await as(intl, `${api}/bookings/${b.uuid}`)).body.data.fee, b.fee, 'the price is unchanged');
  });
});
