// The care-flows branch's api: waitlists (join with no free slot, an opened slot offered in
// the app and by e-mail, booking it), in-app notifications, a second user's credentials.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { as, call, type Session, signIn, waitForOutbox, withPatientAndStranger } from './helpers.js';
import { assertClientError } from './assert-helpers.js';

let api: string;
let patient: Session;
let stranger: Session;
withPatientAndStranger((w) => ({ api, patient, stranger } = w));

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** A free provider whose calendar is full (no working hours), as the development route makes it. */
const fullProvider = async (lastname: string) =>
  (await call<{ data: { uuid: string } }>(`${api}/dev/providers`, { body: { lastname } })).body.data.uuid;
/** A whole hour three days ahead, at 10:00 UTC. */
const slotIn = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(10, 0, 0, 0);
  return d.toISOString();
};
const join = (who: Session, body: Record<string, unknown>) =>
  as(who, `${api}/customers/waitlists`, {
    body: { from_date: day(Date.now()), to_date: day(Date.now() + 14 * 86_400_000), timezone: 'UTC', ...body },
  });

describe('waitlists', () => {
  test('no free slot: join; the provider adds one: offered in the app and by e-mail; booking it ends the wait', async () => {
    const provider = await fullProvider('Offered');
    const joined = await join(patient, { provider_uuid: provider });
    assert.equal(joined.status, 201, JSON.stringify(joined.body));
    assert.equal(joined.body.data.status, 'waiting');
    const start = slotIn(3);
    const added = await call(`${api}/dev/providers/${provider}/availability`, { body: { start_time: start } });
    assert.deepEqual([added.status, added.body.offered], [201, 1]);
    const mine = (await as(patient, `${api}/customers/waitlists`)).body.data.find(
      (w: { uuid: string }) => w.uuid === joined.body.data.uuid,
    );
    assert.equal(mine.status, 'offered');
    assert.deepEqual([mine.offer.provider.uuid, mine.offer.start_time], [provider, start]);
    const notes = (await as(patient, `${api}/customers/notifications`)).body;
    const note = notes.data.find(
      (n: { kind: string; link: string }) => n.kind === 'waitlist_offer' && n.link === `/booking?provider=${provider}&step=1`,
    );
    assert.ok(note, JSON.stringify(notes));
    assert.equal(note.title, 'A time opened with Wait Offered');
    assert.ok(notes.meta.unread >= 1);
    const mail = (await waitForOutbox(api, 'patient@haven.test', 'email')).body.data[0];
    assert.equal(mail.subject, 'A time opened with Wait Offered');
    const booked = await as(patient, `${api}/bookings`, { body: { provider_uuid: provider, start_time: start, mode: 'online' } });
    assert.equal(booked.status, 201, JSON.stringify(booked.body));
    const after = (await as(patient, `${api}/customers/waitlists`)).body.data.find(
      (w: { uuid: string }) => w.uuid === joined.body.data.uuid,
    );
    assert.equal(after.status, 'booked');
    assert.equal((await as(patient, `${api}/customers/notifications/${note.uuid}/read`, { method: 'POST' })).status, 200);
    assert.equal(
      (await as(patient, `${api}/customers/notifications`)).body.data.find((n: { uuid: string }) => n.uuid === note.uuid).read,
      true,
    );
  });

  test('a cancelled booking offers its slot to the first in line', async () => {
    const provider = await fullProvider('Cancelled');
    const start = slotIn(4);
    assert.equal((await call(`${api}/dev/providers/${provider}/availability`, { body: { start_time: start } })).body.offered, 0);
    const b = await as(stranger, `${api}/bookings`, { body: { provider_uuid: provider, start_time: start, mode: 'online' } });
    assert.equal(b.status, 201);
    assert.equal((await as(stranger, `${api}/bookings/${b.body.data.uuid}/confirm`, { method: 'POST' })).status, 200);
    const joined = await join(patient, { provider_uuid: provider });
    assert.equal(joined.status, 201);
    assert.equal((await as(stranger, `${api}/bookings/${b.body.data.uuid}/cancel`, { body: { reason: 'Cannot come' } })).status, 200);
    const mine = (await as(patient, `${api}/customers/waitlists`)).body.data.find(
      (w: { uuid: string }) => w.uuid === joined.body.data.uuid,
    );
    assert.deepEqual([mine.status, mine.offer?.start_time], ['offered', start]);
  });

  test('free times in the range: 409; exactly one of provider and role; a waitlist for a role', async () => {
    const rahul = (await call(`${api}/providers?role=therapist&per_page=50`)).body.data.find(
      (p: { firstname: string }) => p.firstname === 'Rahul',
    );
    assertClientError(await join(patient, { provider_uuid: rahul.uuid }), 409, 'free times');
    assertClientError(await join(patient, { provider_uuid: rahul.uuid, role: 'therapist' }), 400, 'exactly one');
    assertClientError(await join(patient, {}), 400, 'exactly one');
    assertClientError(await join(patient, { role: 'therapist' }), 409, 'free times');
    assertClientError(await join(patient, { role: 'care-coordinator' }), 400, 'role');
  });

  test("another account's waitlist and notification: 404, and nothing changes", async () => {
    const provider = await fullProvider('Private');
    const w = (await join(patient, { provider_uuid: provider })).body.data;
    await call(`${api}/dev/providers/${provider}/availability`, { body: { start_time: slotIn(5) } });
    const note = (await as(patient, `${api}/customers/notifications`)).body.data.find((n: { link: string }) => n.link.includes(provider));
    assertClientError(await as(stranger, `${api}/customers/waitlists/${w.uuid}`, { method: 'DELETE' }), 404);
    assertClientError(await as(stranger, `${api}/customers/notifications/${note.uuid}/read`, { method: 'POST' }), 404);
    assert.ok(!(await as(stranger, `${api}/customers/waitlists`)).body.data.some((x: { uuid: string }) => x.uuid === w.uuid));
    assert.ok(!(await as(stranger, `${api}/customers/notifications`)).body.data.some((x: { uuid: string }) => x.uuid === note.uuid));
    assert.equal(
      (await as(patient, `${api}/customers/notifications`)).body.data.find((n: { uuid: string }) => n.uuid === note.uuid).read,
      false,
    );
    assert.equal((await as(patient, `${api}/customers/waitlists/${w.uuid}`, { method: 'DELETE' })).status, 200);
    assert.ok(!(await as(patient, `${api}/customers/waitlists`)).body.data.some((x: { uuid: string }) => x.uuid === w.uuid));
  });

  test('joining is rate-limited per account: 429 with Retry-After', async () => {
    const who = await signIn(api, 'employee@acme.test');
    const provider = await fullProvider('Limited');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await join(who, { provider_uuid: provider })).status);
    assert.deepEqual(statuses, [201, ...Array(9).fill(200), 429]); // a repeat join answers the entry that exists
    const r = await join(who, { provider_uuid: provider });
    assertClientError(r, 429);
    assert.equal((r.body as { code: string }).code, 'rate_limited');
    assert.ok(Number(r.headers.get('retry-after')) > 0);
  });
});

