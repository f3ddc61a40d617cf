// The bookings module on its own: a patient's upcoming sessions keep suggested ones apart, completed
// ones come newest first, and the counts agree with the lists; the booking shape prices a booking
// kept before prices were stored as one "Session fee" line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { booking, completedSessions, sessionCounts, upcomingSessions, type BookingRow } from '../src/bookings/index.js';
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
  assert.deepEqual(starts, [...starts].sort((x, y) => y - x));
});

test('the counts agree with the lists', async () => {
  const id = (await patient()).id;
  const counts = await sessionCounts(db(), id);
  assert.equal(counts.completed, (await completedSessions(db(), id)).length);
  assert.equal(counts.upcoming, (await upcomingSessions(db(), id)).bookings.length);
});

test('a booking without stored price lines answers its fee as one line; stored lines are kept', () => {
  const row: BookingRow = {
    id: 1, uuid: 'u', status: 'confirmed', start_time: '2026-01-01T10:00:00Z', end_time: '2026-01-01T10:50:00Z', mode: 'online', session_type: 'individual',
    fee: 1500, currency: 'INR', clinic_centre_id: null, cancel_reason: null, user_id: 1, provider_id: 1, duration_minutes: 50, list_price: null, price_lines: null,
    hold_until: '2026-01-01T09:00:00Z', p_firstname: 'A', p_lastname: 'B', p_uuid: 'p', p_roles: ['therapist'],
  };
  const old = booking(row);
  assert.deepEqual(old.price_lines, [{ kind: 'list', label: 'Session fee', amount: 1500 }]);
  assert.equal(old.list_price, 1500);
  assert.equal(old.hold_until, null, 'a hold is told only while the booking is pending');
  const lines = [{ kind: 'list', label: 'Session fee', amount: 2000 }, { kind: 'coupon', label: 'WELCOME', amount: -500 }];
  const kept = booking({ ...row, status: 'pending', price_lines: { price: { lines } } });
  assert.deepEqual(kept.price_lines, lines);
  assert.equal(kept.hold_until, '2026-01-01T09:00:00.000Z');
});
