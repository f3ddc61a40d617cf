// The payment gateway's webhook: a payment the gateway captured is settled even when the patient's browser
// never comes back to /verify, exactly as /verify settles it (confirmed with its invoice and one receipt,
// or refunded once when it can no longer be honoured); /verify and the webhook in either order, or an
// event delivered again, change nothing more. Run in the production stage against a stand-in gateway;
// the burst runs on PostgreSQL (scripts/test-bursts.sh).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { as } from './helpers.js';
import { startGatewayStage, type GatewayStage } from './gateway-stage.js';
import { settleCapturedPayment } from '../src/payments/transactions.js';

const WEBHOOK_SECRET = 'payment-webhook-test-secret';
let stage: GatewayStage;
before(async () => {
  stage = await startGatewayStage('payment-webhook', { key: 'payment-webhook-key-secret', webhook: WEBHOOK_SECRET });
});
after(() => stage?.close());

type Checkout = Awaited<ReturnType<GatewayStage['bookingCheckout']>>;
let events = 0;

/** The gateway's event for a payment of a checkout's order, as its JSON text (the bytes it signs). */
function capturedEvent(c: Checkout, pay: string, opts: { event?: string; amount?: number; currency?: string } = {}): string {
  const payment = {
    id: pay,
    entity: 'payment',
    amount: opts.amount ?? c.amount * 100,
    currency: opts.currency ?? c.currency,
    status: 'captured',
    order_id: c.order,
    method: 'upi',
    captured: true,
  };
  const event = opts.event ?? 'payment.captured';
  const order = { id: c.order, entity: 'order', amount: c.amount * 100, amount_paid: c.amount * 100, status: 'paid' };
  const payload = event === 'order.paid' ? { payment: { entity: payment }, order: { entity: order } } : { payment: { entity: payment } };
  // Indented, with its keys in the gateway's order: a body parsed and written again would not match its signature.
  return JSON.stringify(
    { entity: 'event', account_id: 'acc_test', event, contains: Object.keys(payload), payload, created_at: 1_700_000_000 },
    null,
    2,
  );
}
const signBody = (body: string, secret = WEBHOOK_SECRET) => createHmac('sha256', secret).update(body).digest('hex');