describe('children-first care', () => {
  test("a child profile: the clinician only after the intake; both bookings are the child's", async () => {
    const parent = await signIn(api, 'employee@acme.test');
    const kid = await as(parent, `${api}/customers/profiles`, {
      body: { kind: 'profile', first_name: 'Kiran', date_of_birth: '2016-05-01', relationship: 'child' },
    });
    assert.equal(kid.status, 200, JSON.stringify(kid.body));
    const token = (await as(parent, `${api}/customers/profiles/${kid.body.data.uuid}/session`, { method: 'POST' })).headers.get(
      'secondary-profile-access-token',
    )!;
    const asKid = { headers: { 'secondary-profile-access-token': token } };
    // The parent activates the child's profile for children-first care first (test/care-extras.test.ts).
    const activated = await as(parent, `${api}/customers/profiles/${kid.body.data.uuid}/cf_activation`, {
      body: { guardian_consent: true },
    });
    assert.equal(activated.status, 200, JSON.stringify(activated.body));
    // And accepts the terms and privacy policy for the child: no booking for a child before (consent-party.test.ts).
    assert.equal((await as(parent, `${api}/customers/mark_tnc_and_privacy`, { method: 'POST', ...asKid })).status, 200);
    const byRole = async (role: string) => (await call(`${api}/providers?role=${role}`)).body.data[0] as { uuid: string };
    const firstSlot = async (uuid: string, nth: number) => {
      const date = (await call(`${api}/providers/${uuid}/schedule_dates`)).body.data.dates[nth].date;
      return (await call(`${api}/providers/${uuid}/slots?date=${date}`)).body.data.slots[0].start_time as string;
    };
    const clinician = await byRole('cf-clinician');
    const intake = await byRole('cf-intake-specialist');
    const early = await as(parent, `${api}/bookings`, {
      ...asKid,
      body: { provider_uuid: clinician.uuid, start_time: await firstSlot(clinician.uuid, 5), mode: 'online' },
    });
    assertClientError(early, 422, 'intake specialist');
    assert.equal((early.body as { code: string }).code, 'intake_first');
    // The parent's own booking with the same provider (as a therapist) is not children-first care.
    const own = await as(parent, `${api}/bookings`, {
      body: { provider_uuid: clinician.uuid, start_time: await firstSlot(clinician.uuid, 6), mode: 'online' },
    });
    assert.equal(own.status, 201, JSON.stringify(own.body));
    const first = await as(parent, `${api}/bookings`, {
      ...asKid,
      body: { provider_uuid: intake.uuid, start_time: await firstSlot(intake.uuid, 5), mode: 'online' },
    });
    assert.equal(first.status, 201);
    assertClientError(
      await as(parent, `${api}/bookings`, {
        ...asKid,
        body: { provider_uuid: clinician.uuid, start_time: await firstSlot(clinician.uuid, 5), mode: 'online' },
      }),
      422,
      'intake',
    );
    // The intake has a price: paying confirms it.
    const t = await as(parent, `${api}/payments/temporary_transaction`, { ...asKid, body: { booking_uuid: first.body.data.uuid } });
    assert.equal(
      (await as(parent, `${api}/payments/${t.body.data.transaction_id}/simulate`, { ...asKid, body: { outcome: 'success' } })).status,
      200,
    );
    const then = await as(parent, `${api}/bookings`, {
      ...asKid,
      body: { provider_uuid: clinician.uuid, start_time: await firstSlot(clinician.uuid, 7), mode: 'online' },
    });
    assert.equal(then.status, 201, JSON.stringify(then.body));
    const kidSessions = (await as(parent, `${api}/customers/upcomingsessions`, asKid)).body.bookings.map(
      (b: { provider: { uuid: string } }) => b.provider.uuid,
    );
    assert.deepEqual(kidSessions.sort(), [intake.uuid, clinician.uuid].sort());
    const parentSessions = (await as(parent, `${api}/customers/upcomingsessions`)).body.bookings.map((b: { uuid: string }) => b.uuid);
    assert.ok(!parentSessions.includes(first.body.data.uuid));
  });
});

describe('demo seed', () => {
  test('parent@haven.test signs in and holds the child profile Kiran', async () => {
    const parent = await signIn(api, 'parent@haven.test');
    const profiles = (await as(parent, `${api}/customers/profiles`)).body;
    assert.deepEqual(
      profiles.data.map((p: { first_name: string }) => p.first_name),
      ['Priya', 'Kiran'],
    );
    assert.equal(profiles.meta.is_multi_profile_user, true);
  });
});
