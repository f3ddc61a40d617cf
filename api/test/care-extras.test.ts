// Treatment plans (the owner reads them, anyone else gets 404), session start (a guarded move of the
// booking, recorded once, refused outside the room's window; a burst of 50 starts records one moment) and
// children-first activation (by the parent or guardian, before a children-first booking).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { as, call, freshPatient, type Session, withPatientAndStranger } from './helpers.js';

let api: string;
let patient: Session;
let stranger: Session;
withPatientAndStranger((w) => ({ api, patient, stranger } = w));

describe('treatment plans', () => {
  test('the demo patient reads the plan her therapist shared; a second patient gets 404 for its id and an empty list', async () => {
    const list = await as(patient, `${api}/customers/treatment_plans`);
    assert.equal(list.status, 200, JSON.stringify(list.body));
    assert.equal(list.body.data.length, 1);
    const plan = list.body.data[0];
    assert.equal(plan.title, 'Managing work anxiety and sleep');
    assert.equal(plan.status, 'active');
    assert.equal(plan.goals.length, 3);
    assert.match(plan.goals[0].measure, /journal/);
    assert.ok(plan.interventions.includes('Cognitive restructuring with weekly thought records'));
    assert.match(plan.review_date, /^\d{4}-\d{2}-\d{2}$/);
    assert.equal(plan.provider.firstname, 'Ananya');
    const one = await as(patient, `${api}/customers/treatment_plans/${plan.uuid}`);
    assert.deepEqual([one.status, one.body.data.uuid], [200, plan.uuid]);

    // Someone else's plan answers as a plan that does not exist: its id is not confirmed.
    const theirs = await as(stranger, `${api}/customers/treatment_plans/${plan.uuid}`);
    const unknown = await as(stranger, `${api}/customers/treatment_plans/${crypto.randomUUID()}`);
    assert.deepEqual([theirs.status, unknown.status], [404, 404]);
    assert.equal(theirs.body.code, unknown.body.code);
    assert.deepEqual((await as(stranger, `${api}/customers/treatment_plans`)).body.data, []);
    assert.equal((await call(`${api}/customers/treatment_plans`)).status, 401);
  });

  test('the development route writes the example plan for a fresh patient, read by them alone', async () => {
    const fresh = await freshPatient(api, 'plan');
    assert.deepEqual((await as(fresh, `${api}/customers/treatment_plans`)).body.data, []);
    const w = await call(`${api}/dev/treatment_plan`, { body: { email: fresh.email } });
    assert.equal(w.status, 201, JSON.stringify(w.body));
    const mine = (await as(fresh, `${api}/customers/treatment_plans`)).body.data;
    assert.deepEqual(
      mine.map((p: { uuid: string }) => p.uuid),
      [w.body.data.uuid],
    );
    assert.equal((await as(patient, `${api}/customers/treatment_plans/${w.body.data.uuid}`)).status, 404);
  });
});

describe('session start', () => {
  const liveSession = async (email: string, status: 'confirmed' | 'cancelled' = 'confirmed') => {
    const r = await call(`${api}/dev/session_room`, { body: { email, status } });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    return r.body.data.uuid as string;
  };
  const start = (who: Session, uuid: string) => as(who, `${api}/customers/bookings/${uuid}/session_start`, { method: 'POST' });

  test('the patient starts an open session once: a repeat answers the first moment; a second patient gets 404', async () => {
    const uuid = await liveSession('patient@haven.test');
    const first = await start(patient, uuid);
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.equal(first.body.data.uuid, uuid);
    const again = await start(patient, uuid);
    assert.equal(again.body.data.session_started_at, first.body.data.session_started_at);
    const theirs = await start(stranger, uuid);
    assert.deepEqual([theirs.status, theirs.body.code], [404, 'room_not_yours']);
    const unknown = await start(stranger, crypto.randomUUID());
    assert.deepEqual([unknown.status, unknown.body.code], [404, 'room_not_yours']);
  });

  test('a burst of 50 starts from open tabs records one moment, the status unchanged', async () => {
    const uuid = await liveSession('patient@haven.test');
    const answers = await Promise.all(Array.from({ length: 50 }, () => start(patient, uuid)));
    assert.deepEqual(
      answers.map((a) => a.status),
      Array(50).fill(200),
    );
    const moments = [...new Set(answers.map((a) => a.body.data.session_started_at as string))];
    assert.equal(moments.length, 1, JSON.stringify(moments));
    const booking = (await as(patient, `${api}/customers/upcomingsessions`)).body.bookings.find((b: { uuid: string }) => b.uuid === uuid);
    assert.equal(booking?.status, 'confirmed', 'a start is no move of the booking');
    const again = await start(patient, uuid);
    assert.equal(again.body.data.session_started_at, moments[0], 'the stored moment is the one every start answered');
  });

  test('refused outside the room: a cancelled session (409), one that has not opened yet (409), and no status change', async () => {
    const cancelled = await start(patient, await liveSession('patient@haven.test', 'cancelled'));
    assert.deepEqual([cancelled.status, cancelled.body.code], [409, 'session_cancelled']);
    const upcoming = (await as(patient, `${api}/customers/upcomingsessions`)).body.bookings as {
      uuid: string;
      status: string;
      mode: string;
      start_time: string;
    }[];
    const later = upcoming.find(
      (b) => b.status === 'confirmed' && b.mode === 'online' && Date.parse(b.start_time) > Date.now() + 3_600_000,
    );
    assert.ok(later, JSON.stringify(upcoming));
    const early = await start(patient, later.uuid);
    assert.deepEqual([early.status, early.body.code], [409, 'session_not_open']);
    const after = (await as(patient, `${api}/customers/upcomingsessions`)).body.bookings.find(
      (b: { uuid: string }) => b.uuid === later.uuid,
    );
    assert.equal(after.status, 'confirmed');
  });
});

