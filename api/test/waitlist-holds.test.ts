// The waitlist defects: a double join answers the existing entry; an offered time is held
// for its patient (config/waitlist.ts) and goes to the next in line when the offer lapses; a lapsed
// payment hold offers its time; the periodic sweep does both with nobody acting.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { as, serverPerFile, call, signIn, type Session, type TestServer } from './helpers.js';
import { assertClientError } from './assert-helpers.js';
import { WAITLIST_OFFER_HOLD_MINUTES } from '../src/config/waitlist.js';
import { PAYMENT_HOLD_MINUTES } from '../src/config/booking.js';

// A short sweep, so that the test sees it run; the api's clock is stepped over the hold windows.
process.env.HAVEN_WAITLIST_SWEEP_MS = '150';
let t = Date.now();
let srv: TestServer;
let api: string;
let first: Session;
let second: Session;
let third: Session;
const server = serverPerFile({ clock: () => t });
before(async () => {
  srv = await server();
  api = srv.api;
  first = await signIn(api, 'patient@haven.test');
  second = await signIn(api, 'intl@haven.test');
  third = await signIn(api, 'employee@acme.test');
});

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const fullProvider = async (lastname: string) =>
  (await call<{ data: { uuid: string } }>(`${api}/dev/providers`, { body: { lastname } })).body.data.uuid;
const slotIn = (days: number) => {
  const d = new Date(t + days * 86_400_000);
  d.setUTCHours(10, 0, 0, 0);
  return d.toISOString();
};
const join = (who: Session, body: Record<string, unknown>) =>
  as(who, `${api}/customers/waitlists`, { body: { from_date: day(t), to_date: day(t + 14 * 86_400_000), timezone: 'UTC', ...body } });
const entry = async (who: Session, uuid: string) =>
  (await as(who, `${api}/customers/waitlists`)).body.data.find((w: { uuid: string }) => w.uuid === uuid);
const addSlot = async (provider: string, start: string) =>
  (await call(`${api}/dev/providers/${provider}/availability`, { body: { start_time: start } })).body.offered as number;
/** The free times of `provider` on `start`'s day as `who` (or anyone) sees them. */
const seen = async (provider: string, start: string, who?: Session) => {
  const url = `${api}/providers/${provider}/slots?date=${start.slice(0, 10)}&timezone=UTC`;
  const r = who ? await as(who, url) : await call(url);
  return (r.body.data.slots as Array<{ start_time: string }>).map((s) => s.start_time);
};
/** Polls (the sweep runs on its own timer) until `check` holds; fails after ~5 s. */
async function eventually<T>(read: () => Promise<T>, check: (v: T) => boolean): Promise<T> {
  let v = await read();
  for (let i = 0; i < 50 && !check(v); i++) {
    await new Promise((r) => setTimeout(r, 100));
    v = await read();
  }
  assert.ok(check(v), JSON.stringify(v));
  return v;
}

describe('waitlist defects', () => {
  test('joining the same waitlist twice (also at once) answers the one entry', async () => {
    const provider = await fullProvider('Twice');
    const a = await join(first, { provider_uuid: provider });
    const b = await join(first, { provider_uuid: provider, to_date: day(t + 20 * 86_400_000) });
    assert.deepEqual([a.status, b.status, b.body.data.uuid], [201, 200, a.body.data.uuid]);
    const other = await fullProvider('AtOnce');
    const both = await Promise.all([join(second, { provider_uuid: other }), join(second, { provider_uuid: other })]);
    assert.deepEqual(both.map((r) => r.status).sort(), [200, 201]);
    assert.equal(both[0].body.data.uuid, both[1].body.data.uuid);
    const mine = (await as(second, `${api}/customers/waitlists`)).body.data.filter(
      (w: { provider: { uuid: string } | null }) => w.provider?.uuid === other,
    );
    assert.equal(mine.length, 1);
    // Another patient's join is their own entry.
    assert.equal((await join(third, { provider_uuid: provider })).status, 201);
  });

  test('an offered time is held for its patient only; when the offer lapses the sweep offers it to the next in line', async () => {
    const provider = await fullProvider('Held');
    const w1 = (await join(first, { provider_uuid: provider })).body.data;
    const w2 = (await join(second, { provider_uuid: provider })).body.data;
    const start = slotIn(3);
    assert.equal(await addSlot(provider, start), 1);
    const offered = await entry(first, w1.uuid);
    assert.equal(offered.status, 'offered');
    assert.equal(offered.offer.held_until, new Date(t + WAITLIST_OFFER_HOLD_MINUTES * 60_000).toISOString());
    assert.equal((await entry(second, w2.uuid)).status, 'waiting');
    // Held: nobody else sees or books it; its patient does.
    assert.ok(!(await seen(provider, start)).includes(start));
    assert.ok(!(await seen(provider, start, second)).includes(start));
    assert.ok((await seen(provider, start, first)).includes(start));
    assertClientError(
      await as(second, `${api}/bookings`, { body: { provider_uuid: provider, start_time: start, mode: 'online' } }),
      409,
      'not available',
    );

    t += WAITLIST_OFFER_HOLD_MINUTES * 60_000 + 1000;
    // Nobody acts: the sweep lapses the offer and offers the time to the second in line.
    const next = await eventually(
      () => entry(second, w2.uuid),
      (w) => w.status === 'offered',
    );
    assert.equal(next.offer.start_time, start);
    assert.equal((await entry(first, w1.uuid)).status, 'lapsed');
    const note = (await as(second, `${api}/customers/notifications`)).body.data.find(
      (n: { link: string }) => n.link === `/booking?provider=${provider}&step=1`,
    );
    assert.ok(note, 'the next in line is notified');
    assertClientError(
      await as(first, `${api}/bookings`, { body: { provider_uuid: provider, start_time: start, mode: 'online' } }),
      409,
      'not available',
    );
    const booked = await as(second, `${api}/bookings`, { body: { provider_uuid: provider, start_time: start, mode: 'online' } });
    assert.equal(booked.status, 201, JSON.stringify(booked.body));
    assert.equal((await entry(second, w2.uuid)).status, 'booked');
  });

  test('leaving while offered passes the held time on at once', async () => {
    const provider = await fullProvider('Left');
    const w1 = (await join(first, { provider_uuid: provider })).body.data;
    const w3 = (await join(third, { provider_uuid: provider })).body.data;
    assert.equal(await addSlot(provider, slotIn(4)), 1);
    assert.equal((await as(first, `${api}/customers/waitlists/${w1.uuid}`, { method: 'DELETE' })).status, 200);
    assert.equal((await entry(third, w3.uuid)).status, 'offered');
  });

  test('a lapsed payment hold offers its time to the waitlist, swept with nobody acting', async () => {
    const provider = await fullProvider('Unpaid');
    const start = slotIn(5);
    assert.equal(await addSlot(provider, start), 0);
    const pending = await as(first, `${api}/bookings`, { body: { provider_uuid: provider, start_time: start, mode: 'online' } });
    assert.equal(pending.status, 201, JSON.stringify(pending.body));
    const w = (await join(third, { provider_uuid: provider })).body.data;
    assert.equal(w.status, 'waiting');
    t += PAYMENT_HOLD_MINUTES * 60_000 + 1000;
    const offered = await eventually(
      () => entry(third, w.uuid),
      (x) => x.status === 'offered',
    );
    assert.equal(offered.offer.start_time, start);
    assert.equal((await as(first, `${api}/bookings/${pending.body.data.uuid}`)).body.data.status, 'expired');
  });
});
