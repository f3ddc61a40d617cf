// Consent that fits the person: the account holder and an adult profile consent for themselves (and say
// they are 18 or older); a child's profile is consented for by its parent or guardian, and never carries
// the 18+ mark. Over real HTTP, one test per kind of profile.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { as, serverPerFile, call, freshPatient as fresh, type Session, type TestServer } from './helpers.js';
import { assertClientError } from './assert-helpers.js';

let srv: TestServer;
let api: string;
const server = serverPerFile();
before(async () => {
  srv = await server();
  api = srv.api;
});

const freshPatient = () => fresh(api, 'consent');

/** A profile of `me`'s account and the header that acts as it. */
async function profileOf(me: Session, first_name: string, date_of_birth: string) {
  const created = await as(me, `${api}/customers/profiles`, {
    method: 'POST',
    body: { kind: 'profile', first_name, last_name: 'Rao', date_of_birth, relationship: 'child' },
  });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  const s = await as(me, `${api}/customers/profiles/${created.body.data.uuid}/session`, { method: 'POST' });
  return {
    id: created.body.data.id as number,
    headers: { 'secondary-profile-access-token': s.headers.get('secondary-profile-access-token')! },
  };
}

const givenBy = async (userId: number) =>
  (
    await srv.db.query<{ given_by_user_id: number | null; guardian_consent_at: Date | null }>(
      `SELECT given_by_user_id, guardian_consent_at FROM consents WHERE user_id = $1`,
      [userId],
    )
  )[0]!;

describe('who consents, per kind of profile', () => {
  test('the account holder: party self; says 18 or older; gives their own consents; no guardian consent', async () => {
    const me = await freshPatient();
    assert.deepEqual((await as(me, `${api}/customers/consent_party`)).body, {
      party: 'self',
      profile_first_name: 'Asha',
      guardian_consent_given: false,
      booking_consents_given: true,
    });
    assert.equal((await as(me, `${api}/customers/mark_eighteen_plus`, { method: 'POST' })).status, 200);
    assert.equal((await as(me, `${api}/customers/mark_tnc_and_privacy`, { method: 'POST' })).status, 200);
    assert.equal((await givenBy(me.user.id as number)).given_by_user_id, me.user.id);
    assertClientError(await as(me, `${api}/customers/mark_guardian_consent`, { method: 'POST' }), 409, 'under 18');
  });

  test('an adult profile: party adult_profile; its person says they are 18 or older; no guardian consent', async () => {
    const me = await freshPatient();
    const mira = await profileOf(me, 'Mira', '1961-04-02');
    assert.deepEqual((await as(me, `${api}/customers/consent_party`, { headers: mira.headers })).body, {
      party: 'adult_profile',
      profile_first_name: 'Mira',
      guardian_consent_given: false,
      booking_consents_given: true,
    });
    assert.equal((await as(me, `${api}/customers/mark_eighteen_plus`, { method: 'POST', headers: mira.headers })).status, 200);
    assert.deepEqual((await as(me, `${api}/customers/eighteen_plus_status`, { headers: mira.headers })).body, {
      is_eighteen_plus_checked: true,
    });
    assertClientError(await as(me, `${api}/customers/mark_guardian_consent`, { method: 'POST', headers: mira.headers }), 409, 'under 18');
  });

  test("a child's profile (born 2016): never marked 18 or older; the parent consents for the child, recorded as given by the parent", async () => {
    const me = await freshPatient();
    const kiran = await profileOf(me, 'Kiran', '2016-05-01');
    assert.deepEqual((await as(me, `${api}/customers/consent_party`, { headers: kiran.headers })).body, {
      party: 'child',
      profile_first_name: 'Kiran',
      guardian_consent_given: false,
      booking_consents_given: false,
    });
    assertClientError(
      await as(me, `${api}/customers/mark_eighteen_plus`, { method: 'POST', headers: kiran.headers }),
      409,
      'parent or guardian',
    );
    assert.deepEqual((await as(me, `${api}/customers/eighteen_plus_status`, { headers: kiran.headers })).body, {
      is_eighteen_plus_checked: false,
    });

    assert.equal((await as(me, `${api}/customers/mark_tnc_and_privacy`, { method: 'POST', headers: kiran.headers })).status, 200);
    assert.equal((await as(me, `${api}/customers/mark_guardian_consent`, { method: 'POST', headers: kiran.headers })).status, 200);
    const after = (await as(me, `${api}/customers/consent_party`, { headers: kiran.headers })).body;
    assert.equal(after.guardian_consent_given, true);
    assert.equal(after.booking_consents_given, true, 'the booking flow now goes on to the date and time');
    const row = await givenBy(kiran.id);
    assert.equal(row.given_by_user_id, me.user.id, "the parent gave the child's consents");
    assert.ok(row.guardian_consent_at);
    // The parent's own record is untouched.
    assert.equal((await as(me, `${api}/customers/consent_party`)).body.guardian_consent_given, false);
  });

  test('signed out: 401', async () => {
    assertClientError(await call(`${api}/customers/consent_party`), 401);
    assertClientError(await call(`${api}/customers/mark_guardian_consent`, { method: 'POST' }), 401);
  });
});

describe("a child's booking waits for the parent's consent", () => {
  test('409 child_consent_needed until the parent has accepted the terms and given their own consent; then the booking is made', async () => {
    const me = await freshPatient();
    const kiran = await profileOf(me, 'Kiran', '2016-05-01');
    const rahul = (await call<{ data: { uuid: string; firstname: string }[] }>(`${api}/providers?per_page=50`)).body.data.find(
      (p) => p.firstname === 'Rahul',
    )!;
    const dates = (await call(`${api}/providers/${rahul.uuid}/schedule_dates?timezone=Asia/Kolkata`)).body.data.dates as { date: string }[];
    const slots = (await call(`${api}/providers/${rahul.uuid}/slots?date=${dates[1]!.date}&timezone=Asia/Kolkata`)).body.data.slots as {
      start_time: string;
    }[];
    const book = () =>
      as(me, `${api}/bookings`, {
        method: 'POST',
        headers: kiran.headers,
        body: { provider_uuid: rahul.uuid, start_time: slots[0]!.start_time, mode: 'online' },
      });
    let refused = await book();
    assertClientError(refused, 409, 'parent or guardian');
    assert.equal(refused.body.code, 'child_consent_needed');
    // Terms alone are not enough: the guardian's own consent too.
    assert.equal((await as(me, `${api}/customers/mark_tnc_and_privacy`, { method: 'POST', headers: kiran.headers })).status, 200);
    refused = await book();
    assert.equal(refused.body.code, 'child_consent_needed');
    assert.equal((await as(me, `${api}/customers/mark_guardian_consent`, { method: 'POST', headers: kiran.headers })).status, 200);
    const made = await book();
    assert.equal(made.status, 201, JSON.stringify(made.body));
    // The account holder, an adult, books without any of this.
    const own = await as(me, `${api}/bookings`, {
      method: 'POST',
      body: { provider_uuid: rahul.uuid, start_time: slots[1]!.start_time, mode: 'online' },
    });
    assert.notEqual(own.body.code, 'child_consent_needed');
  });
});
