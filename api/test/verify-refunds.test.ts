// A payment the production gateway captured (its signature proves it) for something the api can no longer
// honour (the session can no longer be extended, the booking's hold lapsed) is recorded and refunded in
// full after the commit, once: no invoice, no credit note, a 409 with its code to the patient. Run in the
// production stage against a stand-in gateway (test/fake-gateway.ts); the burst runs on PostgreSQL
// (scripts/test-bursts.sh). A refund the gateway did not answer is asked again by the retry passes
// (retryDueRefunds), with the same idempotency key, a bounded number of times; the patient sees each such
// payment and its refund on /customers/payments.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { as, type Session } from './helpers.js';
import type { FakeGateway } from './fake-gateway.js';
import { startGatewayStage, type GatewayStage } from './gateway-stage.js';
import { insertLiveSession } from '../src/seed/live-session.js';
import { retryDueRefunds, type RefundLog } from '../src/payments/refunds.js';
import { REFUND_MAX_ATTEMPTS } from '../src/config/billing.js';

let stage: GatewayStage;
let gateway: FakeGateway;
let srv: GatewayStage['srv'];
let api: string;
let patient: Session;
let other: Session;
let providers: { id: number; uuid: string }[] = [];
before(async () => {
  stage = await startGatewayStage(
    'verify-refunds',
    { key: 'verify-refunds-key-secret' },
    // The retry passes run when a test says (retryDueRefunds below), never on the server's own timer.
    { HAVEN_REFUND_RETRY_MS: String(24 * 3600_000) },
  );
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

// The refund retries. A pass is run at a chosen time (minutes from now), as each api process's timer runs it.
const MIN = 60_000;
const logged: { level: 'error' | 'warn'; msg: string }[] = [];
const log: RefundLog = {
  error: (_o: unknown, msg?: string) => void logged.push({ level: 'error', msg: String(msg) }),
  warn: (_o: unknown, msg?: string) => void logged.push({ level: 'warn', msg: String(msg) }),
};
const pass = (minutes: number) => retryDueRefunds({ db: srv.db, isProduction: true }, Date.now() + minutes * MIN, log);
/** An extension paid too late whose first refund ask gets `answers` from the gateway (503: a server error, 0: no answer). */
async function refusedWith(answers: number[]) {
  await freshLimits();
  const x = await extensionRefused();
  gateway.refundAnswers = [...answers];
  const r = await verify(x.tx.transaction_id, x.body);
  assert.equal(`${r.status} ${r.body.code}`, '409 extension_payment_refunded', JSON.stringify(r.body));
  return x;
}
const keys = (pay: string) => gateway.refunds(pay).map((c) => c.idempotencyKey);
async function myPayment(who: Session, tx: string) {
  const list = await as(who, `${api}/customers/payments`);
  assert.equal(list.status, 200, JSON.stringify(list.body));
  const t = await row(tx);
  // The listing names no transaction: the payment is found by its amount and extension or booking.
  return (list.body.data as Record<string, unknown>[]).filter((p) => p.unapplied && p.paid_at && p.amount === t.amount);
}

test('a refund left requested (the process died before the gateway answered) is asked again by a pass, with the same key, once its ask is presumed lost', async () => {
  const x = await refusedWith([]);
  const t = await row(x.tx.transaction_id);
  // The state a process that died between reserving the refund and recording the answer leaves.
  await srv.db.query(
    `UPDATE payment_refunds SET status = 'requested', gateway_refund_id = NULL, next_attempt_at = now() + interval '5 minutes' WHERE transaction_id = $1`,
    [t.id],
  );
  await pass(1);
  assert.equal(gateway.refunds(x.pay).length, 1, 'not asked while the first ask may still be answered');
  await pass(6);
  assert.deepEqual(keys(x.pay), [`refund:${x.tx.transaction_id}`, `refund:${x.tx.transaction_id}`], 'asked again with the same key');
  const stored = await row(x.tx.transaction_id);
  assert.deepEqual(
    stored.refunds.map((f) => [f.status, f.attempts, f.next_attempt_at, Boolean(f.gateway_refund_id)]),
    [['processed', 2, null, true]],
  );
  assert.deepEqual(stored.documents, [], 'no invoice and no credit note');
  await pass(60 * 24);
  assert.equal(gateway.refunds(x.pay).length, 2, 'a processed refund is never asked again');
});

test('the gateway failing with a 5xx: the refund is asked again after its gap and processed; the patient sees it on its way, then refunded; another patient never sees it', async () => {
  const x = await refusedWith([503]);
  let stored = await row(x.tx.transaction_id);
  assert.deepEqual(
    stored.refunds.map((f) => [f.status, f.attempts, f.next_attempt_at !== null]),
    [['failed', 1, true]],
  );
  let [mine] = await myPayment(patient, x.tx.transaction_id);
  assert.deepEqual(
    [mine?.booking_uuid, mine?.extension, mine?.refund, mine?.invoice_number, mine?.credit_note_number],
    [x.session.uuid, { uuid: x.extension, minutes: 15 }, { amount: 300, currency: 'INR', status: 'requested' }, null, null],
  );
  assert.equal(
    ((await as(other, `${api}/customers/payments`)).body.data as { extension: { uuid: string } | null }[]).filter(
      (p) => p.extension?.uuid === x.extension,
    ).length,
    0,
    "another patient's list never holds it",
  );

  await pass(1);
  assert.equal(gateway.refunds(x.pay).length, 1, 'not before its gap (2 minutes)');
  await pass(3);
  assert.deepEqual(keys(x.pay), [`refund:${x.tx.transaction_id}`, `refund:${x.tx.transaction_id}`]);
  stored = await row(x.tx.transaction_id);
  assert.deepEqual(
    stored.refunds.map((f) => [f.status, f.attempts, f.next_attempt_at]),
    [['processed', 2, null]],
  );
  [mine] = await myPayment(patient, x.tx.transaction_id);
  assert.deepEqual(mine?.refund, { amount: 300, currency: 'INR', status: 'processed' });
});

test('a payment not applied whose refund was never reserved (the process died after its commit) is listed with no refund yet, then refunded by a pass', async () => {
  const x = await refusedWith([]);
  const t = await row(x.tx.transaction_id);
  // The state a process that died between the commit and reserving the refund leaves.
  await srv.db.query(`DELETE FROM payment_refunds WHERE transaction_id = $1`, [t.id]);
  let [mine] = await myPayment(patient, x.tx.transaction_id);
  assert.deepEqual([mine?.extension, mine?.refund], [{ uuid: x.extension, minutes: 15 }, null]);
  await pass(1);
  assert.equal(gateway.refunds(x.pay).length, 1, 'not while the request that took it may still be refunding it');
  await pass(6);
  assert.deepEqual(keys(x.pay), [`refund:${x.tx.transaction_id}`, `refund:${x.tx.transaction_id}`]);
  assert.deepEqual(
    (await row(x.tx.transaction_id)).refunds.map((f) => [f.status, f.attempts]),
    [['processed', 1]],
  );
  [mine] = await myPayment(patient, x.tx.transaction_id);
  assert.equal((mine?.refund as { status: string }).status, 'processed');
});

test('a refund the gateway refuses (4xx) is never asked again by the passes', async () => {
  await freshLimits();
  const x = await refusedWith([400]);
  assert.deepEqual(
    (await row(x.tx.transaction_id)).refunds.map((f) => [f.status, f.next_attempt_at]),
    [['failed', null]],
  );
  await pass(60 * 24);
  assert.equal(gateway.refunds(x.pay).length, 1);
  const [mine] = await myPayment(patient, x.tx.transaction_id);
  assert.equal((mine?.refund as { status: string }).status, 'failed');
});

test('at most the cap: a refund never answered is asked REFUND_MAX_ATTEMPTS times with growing gaps, then left failed and logged for support', async () => {
  logged.length = 0;
  const x = await refusedWith(Array.from({ length: REFUND_MAX_ATTEMPTS }, (_, i) => (i % 2 ? 0 : 503)));
  // Gaps of 2, 4, 8, 16 minutes: a pass at 2 + 4 + 8 + 16 = 30 minutes has asked them all, one at a time.
  for (const at of [1, 2.5, 6, 6.5, 14.5, 30.5, 31, 60 * 24]) await pass(at);
  assert.equal(gateway.refunds(x.pay).length, REFUND_MAX_ATTEMPTS);
  assert.ok(keys(x.pay).every((k) => k === `refund:${x.tx.transaction_id}`));
  assert.deepEqual(
    (await row(x.tx.transaction_id)).refunds.map((f) => [f.status, f.attempts, f.next_attempt_at]),
    [['failed', REFUND_MAX_ATTEMPTS, null]],
  );
  assert.deepEqual(
    logged.map((l) => l.level),
    [...Array<string>(REFUND_MAX_ATTEMPTS - 2).fill('warn'), 'error'],
    "each retry's transient failure is reported (the first ask's by its request); the last one to support",
  );

  // A requested refund at the cap with no answer is given up, not asked again.
  const y = await refusedWith([]);
  const t = await row(y.tx.transaction_id);
  await srv.db.query(`UPDATE payment_refunds SET status = 'requested', attempts = $2, next_attempt_at = now() WHERE transaction_id = $1`, [
    t.id,
    REFUND_MAX_ATTEMPTS,
  ]);
  await pass(1);
  assert.equal(gateway.refunds(y.pay).length, 1);
  assert.deepEqual(
    (await row(y.tx.transaction_id)).refunds.map((f) => [f.status, f.next_attempt_at]),
    [['failed', null]],
  );
});

test('a cancelled paid session whose refund failed with a 5xx: the retry processes it and issues its credit note, once', async () => {
  const provider = providers.shift()!;
  const s = await insertLiveSession(srv.db, {
    userId: userId(patient),
    providerId: provider.id,
    start: Date.now() + 3 * 24 * 60 * MIN,
    minutes: 50,
    status: 'confirmed',
    fee: 1200,
  });
  const pay = paymentId();
  await srv.db.query(`UPDATE payment_transactions SET gateway = 'gateway', gateway_payment_id = $2 WHERE booking_id = $1`, [s.id, pay]);
  const [tx] = await srv.db.query<{ uuid: string }>(`SELECT uuid::text FROM payment_transactions WHERE booking_id = $1`, [s.id]);
  gateway.refundAnswers = [502];
  const cancelled = await as(patient, `${api}/bookings/${s.uuid}/cancel`, { body: { reason: 'Feeling better' } });
  assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
  let stored = await row(tx!.uuid);
  assert.deepEqual([stored.refunds.map((f) => f.status), stored.documents], [['failed'], []], 'no credit note for a refund not made');
  await pass(3);
  await pass(4);
  stored = await row(tx!.uuid);
  assert.deepEqual(
    stored.refunds.map((f) => [f.status, f.attempts]),
    [['processed', 2]],
  );
  assert.deepEqual(stored.documents.sort(), ['credit_note', 'invoice'], 'its credit note, naming its invoice');
  assert.deepEqual(keys(pay), [`refund:${tx!.uuid}`, `refund:${tx!.uuid}`]);
});

test('a burst of concurrent retry passes (two api processes and more): exactly one gateway ask per due refund', async () => {
  const due = [await refusedWith([503]), await refusedWith([0]), await refusedWith([503])];
  gateway.refundDelayMs = 150;
  try {
    await Promise.all(Array.from({ length: 12 }, () => pass(3)));
  } finally {
    gateway.refundDelayMs = 0;
  }
  for (const x of due) {
    assert.equal(gateway.refunds(x.pay).length, 2, 'the first ask and one retry');
    assert.deepEqual(
      (await row(x.tx.transaction_id)).refunds.map((f) => [f.status, f.attempts]),
      [['processed', 2]],
    );
  }
});

test('a cancelled paid session left without its refund (cancelled, then the process died before reserving it) is refunded by a pass, with its credit note, once; one that has started is not', async () => {
  // Written directly at times no other test uses (the online providers are one per test, and all taken).
  const [provider] = await srv.db.query<{ id: number }>(`SELECT id FROM providers ORDER BY id DESC LIMIT 1`);
  const paidSession = async (start: number) => {
    const s = await insertLiveSession(srv.db, {
      userId: userId(patient),
      providerId: provider!.id,
      start,
      minutes: 50,
      status: 'confirmed',
      fee: 1500,
    });
    const pay = paymentId();
    await srv.db.query(`UPDATE payment_transactions SET gateway = 'gateway', gateway_payment_id = $2 WHERE booking_id = $1`, [s.id, pay]);
    const [tx] = await srv.db.query<{ uuid: string }>(`SELECT uuid::text FROM payment_transactions WHERE booking_id = $1`, [s.id]);
    // The state a cancellation in two steps left when its process died between them: cancelled, nothing reserved.
    await srv.db.query(`UPDATE bookings SET status = 'cancelled', cancel_reason = 'Feeling better' WHERE id = $1`, [s.id]);
    return { pay, tx: tx!.uuid };
  };
  const owed = await paidSession(Date.now() + 3 * 24 * 60 * MIN + 7 * MIN);
  const started = await paidSession(Date.now() - 13 * MIN);
  await pass(0);
  const stored = await row(owed.tx);
  assert.deepEqual(
    stored.refunds.map((f) => [f.status, f.amount, f.idempotency_key]),
    [['processed', 1500, `refund:${owed.tx}`]],
  );
  assert.deepEqual(stored.documents.sort(), ['credit_note', 'invoice']);
  assert.ok(
    logged.some((l) => l.level === 'warn' && /had no refund/.test(l.msg)),
    'logged',
  );
  await pass(0);
  await pass(10);
  assert.equal(gateway.refunds(owed.pay).length, 1, 'asked once, however many passes');
  assert.deepEqual((await row(started.tx)).refunds, [], 'a session cancelled after its start is owed nothing');
  assert.equal(gateway.refunds(started.pay).length, 0);
});
