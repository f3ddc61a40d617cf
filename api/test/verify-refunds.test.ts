// A payment the production gateway captured (its signature proves it) for something the api can no longer
// honour (the session can no longer be extended, the booking's hold lapsed) is recorded and refunded in
// full after the commit, once: no invoice, no credit note, a 409 with its code to the patient. Run in the
// production stage against a stand-in gateway (test/fake-gateway.ts); the burst runs on PostgreSQL
// (scripts/test-bursts.sh).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { as, type Session } from './helpers.js';
import type { FakeGateway } from './fake-gateway.js';
import { startGatewayStage, type GatewayStage } from './gateway-stage.js';
import { insertLiveSession } from '../src/seed/live-session.js';

let stage: GatewayStage;
let gateway: FakeGateway;
let srv: GatewayStage['srv'];
let api: string;
let patient: Session;
let other: Session;
let providers: { id: number; uuid: string }[] = [];
before(async () => {
  stage = await startGatewayStage('verify-refunds', { key: 'verify-refunds-key-secret' });
  ({ gateway, srv, api, patient, other, providers } = stage);
});
after(() => stage?.close());

const userId = (s: Session) => Number(s.user.id);
const sign = (order: string, payment: string) => stage.sign(order, payment);
const paymentId = () => stage.paymentId();
const row = (tx: string) => stage.row(tx);
/** The verify limits (10 per account, 30 per address in 15 minutes) start afresh for each case. */
const freshLimits = () => srv.db.query(`DELETE FROM rate_events WHERE bucket LIKE 'payment_verify_%'`);
const verify = (tx: string, body: { gateway_payment_id: string; gateway_signature: string }, who = patient) =>
  as(who, `${api}/payments/${tx}/verify`, { body });

/**
 * A paid online session of the patient that is on now, an extension of it waiting for its payment at the
 * gateway, and then another patient's session booked with its provider right after it (so the extension
 * can no longer be applied).
 */
async function extensionRefused() {
  const provider = providers.shift();
  assert.ok(provider, 'ran out of online providers');
  const start = Date.now() + stage.ahead - 5 * 60_000;
  const s = await insertLiveSession(srv.db, {
    userId: userId(patient),
    providerId: provider.id,
    start,
    minutes: 50,
    status: 'confirmed',
    fee: 1000,
  });
  const asked = await as(patient, `${api}/customers/bookings/${s.uuid}/extensions`, { body: {} });
  assert.equal(asked.status, 201, JSON.stringify(asked.body));
  const tx = asked.body.data.transaction as { transaction_id: string; amount: number; gateway: string; gateway_order_id: string };
  assert.deepEqual([tx.gateway, tx.amount], ['gateway', 300]);
  assert.match(tx.gateway_order_id, /^order_fake_/);
  const after = start + 50 * 60_000;
  await insertLiveSession(srv.db, {
    userId: userId(other),
    providerId: provider.id,
    start: after,
    minutes: 50,
    status: 'confirmed',
    fee: 0,
  });
  const pay = paymentId();
  return {
    session: s,
    extension: asked.body.data.extension.uuid as string,
    tx,
    pay,
    body: { gateway_payment_id: pay, gateway_signature: sign(tx.gateway_order_id, pay) },
  };
}
const endOf = async (bookingId: number) =>
  new Date((await srv.db.query<{ end_time: Date }>(`SELECT end_time FROM bookings WHERE id = $1`, [bookingId]))[0]!.end_time).toISOString();

test('an extension paid at the gateway after its provider was booked right after the session: 409 with its code, refunded once in full, no invoice and no credit note; a replay refunds nothing more', async () => {
  await freshLimits();
  const x = await extensionRefused();
  const endBefore = await endOf(x.session.id);
  const r = await verify(x.tx.transaction_id, x.body);
  assert.equal(r.status, 409, JSON.stringify(r.body));
  assert.equal(r.body.code, 'extension_payment_refunded');
  assert.equal(r.body.message, 'Your session could not be extended, so your payment is being refunded in full.');

  const asked = gateway.refunds(x.pay);
  assert.equal(asked.length, 1, 'one refund asked of the gateway');
  assert.deepEqual(asked[0]!.body, { amount: 30000, receipt: `refund:${x.tx.transaction_id}` }, 'the whole amount, in paise');
  assert.equal(asked[0]!.idempotencyKey, `refund:${x.tx.transaction_id}`);
  assert.equal(await endOf(x.session.id), endBefore, 'the session end stays');
  const stored = await row(x.tx.transaction_id);
  assert.deepEqual([stored.status, stored.gateway_payment_id], ['paid_unapplied', x.pay]);
  assert.deepEqual(
    stored.refunds.map((f) => [f.status, f.amount, f.idempotency_key, Boolean(f.gateway_refund_id)]),
    [['processed', 300, `refund:${x.tx.transaction_id}`, true]],
  );
  assert.deepEqual(stored.documents, [], 'no extension invoice and no credit note');
  const quote = await as(patient, `${api}/customers/bookings/${x.session.uuid}/extension`);
  assert.equal(quote.body.data.used, 0, 'the refused extension gives its place back');

  // The same verification again (a retried request): the same answer, still one refund at the gateway.
  const again = await verify(x.tx.transaction_id, x.body);
  assert.equal(`${again.status} ${again.body.code}`, '409 extension_payment_refunded');
  assert.equal(gateway.refunds(x.pay).length, 1, 'a replay refunds nothing more');
  assert.equal((await row(x.tx.transaction_id)).refunds.length, 1);

  // Another payment of the same order (the gateway normally prevents it): refused and left for support, never refunded twice.
  const second = paymentId();
  const other = await verify(x.tx.transaction_id, { gateway_payment_id: second, gateway_signature: sign(x.tx.gateway_order_id, second) });
  assert.equal(other.status, 409, JSON.stringify(other.body));
  assert.deepEqual([gateway.refunds(second).length, gateway.refunds(x.pay).length], [0, 1]);
  assert.equal((await row(x.tx.transaction_id)).gateway_payment_id, x.pay, 'the payment refunded stays the one recorded');
});

