// Closing a profile (or the account) moves its bookings through the booking lifecycle: a session that
// has not started is cancelled by the patient's own guarded `cancel`, with its credit back and its refund
// in the same commit; one that has started keeps its credit spent. What a closed profile used stays
// counted against its account: its paid sessions still make the account's first paid session taken.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { as, boot, signIn } from './helpers.js';
import { moneyHelpers } from './money-helpers.js';

let srv: Awaited<ReturnType<typeof boot>>;
/** Added to the api's clock: a test steps into or past a session with it, then puts it back. */
let shiftMs = 0;
before(async () => {
  srv = await boot({ clock: () => Date.now() + shiftMs });
});
after(async () => {
  shiftMs = 0;
  await srv.close();
});
const api = () => srv.api;
const { byName, book, freeStart, pay, addProfile, deleteProfile } = moneyHelpers(api);
const statusOf = async (uuid: string) =>
  (
    await srv.db.query<{ status: string; cancel_reason: string | null }>(
      `SELECT status, cancel_reason FROM bookings WHERE uuid::text = $1`,
      [uuid],
    )
  )[0]!;

describe('closing a profile moves its bookings through the lifecycle', () => {
  test('deleting a profile while its package session is on keeps that credit spent; its upcoming session gives its credit back', async () => {
    const acme = await signIn(api(), 'employee@acme.test');
    const credits = async () => (await as(acme, `${api()}/customers/org_packages`)).body.credits_left as number;
    const ananya = await byName('Ananya');
    const start = await credits();
    const kid = await addProfile(acme, 'Ira');
    const on = await book(kid, ananya);
    const later = await book(kid, ananya);
    for (const b of [on, later]) assert.equal((await as(kid, `${api()}/bookings/${b.uuid}/package`, { method: 'POST' })).status, 200);
    assert.equal(await credits(), start - 2);
    try {
      shiftMs = Date.parse(on.start_time) + 5 * 60_000 - Date.now(); // five minutes into the first session
      assert.ok(Date.parse(later.start_time) > Date.now() + shiftMs, 'the second session has not started');
      // The patient cannot cancel a session that is on; closing the profile cannot either.
      assert.equal((await as(kid, `${api()}/bookings/${on.uuid}/cancel`, { body: { reason: 'leaving' } })).status, 409);
      assert.equal((await deleteProfile(acme, kid.uuid)).status, 200);
      assert.equal(await credits(), start - 1, 'the session that is on keeps its credit; the upcoming one gives it back');
      assert.deepEqual(await statusOf(on.uuid), { status: 'confirmed', cancel_reason: null });
      assert.deepEqual(await statusOf(later.uuid), { status: 'cancelled', cancel_reason: 'account closed' });
    } finally {
      shiftMs = 0;
    }
  });
});

describe("a closed profile's sessions stay counted against its account", () => {
  test("WELCOME20 used by a profile that attended and was deleted is not the account's again", async () => {
    const parent = await signIn(api(), 'newpatient@haven.test');
    const kid = await addProfile(parent, 'Dia');
    const rahul = await byName('Rahul');
    const first = await book(kid, rahul);
    const paid = await pay(kid, first.uuid, 'WELCOME20');
    assert.equal(paid.status, 200, JSON.stringify(paid.body));
    assert.equal(paid.body.data.transaction.amount, 720);
    try {
      // The session is held and ends: completed.
      shiftMs = Date.parse(first.start_time) + 60 * 60_000 - Date.now();
      assert.equal((await as(kid, `${api()}/bookings/${first.uuid}`)).body.data.status, 'completed');
      assert.equal((await deleteProfile(parent, kid.uuid)).status, 200);
      const next = await book(parent, rahul, { start_time: await freeStart(rahul, 6) });
      const again = await as(parent, `${api()}/payments/temporary_transaction`, {
        body: { booking_uuid: next.uuid, coupon_code: 'WELCOME20' },
      });
      assert.equal(again.status, 422, JSON.stringify(again.body));
      assert.match(again.body.message, /first paid session/);
    } finally {
      shiftMs = 0;
    }
  });
});
