// Price and currency from the server's facts: "international" is the located country of the request's
// address (behind the stated proxy), never the zone the client sends; a blocked country cannot book; an
// ancillary assessment takes neither a coupon nor a package credit.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { as, boot, signIn, type Session } from './helpers.js';
import { moneyHelpers } from './money-helpers.js';

let srv: Awaited<ReturnType<typeof boot>>;
let patient: Session;
before(async () => {
  // Behind a proxy on this machine, as production is behind its balancer: the address is the proxy's X-Forwarded-For.
  srv = await boot({ stage: 'development', env: { HAVEN_TRUST_PROXY: 'loopback' } });
  patient = await signIn(srv.api, 'patient@haven.test');
});
after(async () => {
  await srv.close();
});
const api = () => srv.api;
const { byName, book, freeStart } = moneyHelpers(api);
const from = (address: string) => ({ 'x-forwarded-for': address });
const US = '8.8.8.8';
const INDIA = '49.36.0.1';
const IRAN = '185.143.232.1';

describe('the currency comes from where the request is, not from the zone it sends', () => {
  test('an address located in the US that sends Asia/Kolkata is priced in USD ($38), and its coupon check too', async () => {
    const ananya = await byName('Ananya');
    const b = await book(patient, ananya, { location_timezone: 'Asia/Kolkata' }, from(US));
    assert.deepEqual([b.fee, b.currency], [38, 'USD']);
    const quote = await as(patient, `${api()}/coupons/validate`, {
      body: { code: 'WELCOME20', provider_uuid: ananya.uuid, mode: 'online', location_timezone: 'Asia/Kolkata' },
      headers: from(US),
    });
    assert.equal(quote.status, 200, JSON.stringify(quote.body));
    assert.deepEqual([quote.body.data.fee, quote.body.data.currency], [38, 'USD']);
  });

  test('an address located in India that sends America/New_York is priced in INR (₹1,500)', async () => {
    const ananya = await byName('Ananya');
    const b = await book(patient, ananya, { location_timezone: 'America/New_York' }, from(INDIA));
    assert.deepEqual([b.fee, b.currency], [1500, 'INR']);
  });

  test('a blocked country cannot book: 403 with a clear message, nothing held', async () => {
    const ananya = await byName('Ananya');
    const start = await freeStart(ananya);
    const r = await as(patient, `${api()}/bookings`, {
      body: { provider_uuid: ananya.uuid, start_time: start, mode: 'online', location_timezone: 'Asia/Kolkata' },
      headers: from(IRAN),
    });
    assert.equal(r.status, 403, JSON.stringify(r.body));
    assert.equal(r.body.code, 'country_not_served');
    assert.match(r.body.message, /not offered/);
    const held = await srv.db.query(`SELECT 1 FROM bookings WHERE start_time = $1 AND status IN ('pending', 'confirmed')`, [start]);
    assert.equal(held.length, 0);
  });
});

describe('an ancillary assessment takes neither a coupon nor a package credit', () => {
  const assessment = async (who: Session) => {
    const ananya = await byName('Ananya');
    const b = await book(who, ananya, { session_type: 'ancillary_assessment' }, from(INDIA));
    assert.deepEqual([b.fee, b.currency], [4500, 'INR']);
    return b;
  };

  test('a package credit is refused for a ₹4,500 assessment and none is spent', async () => {
    const acme = await signIn(api(), 'employee@acme.test');
    const credits = async () => (await as(acme, `${api()}/customers/org_packages`)).body.credits_left as number;
    const left = await credits();
    const b = await assessment(acme);
    const r = await as(acme, `${api()}/bookings/${b.uuid}/package`, { method: 'POST' });
    assert.equal(r.status, 422, JSON.stringify(r.body));
    assert.match(r.body.message, /does not cover assessments/);
    assert.equal(await credits(), left);
    assert.equal((await as(acme, `${api()}/bookings/${b.uuid}`)).body.data.status, 'pending');
  });

  test('a coupon is refused on an assessment; its price stays ₹4,500', async () => {
    const b = await assessment(patient);
    for (const code of ['WELCOME20', 'FLAT300']) {
      const r = await as(patient, `${api()}/payments/temporary_transaction`, { body: { booking_uuid: b.uuid, coupon_code: code } });
      assert.equal(r.status, 422, `${code}: ${JSON.stringify(r.body)}`);
      assert.match(r.body.message, /assessment takes no coupon/);
    }
    assert.equal((await as(patient, `${api()}/bookings/${b.uuid}`)).body.data.fee, 4500);
    const paid = await as(patient, `${api()}/payments/temporary_transaction`, { body: { booking_uuid: b.uuid } });
    assert.equal(paid.body.data.amount, 4500);
  });
});

describe('"first session" is checked again when a payment settles', () => {
  test('WELCOME20 on booking A, booking B paid first, then A paid: A is not confirmed at the discount; its next checkout is the full price', async () => {
    const fresh = await signIn(api(), 'newpatient@haven.test');
    const rahul = await byName('Rahul');
    const a = await book(fresh, rahul);
    const b = await book(fresh, rahul);
    const checkoutA = await as(fresh, `${api()}/payments/temporary_transaction`, {
      body: { booking_uuid: a.uuid, coupon_code: 'WELCOME20' },
    });
    assert.equal(checkoutA.status, 201, JSON.stringify(checkoutA.body));
    assert.equal(checkoutA.body.data.amount, 720);
    // B is paid first, at its full price.
    const checkoutB = await as(fresh, `${api()}/payments/temporary_transaction`, { body: { booking_uuid: b.uuid } });
    const paidB = await as(fresh, `${api()}/payments/${checkoutB.body.data.transaction_id}/simulate`, { body: { outcome: 'success' } });
    assert.equal(paidB.status, 200, JSON.stringify(paidB.body));
    // A's discounted payment settles after it: refused, A stays unpaid and holds its time.
    const paidA = await as(fresh, `${api()}/payments/${checkoutA.body.data.transaction_id}/simulate`, { body: { outcome: 'success' } });
    assert.equal(paidA.status, 409, JSON.stringify(paidA.body));
    assert.equal(paidA.body.code, 'first_session_taken');
    assert.match(paidA.body.message, /first paid session only.*full price/);
    const stillA = (await as(fresh, `${api()}/bookings/${a.uuid}`)).body.data;
    assert.deepEqual([stillA.status, stillA.fee], ['pending', 720]);
    // Paying A again: the coupon has come off, the checkout is for the full price, and it confirms at it.
    const again = await as(fresh, `${api()}/payments/temporary_transaction`, { body: { booking_uuid: a.uuid } });
    assert.equal(again.status, 201, JSON.stringify(again.body));
    assert.equal(again.body.data.amount, 900);
    const paid = await as(fresh, `${api()}/payments/${again.body.data.transaction_id}/simulate`, { body: { outcome: 'success' } });
    assert.equal(paid.status, 200, JSON.stringify(paid.body));
    const confirmed = (await as(fresh, `${api()}/bookings/${a.uuid}`)).body.data;
    assert.deepEqual([confirmed.status, confirmed.fee], ['confirmed', 900]);
    const [{ n }] = (await srv.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM coupon_redemptions r JOIN bookings b ON b.id = r.booking_id WHERE b.uuid::text = $1`,
      [a.uuid],
    )) as [{ n: number }];
    assert.equal(n, 0, 'the coupon is not kept with a booking paid at the full price');
  });
});