test('a booking checkout whose hold lapsed, then verified with a valid signature: 409 with its code, refunded once, no invoice', async () => {
  await freshLimits();
  const c = await stage.bookingCheckout();
  const tx = { transaction_id: c.tx, amount: c.amount, gateway_order_id: c.order };
  const pay = paymentId();
  try {
    stage.ahead = 16 * 60_000; // the payment hold (15 minutes) lapses before the payment is verified
    const r = await verify(tx.transaction_id, { gateway_payment_id: pay, gateway_signature: sign(tx.gateway_order_id, pay) });
    assert.equal(r.status, 409, JSON.stringify(r.body));
    assert.equal(r.body.code, 'booking_payment_refunded');
    assert.match(r.body.message, /released.*refunded in full/);
    const again = await verify(tx.transaction_id, { gateway_payment_id: pay, gateway_signature: sign(tx.gateway_order_id, pay) });
    assert.equal(`${again.status} ${again.body.code}`, '409 booking_payment_refunded');
  } finally {
    stage.ahead = 0;
  }
  const asked = gateway.refunds(pay);
  assert.equal(asked.length, 1, 'refunded once');
  assert.deepEqual([asked[0]!.body.amount, asked[0]!.idempotencyKey], [tx.amount * 100, `refund:${tx.transaction_id}`]);
  const stored = await row(tx.transaction_id);
  assert.deepEqual([stored.status, stored.refunds.map((f) => f.status), stored.documents], ['paid_unapplied', ['processed'], []]);
  const booking = await as(patient, `${api}/payments/${tx.transaction_id}`);
  assert.equal(booking.body.data.booking.status, 'expired', 'the slot stays released');
});

test('the gateway refusing the refund: the refund is stored as failed (for support), and the patient still gets the 409', async () => {
  await freshLimits();
  const x = await extensionRefused();
  gateway.refuseRefunds = true;
  try {
    const r = await verify(x.tx.transaction_id, x.body);
    assert.equal(`${r.status} ${r.body.code}`, '409 extension_payment_refunded', JSON.stringify(r.body));
  } finally {
    gateway.refuseRefunds = false;
  }
  assert.equal(gateway.refunds(x.pay).length, 1);
  const stored = await row(x.tx.transaction_id);
  assert.deepEqual(
    [stored.status, stored.refunds.map((f) => [f.status, f.gateway_refund_id]), stored.documents],
    ['paid_unapplied', [['failed', null]], []],
  );
  // A replay does not ask again: support refunds a failed one by hand.
  assert.equal((await verify(x.tx.transaction_id, x.body)).status, 409);
  assert.equal(gateway.refunds(x.pay).length, 1);
});

test('an invalid signature changes nothing (422) and refunds nothing; nor does another patient', async () => {
  await freshLimits();
  const x = await extensionRefused();
  const forged = await verify(x.tx.transaction_id, { gateway_payment_id: x.pay, gateway_signature: sign('order_other', x.pay) });
  assert.equal(forged.status, 422, JSON.stringify(forged.body));
  const stranger = await verify(x.tx.transaction_id, x.body, other);
  assert.equal(stranger.status, 404, "another patient's transaction is not found");
  assert.equal(gateway.refunds(x.pay).length, 0);
  const stored = await row(x.tx.transaction_id);
  assert.deepEqual([stored.status, stored.gateway_payment_id, stored.refunds], ['created', null, []]);
});

test('a burst of 20 concurrent verifications of one captured payment that cannot be applied: exactly one refund at the gateway', async () => {
  await freshLimits();
  const x = await extensionRefused();
  const answers = await Promise.all(Array.from({ length: 20 }, () => verify(x.tx.transaction_id, x.body)));
  const counts = answers.reduce<Record<string, number>>((m, r) => {
    const k = `${r.status} ${r.body.code}`;
    return { ...m, [k]: (m[k] ?? 0) + 1 };
  }, {});
  // The account's verify limit (10 in 15 minutes) answers the rest 429.
  assert.deepEqual(counts, { '409 extension_payment_refunded': 10, '429 rate_limited': 10 });
  assert.equal(gateway.refunds(x.pay).length, 1, 'one refund at the gateway');
  assert.deepEqual(
    (await row(x.tx.transaction_id)).refunds.map((f) => f.status),
    ['processed'],
  );
});

test('without HAVEN_PAYMENT_WEBHOOK_SECRET the gateway webhook answers 404 and changes nothing', async () => {
  const c = await stage.bookingCheckout();
  const r = await fetch(`${api}/payments/gateway/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': '0'.repeat(64) },
    body: JSON.stringify({ event: 'payment.captured', payload: { payment: { entity: { id: paymentId(), order_id: c.order } } } }),
  });
  assert.equal(r.status, 404);
  assert.equal((await row(c.tx)).status, 'created');
});