/** One delivery of the gateway's webhook; `signature` null sends none. */
async function deliver(body: string, opts: { signature?: string | null; eventId?: string } = {}) {
  const signature = opts.signature === undefined ? signBody(body) : opts.signature;
  const r = await fetch(`${stage.api}/payments/gateway/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-event-id': opts.eventId ?? `evt_test_${++events}`,
      ...(signature === null ? {} : { 'x-razorpay-signature': signature }),
    },
    body,
  });
  const text = await r.text();
  return { status: r.status, body: text ? (JSON.parse(text) as { data?: { outcome: string }; code?: string }) : {} };
}

/** The webhook's and /verify's limits start afresh for each case. */
const freshLimits = () => stage.srv.db.query(`DELETE FROM rate_events WHERE bucket LIKE 'payment_%'`);
const verify = (c: Checkout, pay: string) =>
  as(stage.patient, `${stage.api}/payments/${c.tx}/verify`, {
    body: { gateway_payment_id: pay, gateway_signature: stage.sign(c.order, pay) },
  });
const bookingStatus = async (c: Checkout) => (await as(stage.patient, `${stage.api}/payments/${c.tx}`)).body.data.booking.status as string;

test('the browser never verifies: the webhook confirms the booking, issues its invoice and sends the receipt once', async () => {
  await freshLimits();
  const c = await stage.bookingCheckout();
  const pay = stage.paymentId();
  const r = await deliver(capturedEvent(c, pay));
  assert.deepEqual([r.status, r.body.data?.outcome], [200, 'applied'], JSON.stringify(r.body));
  assert.equal(await bookingStatus(c), 'confirmed');
  const stored = await stage.row(c.tx);
  assert.deepEqual(
    [stored.status, stored.gateway_payment_id, stored.documents, stored.receipts, stored.refunds],
    ['paid', pay, ['invoice'], 1, []],
  );
  assert.equal(stage.gateway.refunds(pay).length, 0);
});

test('the same event delivered twice (and its order.paid twin) is applied once: one invoice, one receipt', async () => {
  await freshLimits();
  const c = await stage.bookingCheckout();
  const pay = stage.paymentId();
  const body = capturedEvent(c, pay);
  assert.equal((await deliver(body, { eventId: 'evt_twice' })).body.data?.outcome, 'applied');
  const again = await deliver(body, { eventId: 'evt_twice' });
  assert.deepEqual([again.status, again.body.data?.outcome], [200, 'already']);
  const paid = await deliver(capturedEvent(c, pay, { event: 'order.paid' }));
  assert.deepEqual([paid.status, paid.body.data?.outcome], [200, 'already']);
  const stored = await stage.row(c.tx);
  assert.deepEqual([stored.status, stored.documents, stored.receipts, stored.refunds], ['paid', ['invoice'], 1, []]);
});

test('the webhook then /verify, and /verify then the webhook: one confirmation, the patient sees it confirmed, nothing refunded', async () => {
  await freshLimits();
  const first = await stage.bookingCheckout();
  const pay = stage.paymentId();
  assert.equal((await deliver(capturedEvent(first, pay))).body.data?.outcome, 'applied');
  const late = await verify(first, pay);
  assert.equal(late.status, 200, JSON.stringify(late.body));
  assert.deepEqual([late.body.data.transaction.status, late.body.data.booking.status], ['paid', 'confirmed']);

  const second = await stage.bookingCheckout();
  const pay2 = stage.paymentId();
  assert.equal((await verify(second, pay2)).status, 200);
  assert.equal((await deliver(capturedEvent(second, pay2))).body.data?.outcome, 'already');

  for (const [c, p] of [
    [first, pay],
    [second, pay2],
  ] as const) {
    const stored = await stage.row(c.tx);
    assert.deepEqual([stored.status, stored.documents, stored.receipts, stored.refunds], ['paid', ['invoice'], 1, []]);
    assert.equal(stage.gateway.refunds(p).length, 0);
  }
});

test('a webhook for a checkout whose hold lapsed: recorded paid_unapplied and refunded once in full, even when delivered again', async () => {
  await freshLimits();
  const c = await stage.bookingCheckout();
  const pay = stage.paymentId();
  try {
    stage.ahead = 16 * 60_000; // the payment hold (15 minutes) lapses before the gateway's webhook arrives
    const r = await deliver(capturedEvent(c, pay));
    assert.deepEqual([r.status, r.body.data?.outcome], [200, 'refunded'], JSON.stringify(r.body));
    assert.equal((await deliver(capturedEvent(c, pay))).body.data?.outcome, 'refunded');
    const late = await verify(c, pay);
    assert.equal(`${late.status} ${late.body.code}`, '409 booking_payment_refunded');
  } finally {
    stage.ahead = 0;
  }
  const asked = stage.gateway.refunds(pay);
  assert.equal(asked.length, 1, 'one refund at the gateway');
  assert.deepEqual([asked[0]!.body.amount, asked[0]!.idempotencyKey], [c.amount * 100, `refund:${c.tx}`]);
  const stored = await stage.row(c.tx);
  assert.deepEqual([stored.status, stored.refunds.map((f) => f.status), stored.documents], ['paid_unapplied', ['processed'], []]);
  assert.equal(await bookingStatus(c), 'expired');
});

test('a bad signature (another secret, none, the body changed after signing) answers 400 and changes nothing; unknown events are ignored', async () => {
  await freshLimits();
  const c = await stage.bookingCheckout();
  const pay = stage.paymentId();
  const body = capturedEvent(c, pay);
  const refused = [
    await deliver(body, { signature: signBody(body, 'another-secret') }),
    await deliver(body, { signature: null }),
    await deliver(body, { signature: 'not-hex' }),
    // The same event written compactly (what parsing and writing it again gives): not the bytes signed.
    await deliver(JSON.stringify(JSON.parse(body)), { signature: signBody(body) }),
  ];
  assert.deepEqual(
    refused.map((r) => r.status),
    [400, 400, 400, 400],
  );
  const ignored = await deliver(JSON.stringify({ event: 'refund.processed', payload: {} }));
  assert.deepEqual([ignored.status, ignored.body.data?.outcome], [200, 'ignored']);
  const stored = await stage.row(c.tx);
  assert.deepEqual([stored.status, stored.gateway_payment_id, stored.documents, stored.refunds], ['created', null, [], []]);
  assert.equal(await bookingStatus(c), 'pending');
});

test('refused signatures are limited per address (30 in 15 minutes), counted before the signature is compared', async () => {
  await freshLimits();
  const c = await stage.bookingCheckout();
  const pay = stage.paymentId();
  const body = capturedEvent(c, pay);
  for (let i = 0; i < 30; i++) assert.equal((await deliver(body, { signature: signBody(body, `guess-${i}`) })).status, 400);
  const limited = await deliver(body);
  assert.equal(`${limited.status} ${limited.body.code}`, '429 rate_limited', 'even a valid one waits: nothing is compared');
  assert.equal((await stage.row(c.tx)).status, 'created');
  await freshLimits();
  assert.equal((await deliver(body)).body.data?.outcome, 'applied', 'the gateway delivers it again later');
});

test('a captured payment of another amount or currency than its transaction: 200, logged for support, not applied', async () => {
  await freshLimits();
  const c = await stage.bookingCheckout();
  const pay = stage.paymentId();
  const cheaper = await deliver(capturedEvent(c, pay, { amount: c.amount * 100 - 1 }));
  assert.deepEqual([cheaper.status, cheaper.body.data?.outcome], [200, 'mismatch']);
  const currency = await deliver(capturedEvent(c, pay, { currency: c.currency === 'INR' ? 'USD' : 'INR' }));
  assert.deepEqual([currency.status, currency.body.data?.outcome], [200, 'mismatch']);
  const stored = await stage.row(c.tx);
  assert.deepEqual([stored.status, stored.gateway_payment_id, stored.documents, stored.refunds], ['created', null, [], []]);
  assert.equal(stage.gateway.refunds(pay).length, 0);
});

test('a burst of 20 concurrent deliveries of one event and a /verify: exactly one confirmation, one receipt, no refund', async () => {
  await freshLimits();
  const c = await stage.bookingCheckout();
  const pay = stage.paymentId();
  const body = capturedEvent(c, pay);
  const [verified, ...delivered] = await Promise.all([
    verify(c, pay),
    ...Array.from({ length: 20 }, () => deliver(body, { eventId: 'evt_burst' })),
  ]);
  assert.equal(verified.status, 200, JSON.stringify(verified.body));
  assert.deepEqual(
    delivered.map((r) => r.status),
    Array(20).fill(200),
  );
  const applied = delivered.filter((r) => r.body.data?.outcome === 'applied').length;
  assert.ok(applied <= 1, `applied ${applied} times`);
  assert.equal(delivered.filter((r) => r.body.data?.outcome === 'already').length, 20 - applied);
  const stored = await stage.row(c.tx);
  assert.deepEqual([stored.status, stored.documents, stored.receipts, stored.refunds], ['paid', ['invoice'], 1, []]);
  assert.equal(stage.gateway.refunds(pay).length, 0);
  assert.equal(await bookingStatus(c), 'confirmed');
});

// Below HTTP (where requests arrive staggered): twenty settlements of one order at the same instant, which
// apply it more than once, or refund it, on PostgreSQL without the transaction's row lock.
test('a burst of 20 concurrent settlements of one captured payment by its order: applied once, the rest already', async () => {
  const c = await stage.bookingCheckout();
  const pay = stage.paymentId();
  const outcomes = await Promise.all(
    Array.from({ length: 20 }, () =>
      stage.srv.db.tx((q) => settleCapturedPayment(q, { of: { orderId: c.order }, paymentId: pay, now: Date.now(), check: () => {} })),
    ),
  );
  const kinds = outcomes.reduce<Record<string, number>>((m, o) => ({ ...m, [o.kind]: (m[o.kind] ?? 0) + 1 }), {});
  assert.deepEqual(kinds, { applied: 1, already: 19 });
  const stored = await stage.row(c.tx);
  assert.deepEqual([stored.status, stored.gateway_payment_id, stored.refunds], ['paid', pay, []]);
  assert.equal(await bookingStatus(c), 'confirmed');
});
