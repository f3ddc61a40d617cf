// A child's profile says whose child it is and when they were born, and nothing is booked, paid or spent for
// a child before the parent's consent, whichever way the booking would be settled. Over real HTTP.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { as, serverPerFile, call, freshPatient, signIn, type Session, type TestServer } from './helpers.js';
import { assertClientError } from './assert-helpers.js';

let srv: TestServer;
let api: string;
const server = serverPerFile();
before(async () => {
  srv = await server();
  api = srv.api;
});

const tenYearsAgo = () => `${new Date().getFullYear() - 10}-01-01`;
const addProfile = (me: Session, body: Record<string, unknown>) =>
  as(me, `${api}/customers/profiles`, { method: 'POST', body: { kind: 'profile', last_name: 'Rao', ...body } });

/** A start time of the first therapist listed, on its `day`th bookable day. */
async function therapistStart(day: number, nth: number) {
  const p = ((await call(`${api}/providers?per_page=50&role=therapist`)).body.data as { uuid: string }[])[0]!;
  const dates = (await call(`${api}/providers/${p.uuid}/schedule_dates?timezone=Asia/Kolkata`)).body.data.dates as { date: string }[];
  const slots = (await call(`${api}/providers/${p.uuid}/slots?date=${dates[day]!.date}&timezone=Asia/Kolkata`)).body.data.slots as {
    start_time: string;
  }[];
  return { provider_uuid: p.uuid, start_time: slots[nth]!.start_time, mode: 'online' };
}

describe('a new profile of someone under 18 needs a relationship and a birth date', () => {
  test('400 with a clear reason for each thing missing; with both it is made and says who it is for', async () => {
    const me = await freshPatient(api, 'child');
    let r = await addProfile(me, { first_name: 'Kiran', date_of_birth: tenYearsAgo() });
    assertClientError(r, 400, 'Choose who this profile is for');
    assert.equal(r.body.code, 'relationship_missing');
    r = await addProfile(me, { first_name: 'Kiran', date_of_birth: tenYearsAgo(), relationship: 'partner' });
    assertClientError(r, 400, 'your child or a child in your legal care');
    assert.equal(r.body.code, 'not_guardian');
    r = await addProfile(me, { first_name: 'Kiran', relationship: 'child' });
    assertClientError(r, 400, "Enter the child's date of birth");
    assert.equal(r.body.code, 'birth_date_missing');
    r = await addProfile(me, { first_name: 'Kiran', relationship: 'cousin' });
    assert.equal(r.status, 400, 'only the listed relationships');
    assert.equal((await as(me, `${api}/customers/profiles`)).body.data.length, 1, 'nothing was made by a refusal');

    r = await addProfile(me, { first_name: 'Kiran', date_of_birth: tenYearsAgo(), relationship: 'child' });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.data.relationship, 'child');
    const listed = (await as(me, `${api}/customers/profiles`)).body.data as { first_name: string; relationship: string | null }[];
    assert.equal(listed.find((p) => p.first_name === 'Kiran')?.relationship, 'child');
  });

  test("an adult's profile may leave both out (older clients), and a ward is a child's relationship too", async () => {
    const me = await freshPatient(api, 'child');
    const adult = await addProfile(me, { first_name: 'Mira' });
    assert.equal(adult.status, 200, JSON.stringify(adult.body));
    assert.equal(adult.body.data.relationship, null);
    assert.equal((await addProfile(me, { first_name: 'Dev', date_of_birth: '1990-02-01', relationship: 'sibling' })).status, 200);
    assert.equal((await addProfile(me, { first_name: 'Anu', date_of_birth: tenYearsAgo(), relationship: 'ward' })).status, 200);
  });
});