describe('children-first activation', () => {
  test("the parent activates a child's profile, consenting for it; only then does it book children-first care", async () => {
    const parent = await freshPatient(api, 'cfparent');
    const kid = await as(parent, `${api}/customers/profiles`, {
      body: { kind: 'profile', first_name: 'Kiran', date_of_birth: '2016-05-01', relationship: 'child' },
    });
    assert.equal(kid.status, 200, JSON.stringify(kid.body));
    const url = `${api}/customers/profiles/${kid.body.data.uuid}/cf_activation`;
    assert.deepEqual((await as(parent, url)).body.data, { profile_uuid: kid.body.data.uuid, activated: false, activated_at: null });

    const token = (await as(parent, `${api}/customers/profiles/${kid.body.data.uuid}/session`, { method: 'POST' })).headers.get(
      'secondary-profile-access-token',
    )!;
    const asKid = { headers: { 'secondary-profile-access-token': token } };
    const intake = (await call(`${api}/providers?role=cf-intake-specialist`)).body.data[0] as { uuid: string };
    const date = (await call(`${api}/providers/${intake.uuid}/schedule_dates`)).body.data.dates[4].date;
    const slot = (await call(`${api}/providers/${intake.uuid}/slots?date=${date}`)).body.data.slots[0].start_time as string;
    const book = () => as(parent, `${api}/bookings`, { ...asKid, body: { provider_uuid: intake.uuid, start_time: slot, mode: 'online' } });
    const refused = await book();
    assert.deepEqual([refused.status, refused.body.code], [422, 'cf_activation_required']);

    // Someone else cannot read or activate it: 404, as for a profile that does not exist.
    assert.equal((await as(stranger, url, { body: { guardian_consent: true } })).status, 404);
    assert.equal((await as(stranger, url)).status, 404);
    // The consent is the point of the step: without it, nothing happens.
    assert.equal((await as(parent, url, { body: {} })).status, 400);
    // Acting as the child, the step is not the child's to take.
    assert.equal((await as(parent, url, { ...asKid, body: { guardian_consent: true } })).status, 422);

    const on = await as(parent, url, { body: { guardian_consent: true } });
    assert.equal(on.status, 200, JSON.stringify(on.body));
    assert.equal(on.body.data.activated, true);
    const again = await as(parent, url, { body: { guardian_consent: true } });
    assert.equal(again.body.data.activated_at, on.body.data.activated_at, 'a repeat keeps the first activation');
    assert.equal((await as(parent, `${api}/customers/consent_party`, asKid)).body.guardian_consent_given, true);
    // The child's terms and privacy, accepted by the parent too, before any booking (consent-party.test.ts).
    assert.equal((await as(parent, `${api}/customers/mark_tnc_and_privacy`, { method: 'POST', ...asKid })).status, 200);
    const booked = await book();
    assert.equal(booked.status, 201, JSON.stringify(booked.body));
  });

  test("an adult's profile is not activated (409); it stays not activated", async () => {
    const parent = await freshPatient(api, 'cfadult');
    const adult = await as(parent, `${api}/customers/profiles`, {
      body: { kind: 'profile', first_name: 'Meera', date_of_birth: '1990-01-01' },
    });
    const r = await as(parent, `${api}/customers/profiles/${adult.body.data.uuid}/cf_activation`, { body: { guardian_consent: true } });
    assert.deepEqual([r.status, r.body.code], [409, 'not_a_child_profile']);
    assert.equal((await as(parent, `${api}/customers/profiles/${adult.body.data.uuid}/cf_activation`)).body.data.activated, false);
  });
});
