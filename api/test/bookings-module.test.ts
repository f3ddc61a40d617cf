// The bookings module on its own: a patient's upcoming sessions keep suggested ones apart, completed
// ones come newest first, and the counts agree with the lists; the booking shape prices a booking
// kept before prices were stored as one "Session fee" line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HttpError } from '../src/core/http.js';
import {
  booking,
  completedSessions,
  countsByDay,
  partnerInvite,
  sessionCounts,
  upcomingSessions,
  waitlistRange,
  type BookingRow,
} from '../src/bookings/index.js';
import { findUser } from '../src/identity/index.js';
import { seededDb } from './module-db.js';

const { db } = seededDb();
const patient = async () => (await findUser(db(), 'email', 'patient@haven.test'))!;

test('upcoming sessions and suggested ones are apart, each in its own state', async () => {
  const { bookings, suggested_bookings } = await upcomingSessions(db(), (await patient()).id);
  assert.ok(bookings.length > 0 && suggested_bookings.length > 0, 'the demo patient has both');
  for (const b of bookings) assert.ok(['pending', 'confirmed'].includes(b.status), b.status);
  for (const b of suggested_bookings) assert.equal(b.status, 'suggested');
  for (const b of [...bookings, ...suggested_bookings]) assert.ok(Date.parse(b.end_time) > Date.now());
});

test('completed sessions come newest first', async () => {
  const done = await completedSessions(db(), (await patient()).id);
  assert.ok(done.length > 0);
  for (const b of done) assert.equal(b.status, 'completed');
  const starts = done.map((b) => Date.parse(b.start_time));
  assert.deepEqual(
    starts,
    [...starts].sort((x, y) => y - x),
  );
});

test('the counts agree with the lists', async () => {
  const id = (await patient()).id;
  const counts = await sessionCounts(db(), id);
  assert.equal(counts.completed, (await completedSessions(db(), id)).length);
  assert.equal(counts.upcoming, (await upcomingSessions(db(), id)).bookings.length);
});

test('a booking without stored price lines answers its fee as one line; stored lines are kept', () => {
  const row: BookingRow = {
    id: 1,
    uuid: 'u',
    status: 'confirmed',
    start_time: '2026-01-01T10:00:00Z',
    end_time: '2026-01-01T10:50:00Z',
    mode: 'online',
    session_type: 'individual',
    fee: 1500,
    currency: 'INR',
    clinic_centre_id: null,
    cancel_reason: null,
    user_id: 1,
    provider_id: 1,
    duration_minutes: 50,
    list_price: null,
    price_lines: null,
    hold_until: '2026-01-01T09:00:00Z',
    p_firstname: 'A',
    p_lastname: 'B',
    p_uuid: 'p',
    p_roles: ['therapist'],
  };
  const old = booking(row);
  assert.deepEqual(old.price_lines, [{ kind: 'list', label: 'Session fee', amount: 1500 }]);
  assert.equal(old.list_price, 1500);
  assert.equal(old.hold_until, null, 'a hold is told only while the booking is pending');
  const lines = [
    { kind: 'list', label: 'Session fee', amount: 2000 },
    { kind: 'coupon', label: 'WELCOME', amount: -500 },
  ];
  const kept = booking({ ...row, status: 'pending', price_lines: { price: { lines } } });
  assert.deepEqual(kept.price_lines, lines);
  assert.equal(kept.hold_until, '2026-01-01T09:00:00.000Z');
});

test("waitlistRange: whole days in the patient's zone, not before now, at most 90 days", () => {
  const now = Date.parse('2026-05-10T12:00:00Z');
  // Kolkata is UTC+05:30: the 12th starts at 18:30 UTC on the 11th; the range ends after the 14th.
  assert.deepEqual(waitlistRange('2026-05-12', '2026-05-14', 'Asia/Kolkata', now), {
    start: Date.parse('2026-05-11T18:30:00Z'),
    end: Date.parse('2026-05-14T18:30:00Z'),
  });
  assert.equal(waitlistRange('2026-05-01', '2026-05-11', 'UTC', now).start, now, 'a range that began in the past starts now');
  const refused: Array<[string, string, string, number, string]> = [
    ['an unknown zone', '2026-05-12', 'Mars/Olympus', 400, 'body/timezone is not a known IANA time zone: Mars/Olympus'],
    ['a range in the past', '2026-05-01', 'UTC', 422, 'The range must end after it starts, and not in the past'],
    ['more than 90 days', '2026-08-10', 'UTC', 422, 'A waitlist range is at most 90 days'],
  ];
  for (const [name, to, tz, status, message] of refused) {
    const from = name === 'a range in the past' ? '2026-04-01' : '2026-05-11';
    assert.throws(
      () => waitlistRange(from, to, tz, now),
      (e: unknown) => e instanceof HttpError && e.statusCode === status && e.message === message,
      name,
    );
  }
});

test('countsByDay: calendar days in the zone from today, empty days counted 0, the best discount of each day', () => {
  const now = Date.parse('2026-05-10T20:00:00Z'); // already the 11th in Kolkata
  const slots = [
    { start: Date.parse('2026-05-11T05:00:00Z'), discount_percent: 10 },
    { start: Date.parse('2026-05-11T06:00:00Z'), discount_percent: 20 },
    { start: Date.parse('2026-05-12T19:00:00Z'), discount_percent: 0 }, // the 13th, 00:30 in Kolkata
    { start: Date.parse('2026-05-20T05:00:00Z'), discount_percent: 50 }, // past the last day
  ];
  assert.deepEqual(countsByDay(slots, 'Asia/Kolkata', 3, now), [
    { date: '2026-05-11', slots_count: 2, best_discount_percent: 20 },
    { date: '2026-05-12', slots_count: 0, best_discount_percent: 0 },
    { date: '2026-05-13', slots_count: 1, best_discount_percent: 0 },
  ]);
});

test('partnerInvite: the provider, the time in their zone and the place; nothing the caller typed', () => {
  const p = { firstname: 'Asha', lastname: 'Rao', timezone: 'Asia/Kolkata' };
  const online = partnerInvite(p, '2026-05-11T04:30:00Z', null);
  assert.equal(online.subject, 'A couple session was booked for you on Haven');
  assert.match(
    online.body,
    /^Hello, your partner booked a couple session for you both with Asha Rao on 2026-05-11 at .* \(Asia\/Kolkata\), online, by video/,
  );
  const clinic = { centre_name: 'Bandra', address: '1 Hill Rd', city: 'Mumbai', map_url: 'https://maps.example/x' };
  assert.match(
    partnerInvite(p, '2026-05-11T04:30:00Z', clinic).body,
    /, at Bandra, 1 Hill Rd, Mumbai\. Map: https:\/\/maps\.example\/x\.$/,
  );
});
