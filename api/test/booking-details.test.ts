// The couple branch's api (booking details): booking participants and their invite, appointment
// links, next-session slot lists, schedule counts and schedule discounts; a second user gets 404.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { as, serverPerFile, call, freshPatient, signIn, waitForOutbox, type Session, type TestServer } from './helpers.js';
import { NEXT_SESSION_MIN_GAP_MS } from '@haven/rules';
import { assertClientError } from './assert-helpers.js';

let srv: TestServer;
let api: string;
let couple: Session;
let stranger: Session;
let upcoming: { uuid: string; end_time: string; provider: { uuid: string } };
let completed: { uuid: string };
const server = serverPerFile();
before(async () => {
  srv = await server();
  api = srv.api;
  couple = await signIn(api, 'couple@haven.test');
  stranger = await signIn(api, 'intl@haven.test');
  upcoming = (await as(couple, `${api}/customers/upcomingsessions`)).body.bookings[0];
  completed = (await as(couple, `${api}/customers/completedsessions`)).body.bookings[0];
});

const kabir = async () =>
  (await call(`${api}/providers?role=couplestherapist&currency=INR`)).body.data[0] as {
    uuid: string;
    online_offering: { couple: { minimum_fee: number } };
  };

describe('booking participants', () => {
  test('the seeded partner is listed; edited with the rules (E.164, lower-cased e-mail); a changed address is not yet invited', async () => {
    const seen = await as(couple, `${api}/customers/bookings/${upcoming.uuid}/participants`);
    assert.equal(seen.status, 200);
    assert.deepEqual(
      seen.body.data.map((p: { name: string; email: string; mobile: string }) => [p.name, p.email, p.mobile]),
      [['Sameer Ahmed', 'sameer@example.com', '+919812345678']],
    );
    const url = `${api}/customers/bookings/${upcoming.uuid}/participants`;
    assertClientError(await as(couple, url, { method: 'PUT', body: { name: 'Sameer', email: 'sameer@' } }), 422, 'e-mail');
    assertClientError(await as(couple, url, { method: 'PUT', body: { name: 'Sameer', email: 'x@mailinator.com' } }), 422, 'e-mail');
    assertClientError(await as(couple, url, { method: 'PUT', body: { name: 'Sameer', email: '', mobile: '' } }), 422, 'mobile number');
    assertClientError(await as(couple, url, { method: 'PUT', body: { name: '123', email: 'sameer@example.com' } }), 422, 'name');
    assertClientError(await as(couple, url, { method: 'PUT', body: { name: 'Sameer', mobile: '12' } }), 422, 'not a phone number');
    const put = await as(couple, url, {
      method: 'PUT',
      body: { name: '  Sameer   Ahmed ', email: 'Sameer.A@Example.com', country_code: '91', mobile: '98123 45679' },
    });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    assert.deepEqual(
      [put.body.data[0].name, put.body.data[0].email, put.body.data[0].mobile, put.body.data[0].invited_at],
      ['Sameer Ahmed', 'sameer.a@example.com', '+919812345679', null],
    );
  });

  test('a second user gets 404 on every route that takes a booking id', async () => {
    const base = `${api}/customers/bookings/${upcoming.uuid}`;
    assertClientError(await as(stranger, `${base}/participants`), 404);
    assertClientError(await as(stranger, `${base}/participants`, { method: 'PUT', body: { name: 'Eve', email: 'eve@example.com' } }), 404);
    assertClientError(await as(stranger, `${base}/participants/invite`, { method: 'POST' }), 404);
    assertClientError(await as(stranger, `${base}/appointment_links`), 404);
    assertClientError(await as(stranger, `${base}/next_session_slots`), 404);
    assert.equal((await as(couple, `${base}/participants`)).body.data[0].name, 'Sameer Ahmed', 'the stranger changed nothing');
    assertClientError(await call(`${base}/participants`), 401);
  });

  test('a couple booking carries its partner from the start; an individual one has none; the schedule discount is charged', async () => {
    const k = await kabir();
    const discounts = (await call(`${api}/providers/${k.uuid}/schedule_discounts`)).body.data;
    assert.deepEqual(
      discounts.rules.map((r: { percent: number; label: string }) => [r.percent, r.label]),
      [[20, 'Weekday mornings']],
    );
    const d = discounts.slots[0];
    assert.ok(d, 'Kabir has a discounted free time in three weeks');
    const fresh = await signIn(api, 'employee@acme.test');
    const r = await as(fresh, `${api}/bookings`, {
      body: {
        provider_uuid: k.uuid,
        start_time: d.start_time,
        mode: 'online',
        session_type: 'couple',
        participant: { name: 'Ravi', email: 'ravi@example.com' },
      },
    });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.equal(r.body.data.fee, Math.round(k.online_offering.couple.minimum_fee * 0.8));
    assert.equal((await as(fresh, `${api}/customers/bookings/${r.body.data.uuid}/participants`)).body.data[0].email, 'ravi@example.com');
    // the invite waits for the booking to be confirmed
    assertClientError(
      await as(fresh, `${api}/customers/bookings/${r.body.data.uuid}/participants/invite`, { method: 'POST' }),
      409,
      'once the session is booked',
    );
    const bad = await as(fresh, `${api}/bookings`, {
      body: {
        provider_uuid: k.uuid,
        start_time: discounts.slots[1].start_time,
        mode: 'online',
        session_type: 'couple',
        participant: { name: 'Ravi' },
      },
    });
    assertClientError(bad, 422, 'mobile number');
    const solo = await as(fresh, `${api}/bookings`, {
      body: {
        provider_uuid: k.uuid,
        start_time: discounts.slots[1].start_time,
        mode: 'online',
        participant: { name: 'Ravi', email: 'ravi@example.com' },
      },
    });
    assertClientError(solo, 422, 'Only a couple session');
  });

  test("the invite sends only the product's own text (no name anyone typed), by e-mail and SMS, at most 3 a day per address", async () => {
    const base = `${api}/customers/bookings/${upcoming.uuid}`;
    const url = `${base}/participants/invite`;
    // The partner's name is the caller's text: it must not travel to the address.
    const bait = 'Your account is locked, pay at http://evil.example';
    const put = await as(couple, `${base}/participants`, {
      method: 'PUT',
      body: { name: bait, email: 'sameer.a@example.com', mobile: '+919812345679' },
    });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    const first = await as(couple, url, { method: 'POST' });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.ok(first.body.data[0].invited_at);
    const mail = (await waitForOutbox(api, 'sameer.a@example.com', 'email')).body.data[0];
    assert.equal(mail.subject, 'A couple session was booked for you on Haven');
    assert.match(
      mail.body,
      /^Hello, your partner booked a couple session for you both with Kabir Singh on \d{4}-\d\d-\d\d at \d\d:\d\d (AM|PM) \(Asia\/Kolkata\), online, by video: join together from your partner's Haven app, 10 minutes before the start\.$/,
    );
    const sms = (await waitForOutbox(api, '+919812345679', 'sms')).body.data[0];
    for (const m of [mail, sms]) {
      for (const typed of ['evil.example', 'locked', 'Zoya', 'Ahmed', 'Sameer'])
        assert.ok(!`${m.subject} ${m.body}`.includes(typed), `"${typed}" in ${m.body}`);
    }
    // Three a day per address (below the sender's own 5 an hour): the fourth is refused, nothing sent.
    assert.equal((await as(couple, url, { method: 'POST' })).status, 200);
    assert.equal((await as(couple, url, { method: 'POST' })).status, 200);
    const fourth = await as(couple, url, { method: 'POST' });
    assertClientError(fourth, 429);
    assert.equal(fourth.body.code, 'rate_limited');
    assert.ok(Number(fourth.headers.get('retry-after')) > 3600, "the address waits for its day, not the sender's hour");
    assert.equal((await call(`${api}/dev/outbox?to=${encodeURIComponent('sameer.a@example.com')}&channel=email`)).body.data.length, 3);
  });
});