describe("no other way of settling a child's booking goes round the parent's consent", () => {
  const FREE = 'CHILDFREE100';
  before(async () => {
    await srv.db.query(`INSERT INTO coupons (code, description, discount_percentage) VALUES ($1, '100% off', 100) ON CONFLICT DO NOTHING`, [
      FREE,
    ]);
  });

  /**
   * A pending booking of a child's profile whose consents were never given: booked while the profile had no
   * birth date (an adult's, which books without them), then given a child's birth date (and said to be the
   * holder's child, which a birth date under 18 needs).
   */
  async function childWithPendingBooking(parent: Session) {
    const made = await addProfile(parent, { first_name: 'Kiran' });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    const s = await as(parent, `${api}/customers/profiles/${made.body.data.uuid}/session`, { method: 'POST' });
    const headers = { 'secondary-profile-access-token': s.headers.get('secondary-profile-access-token')! };
    const booked = await as(parent, `${api}/bookings`, { method: 'POST', headers, body: await therapistStart(4, 0) });
    assert.equal(booked.status, 201, JSON.stringify(booked.body));
    const aged = await as(parent, `${api}/customers/profile_info`, {
      method: 'PUT',
      headers,
      body: { date_of_birth: tenYearsAgo(), relationship: 'child' },
    });
    assert.equal(aged.status, 200, JSON.stringify(aged.body));
    return { headers, uuid: booked.body.data.uuid as string };
  }

  const statusOf = async (who: Session, uuid: string, headers: Record<string, string>) =>
    (await as(who, `${api}/bookings/${uuid}`, { headers })).body.data.status as string;

  test('a package credit, a ₹0 coupon, a free confirmation and a payment: 409 child_consent_needed, nothing spent', async () => {
    const parent = await signIn(api, 'employee@acme.test');
    const left = async () => (await as(parent, `${api}/customers/partner_package`)).body.sessions_left as number;
    const before = await left();
    const kiran = await childWithPendingBooking(parent);

    const attempts = [
      () => as(parent, `${api}/bookings/${kiran.uuid}/package`, { method: 'POST', headers: kiran.headers }),
      () => as(parent, `${api}/bookings/${kiran.uuid}/confirm`, { method: 'POST', headers: kiran.headers }),
      () =>
        as(parent, `${api}/payments/temporary_transaction`, {
          method: 'POST',
          headers: kiran.headers,
          body: { booking_uuid: kiran.uuid, coupon_code: FREE },
        }),
      () =>
        as(parent, `${api}/payments/temporary_transaction`, { method: 'POST', headers: kiran.headers, body: { booking_uuid: kiran.uuid } }),
    ];
    for (const attempt of attempts) {
      const r = await attempt();
      assertClientError(r, 409, 'parent or guardian');
      assert.equal(r.body.code, 'child_consent_needed');
    }
    assert.equal(await left(), before, 'no credit spent');
    assert.equal(await statusOf(parent, kiran.uuid, kiran.headers), 'pending');
    const [{ n }] = (await srv.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM payment_transactions t JOIN bookings b ON b.id = t.booking_id WHERE b.uuid::text = $1`,
      [kiran.uuid],
    )) as [{ n: number }];
    assert.equal(n, 0, 'no checkout opened, no coupon used');

    // Once the parent has consented for Kiran, the credit is spent and the session confirmed.
    for (const path of ['mark_tnc_and_privacy', 'mark_guardian_consent'])
      assert.equal((await as(parent, `${api}/customers/${path}`, { method: 'POST', headers: kiran.headers })).status, 200);
    const paid = await as(parent, `${api}/bookings/${kiran.uuid}/package`, { method: 'POST', headers: kiran.headers });
    assert.equal(paid.status, 200, JSON.stringify(paid.body));
    assert.equal(paid.body.data.status, 'confirmed');
    assert.equal(await left(), before - 1);
  });

  test("a second account cannot settle the child's booking by its id (404), and it stays pending", async () => {
    const parent = await freshPatient(api, 'child');
    const kiran = await childWithPendingBooking(parent);
    const stranger = await freshPatient(api, 'stranger');
    for (const r of [
      await as(stranger, `${api}/bookings/${kiran.uuid}/package`, { method: 'POST' }),
      await as(stranger, `${api}/bookings/${kiran.uuid}/confirm`, { method: 'POST' }),
      await as(stranger, `${api}/payments/temporary_transaction`, {
        method: 'POST',
        body: { booking_uuid: kiran.uuid, coupon_code: FREE },
      }),
    ])
      assertClientError(r, 404);
    assert.equal(await statusOf(parent, kiran.uuid, kiran.headers), 'pending');
  });
});

describe("a child's invoices are in the parent's payments, each naming the child", () => {
  /** A profile of `parent` that has booked and paid a session; its acting headers and the booking. */
  async function paidSessionOf(parent: Session, body: Record<string, unknown>, slot: number) {
    const made = await addProfile(parent, body);
    assert.equal(made.status, 200, JSON.stringify(made.body));
    const s = await as(parent, `${api}/customers/profiles/${made.body.data.uuid}/session`, { method: 'POST' });
    const headers = { 'secondary-profile-access-token': s.headers.get('secondary-profile-access-token')! };
    for (const path of ['mark_tnc_and_privacy', ...(body.relationship === 'child' ? ['mark_guardian_consent'] : [])])
      await as(parent, `${api}/customers/${path}`, { method: 'POST', headers });
    const booked = await as(parent, `${api}/bookings`, { method: 'POST', headers, body: await therapistStart(6, slot) });
    assert.equal(booked.status, 201, JSON.stringify(booked.body));
    const t = await as(parent, `${api}/payments/temporary_transaction`, {
      method: 'POST',
      headers,
      body: { booking_uuid: booked.body.data.uuid },
    });
    assert.equal(t.status, 201, JSON.stringify(t.body));
    const paid = await as(parent, `${api}/payments/${t.body.data.transaction_id}/simulate`, {
      method: 'POST',
      headers,
      body: { outcome: 'success' },
    });
    assert.equal(paid.status, 200, JSON.stringify(paid.body));
    return { headers, uuid: booked.body.data.uuid as string, profileUuid: made.body.data.uuid as string };
  }
  type Row = { booking_uuid: string; for_profile: { uuid: string; first_name: string } | null };
  const paymentsOf = async (who: Session, headers: Record<string, string> = {}) =>
    (await as<{ data: Row[] }>(who, `${api}/customers/payments`, { headers })).body.data;
  const invoiceStatus = async (who: Session, uuid: string, headers: Record<string, string> = {}) =>
    (await as(who, `${api}/customers/bookings/${uuid}/invoice`, { headers })).status;

  test("the parent lists and downloads the child's; an adult profile's stay its own; a second account sees neither", async () => {
    const parent = await freshPatient(api, 'child');
    const kiran = await paidSessionOf(parent, { first_name: 'Kiran', date_of_birth: tenYearsAgo(), relationship: 'child' }, 0);
    const mira = await paidSessionOf(parent, { first_name: 'Mira', date_of_birth: '1990-02-01', relationship: 'sibling' }, 1);

    const mine = await paymentsOf(parent);
    const kiranRow = mine.find((r) => r.booking_uuid === kiran.uuid);
    assert.equal(kiranRow?.for_profile?.first_name, 'Kiran');
    assert.equal(kiranRow?.for_profile?.uuid, kiran.profileUuid);
    assert.equal(
      mine.find((r) => r.booking_uuid === mira.uuid),
      undefined,
      "an adult profile's sessions are its own health data",
    );
    assert.equal(await invoiceStatus(parent, kiran.uuid), 200);
    assert.equal(await invoiceStatus(parent, mira.uuid), 404);

    // Acting as Kiran: the same payment, as Kiran's own (no "for" name).
    const asKiran = await paymentsOf(parent, kiran.headers);
    assert.deepEqual(
      asKiran.map((r) => [r.booking_uuid, r.for_profile]),
      [[kiran.uuid, null]],
    );
    // Mira sees only her own.
    assert.deepEqual(
      (await paymentsOf(parent, mira.headers)).map((r) => r.booking_uuid),
      [mira.uuid],
    );

    const stranger = await freshPatient(api, 'stranger');
    assert.deepEqual(await paymentsOf(stranger), []);
    assert.equal(await invoiceStatus(stranger, kiran.uuid), 404);
    assert.equal((await as(stranger, `${api}/customers/bookings/${kiran.uuid}/credit_note`)).status, 404);
  });
});

describe("a profile's birth date changed to under 18 makes it a child's, with the same rule as a new one", () => {
  test("a partner's profile cannot become a ten-year-old's; as the holder's child it can; the holder's own profile has no relationship", async () => {
    const me = await freshPatient(api, 'child');
    const made = await addProfile(me, { first_name: 'Asha', date_of_birth: '1991-03-04', relationship: 'partner' });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    const s = await as(me, `${api}/customers/profiles/${made.body.data.uuid}/session`, { method: 'POST' });
    const headers = { 'secondary-profile-access-token': s.headers.get('secondary-profile-access-token')! };
    const change = (body: Record<string, unknown>, h: Record<string, string> = headers) =>
      as(me, `${api}/customers/profile_info`, { method: 'PUT', headers: h, body });

    let r = await change({ date_of_birth: tenYearsAgo() });
    assert.equal(r.status, 400);
    assert.equal(r.body.code, 'not_guardian');
    assert.equal(r.body.field, 'relationship');
    r = await change({ date_of_birth: tenYearsAgo(), relationship: 'child' });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.data.relationship, 'child');
    assert.equal(r.body.data.date_of_birth, tenYearsAgo());
    r = await change({ relationship: 'sibling' });
    assert.equal(r.body.code, 'not_guardian', 'a child stays a child or ward while under 18');

    r = await change({ relationship: 'child' }, {});
    assert.equal(r.status, 400, "the account holder's own profile says no relationship");
    assert.equal((await as(me, `${api}/customers/profile_info`)).body.data.relationship, null);
  });
});
