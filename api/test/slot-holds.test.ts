// A patient sees why a time is held: the slots list names the unpaid holds on a date (the caller's own
// with its booking, another patient's with nobody), and booking a held time answers 409 with the reason.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { as, serverPerFile, call, signIn, type TestServer } from './helpers.js';

type Session = Awaited<ReturnType<typeof signIn>>;
let srv: TestServer;
let api: string;
let patient: Session;
let other: Session;
const server = serverPerFile();
before(async () => {
  srv = await server();
  api = srv.api;
  patient = await signIn(api, 'patient@haven.test');
  other = await signIn(api, 'intl@haven.test');
});

interface Held {
  start_time: string;
  display_time: string;
  held_until: string;
  booking_uuid: string | null;
}
describe('held times', () => {
  test('the slots list names unpaid holds; booking one says whose hold it is', async () => {
    const rahul = (await call<{ data: { uuid: string; firstname: string }[] }>(`${api}/providers?per_page=50`)).body.data.find(
      (p) => p.firstname === 'Rahul',
    )!;
    const date = (await call(`${api}/providers/${rahul.uuid}/schedule_dates?timezone=Asia/Kolkata`)).body.data.dates[3].date as string;
    const slotsUrl = `${api}/providers/${rahul.uuid}/slots?date=${date}&timezone=Asia/Kolkata`;
    const start = (await call(slotsUrl)).body.data.slots[0].start_time as string;
    const made = await as(patient, `${api}/bookings`, { body: { provider_uuid: rahul.uuid, start_time: start, mode: 'online' } });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const uuid = made.body.data.uuid as string;

    // The holder sees its own hold with the booking; another patient and a visitor see it held by nobody named.
    const mine = (await as(patient, slotsUrl)).body.data as { slots: { start_time: string }[]; held: Held[] };
    assert.ok(!mine.slots.some((s) => s.start_time === start));
    assert.deepEqual(
      mine.held.map((h) => [h.start_time, h.booking_uuid]),
      [[start, uuid]],
    );
    assert.ok(Date.parse(mine.held[0]!.held_until) > Date.now());
    const theirs = (await as(other, slotsUrl)).body.data as { held: Held[] };
    assert.deepEqual(
      theirs.held.map((h) => [h.start_time, h.booking_uuid]),
      [[start, null]],
    );
    assert.deepEqual(
      (await call(slotsUrl)).body.data.held.map((h: Held) => h.booking_uuid),
      [null],
    );

    const again = await as(patient, `${api}/bookings`, { body: { provider_uuid: rahul.uuid, start_time: start, mode: 'online' } });
    assert.equal(again.status, 409);
    assert.equal(again.body.code, 'own_hold');
    assert.equal(again.body.booking_uuid, uuid);
    assert.match(again.body.message, /finish paying/);
    const stranger = await as(other, `${api}/bookings`, { body: { provider_uuid: rahul.uuid, start_time: start, mode: 'online' } });
    assert.equal(stranger.status, 409);
    assert.equal(stranger.body.code, 'slot_held');
    assert.equal(stranger.body.booking_uuid, undefined);
    assert.match(stranger.body.message, /Another patient is paying/);

    // Released: no longer held, free again.
    await as(patient, `${api}/bookings/${uuid}/cancel`, { body: { reason: 'test done' } });
    const after = (await call(slotsUrl)).body.data as { slots: { start_time: string }[]; held: Held[] };
    assert.deepEqual(after.held, []);
    assert.ok(after.slots.some((s) => s.start_time === start));
  });

  test('booking a time already paid for says it is the patient own booking; to anyone else it is taken', async () => {
    const rahul = (await call<{ data: { uuid: string; firstname: string }[] }>(`${api}/providers?per_page=50`)).body.data.find(
      (p) => p.firstname === 'Rahul',
    )!;
    const date = (await call(`${api}/providers/${rahul.uuid}/schedule_dates?timezone=Asia/Kolkata`)).body.data.dates[4].date as string;
    const start = (await call(`${api}/providers/${rahul.uuid}/slots?date=${date}&timezone=Asia/Kolkata`)).body.data.slots[0]
      .start_time as string;
    const made = await as(patient, `${api}/bookings`, { body: { provider_uuid: rahul.uuid, start_time: start, mode: 'online' } });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const uuid = made.body.data.uuid as string;
    const t = await as(patient, `${api}/payments/temporary_transaction`, { method: 'POST', body: { booking_uuid: uuid } });
    const paid = await as(patient, `${api}/payments/${t.body.data.transaction_id}/simulate`, {
      method: 'POST',
      body: { outcome: 'success' },
    });
    assert.equal(paid.status, 200, JSON.stringify(paid.body));

    // Back after paying, then booking the same time again: theirs, with the booking to see.
    const again = await as(patient, `${api}/bookings`, { body: { provider_uuid: rahul.uuid, start_time: start, mode: 'online' } });
    assert.equal(again.status, 409);
    assert.deepEqual([again.body.code, again.body.booking_uuid], ['own_booking', uuid]);
    // A second user learns only that it is taken: no booking of someone else's is named.
    const stranger = await as(other, `${api}/bookings`, { body: { provider_uuid: rahul.uuid, start_time: start, mode: 'online' } });
    assert.equal(stranger.status, 409);
    assert.equal(stranger.body.code, 'slot_taken');
    assert.equal(stranger.body.booking_uuid, undefined);
    await as(patient, `${api}/bookings/${uuid}/cancel`, { body: { reason: 'test done' } });
  });
});