describe('appointment links', () => {
  test('online: the join window and a calendar file', async () => {
    const r = await as(couple, `${api}/customers/bookings/${upcoming.uuid}/appointment_links`);
    assert.equal(r.status, 200);
    const l = r.body.data;
    assert.equal(l.session_path, `/booking/session/${upcoming.uuid}`);
    assert.equal(l.clinic, null);
    assert.equal(new Date(l.join.closes_at).toISOString(), upcoming.end_time);
    assert.equal(l.calendar.content_type, 'text/calendar');
    assert.match(l.calendar.filename, /^haven-session-\d{4}-\d\d-\d\d\.ics$/);
    assert.match(l.calendar.content, /^BEGIN:VCALENDAR\r\n/);
    assert.match(l.calendar.content, /\r\nSUMMARY:Couple session with Kabir Singh\r\n/);
    assert.match(l.calendar.content, new RegExp(`\\r\\nUID:${upcoming.uuid}@haven\\r\\n`));
    assert.match(l.calendar.content, /\r\nDTSTART:\d{8}T\d{6}Z\r\n/);
  });
  test('offline: the clinic address with a map link', async () => {
    const patient = await signIn(api, 'patient@haven.test');
    const offline = (await as(patient, `${api}/customers/upcomingsessions`)).body.bookings.find(
      (b: { mode: string }) => b.mode === 'offline',
    );
    const l = (await as(patient, `${api}/customers/bookings/${offline.uuid}/appointment_links`)).body.data;
    assert.equal(l.join, null);
    assert.equal(l.clinic.centre_name, 'Saket');
    assert.match(l.clinic.map_url, /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=Saket%2C/);
    assert.match(l.calendar.content, /\r\nLOCATION:Saket\\, /);
    assertClientError(await as(couple, `${api}/customers/bookings/${offline.uuid}/appointment_links`), 404);
  });
});

describe('next-session slot lists', () => {
  test('after an upcoming session: free times after it ends, with the same provider', async () => {
    const r = await as(couple, `${api}/customers/bookings/${upcoming.uuid}/next_session_slots`);
    assert.equal(r.status, 200);
    const d = r.body.data;
    assert.equal(d.provider.uuid, upcoming.provider.uuid);
    assert.deepEqual([d.mode, d.session_type, d.duration_minutes], ['online', 'couple', 50]);
    assert.equal(d.slots.length, 3);
    // Not the hours right after it: two days after it ends at the soonest.
    const twoDaysAfter = new Date(new Date(upcoming.end_time).getTime() + NEXT_SESSION_MIN_GAP_MS).toISOString();
    for (const s of d.slots) assert.ok(s.start_time >= twoDaysAfter, `${s.start_time} is two days after ${upcoming.end_time}`);
    const free = (await call(`${api}/providers/${upcoming.provider.uuid}/slots?date=${d.slots[0].start_time.slice(0, 10)}&timezone=UTC`))
      .body.data.slots;
    assert.ok(
      free.some((s: { start_time: string }) => s.start_time === d.slots[0].start_time),
      'the first is a free slot',
    );
    assert.equal((await as(couple, `${api}/customers/bookings/${upcoming.uuid}/next_session_slots?limit=5`)).body.data.slots.length, 5);
    assertClientError(await as(couple, `${api}/customers/bookings/${upcoming.uuid}/next_session_slots?limit=50`), 400, 'limit');
  });
  test('before a first session with a provider is held: no next-session times to book', async () => {
    const fresh = await freshPatient(api, 'first-session');
    const provider = upcoming.provider.uuid;
    const dates = (await call(`${api}/providers/${provider}/schedule_counts?timezone=Asia/Kolkata&days=14`)).body.data.days as Array<{
      date: string;
      slots_count: number;
    }>;
    const day = dates.find((d) => d.slots_count > 0)!;
    const [slot] = (await call(`${api}/providers/${provider}/slots?date=${day.date}&timezone=Asia/Kolkata`)).body.data.slots;
    const first = await as(fresh, `${api}/bookings`, { body: { provider_uuid: provider, start_time: slot.start_time, mode: 'online' } });
    assert.equal(first.status, 201, JSON.stringify(first.body));
    const d = (await as(fresh, `${api}/customers/bookings/${first.body.data.uuid}/next_session_slots`)).body.data;
    assert.deepEqual(d.slots, []);
  });
  test('after a completed session: the next free times from now', async () => {
    const d = (await as(couple, `${api}/customers/bookings/${completed.uuid}/next_session_slots`)).body.data;
    assert.equal(d.slots.length, 3);
    assert.ok(new Date(d.slots[0].start_time).getTime() > Date.now());
  });
});

describe('schedule counts and discounts', () => {
  test('every day of the range with its count (none: 0), matching the dates with free times, and the best discount', async () => {
    const k = await kabir();
    const r = await call(`${api}/providers/${k.uuid}/schedule_counts?timezone=Asia/Kolkata&days=14`);
    assert.equal(r.status, 200);
    const days = r.body.data.days as Array<{ date: string; slots_count: number; best_discount_percent: number }>;
    assert.equal(days.length, 14);
    assert.ok(
      days.some((d) => d.slots_count === 0),
      'Kabir does not work on Sundays',
    );
    const dates = (await call(`${api}/providers/${k.uuid}/schedule_dates?timezone=Asia/Kolkata`)).body.data.dates as Array<{
      date: string;
      slots_count: number;
    }>;
    for (const d of days) assert.equal(d.slots_count, dates.find((x) => x.date === d.date)?.slots_count ?? 0, d.date);
    const discounted = (await call(`${api}/providers/${k.uuid}/schedule_discounts?timezone=Asia/Kolkata`)).body.data.slots as Array<{
      start_time: string;
    }>;
    for (const d of days) {
      const has = discounted.some((s) => new Date(new Date(s.start_time).getTime() + 330 * 60_000).toISOString().slice(0, 10) === d.date);
      assert.equal(d.best_discount_percent, has ? 20 : 0, d.date);
    }
    assertClientError(await call(`${api}/providers/${k.uuid}/schedule_counts?days=99`), 400, 'days');
    assertClientError(await call(`${api}/providers/${k.uuid}/schedule_counts?timezone=Mars/Olympus`), 400, 'time zone');
    assertClientError(await call(`${api}/providers/00000000-0000-4000-8000-000000000000/schedule_counts`), 404);
  });
});
