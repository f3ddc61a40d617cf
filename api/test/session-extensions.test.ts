// Session extensions: a patient extends an online session that is on by 15 minutes, at most twice,
// priced pro-rata of what the session cost; the payment is a temporary transaction of its own (settled
// like a booking's), the end moves only once it is paid, and its invoice is its own (series EXT) while
// the session's invoice stays the session's. Refusals change nothing; only the owner sees any of it; a
// burst of requests holds at most the cap (run on PostgreSQL by scripts/test-postgres.sh).
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { as, serverPerFile, call, signIn, type Session, type TestServer } from './helpers.js';
import { pdfText } from './pdf-text.js';

let srv: TestServer;
let api: string;
let patient: Session;
let stranger: Session;
/** Online providers, one per test: sessions of one provider would overlap each other's added time. */
let providers: string[] = [];
/** How far the api's clock runs ahead of the real one (a test moves it, then puts it back). */
let ahead = 0;
const server = serverPerFile({ clock: () => Date.now() + ahead });
before(async () => {
  srv = await server();
  api = srv.api;
  patient = await signIn(api, 'patient@haven.test');
  stranger = await signIn(api, 'intl@haven.test');
  const list = await call<{ data: { uuid: string }[] }>(`${api}/providers?per_page=50`);
  providers = list.body.data.map((p) => p.uuid);
});

async function liveSession(o: { fee?: number; minutes?: number; starts_in_minutes?: number; email?: string; status?: string } = {}) {
  for (;;) {
    const provider_uuid = providers.shift();
    assert.ok(provider_uuid, 'ran out of online providers');
    const r = await call(`${api}/dev/session_room`, {
      body: { email: o.email ?? 'patient@haven.test', minutes: 50, ...o, provider_uuid },
    });
    if (r.status === 404) continue; // no online offering
    assert.equal(r.status, 201, JSON.stringify(r.body));
    return { ...(r.body.data as { uuid: string; end_time: string }), provider_uuid };
  }
}
const quote = async (uuid: string, who = patient) => as(who, `${api}/customers/bookings/${uuid}/extension`);
const extend = async (uuid: string, who = patient) => as(who, `${api}/customers/bookings/${uuid}/extensions`, { body: {} });
const endOf = async (uuid: string) => (await as(patient, `${api}/session_room/${uuid}`)).body.data.end_time as string;
const plus = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();
async function document(path: string, who = patient) {
  const r = await fetch(`${api}${path}`, { headers: who.headers });
  const bytes = Buffer.from(await r.arrayBuffer());
  return {
    status: r.status,
    text: r.status === 200 ? pdfText(bytes).join('\n') : '',
    body: r.status === 200 ? null : JSON.parse(bytes.toString()),
  };
}

test('a paid session: the price is pro-rata of what was paid, the end moves only once the extension is paid, and each invoice is its own', async () => {
  const s = await liveSession({ fee: 1000 });
  const q = await quote(s.uuid);
  assert.equal(q.status, 200, JSON.stringify(q.body));
  assert.deepEqual(q.body.data, { minutes: 15, amount: 300, currency: 'INR', used: 0, cap: 2, refusal: null });

  const asked = await extend(s.uuid);
  assert.equal(asked.status, 201, JSON.stringify(asked.body));
  const { extension, transaction } = asked.body.data;
  assert.deepEqual([extension.status, extension.amount, transaction.amount, transaction.status], ['pending', 300, 300, 'created']);
  assert.equal(await endOf(s.uuid), s.end_time, 'not paid yet: the end stays');
  // Asking again answers the same open extension and checkout.
  const again = await extend(s.uuid);
  assert.deepEqual(
    [again.body.data.extension.uuid, again.body.data.transaction.transaction_id],
    [extension.uuid, transaction.transaction_id],
  );
  assert.equal(
    (await document(`/customers/session_extensions/${extension.uuid}/invoice`)).body.reason,
    'unpaid',
    'no invoice before the payment',
  );

  const paid = await as(patient, `${api}/payments/${transaction.transaction_id}/simulate`, { body: { outcome: 'success' } });
  assert.equal(paid.status, 200, JSON.stringify(paid.body));
  assert.equal(paid.body.data.booking.end_time, plus(s.end_time, 15));
  assert.equal(await endOf(s.uuid), plus(s.end_time, 15), "the room's end moved");

  // The session's invoice is first asked for after the extension was paid: still the session's payment.
  const session = await document(`/customers/bookings/${s.uuid}/invoice`);
  assert.equal(session.status, 200, JSON.stringify(session.body));
  assert.match(session.text, /Number: INV-\d{4}-\d{6}/);
  assert.ok(session.text.includes('Total paid: ₹1,000'), session.text);
  const ext = await document(`/customers/session_extensions/${extension.uuid}/invoice`);
  assert.equal(ext.status, 200, JSON.stringify(ext.body));
  assert.match(ext.text, /Number: EXT-\d{4}-\d{6}/);
  assert.ok(ext.text.includes('Total paid: ₹300') && ext.text.includes('15 more minutes'), ext.text);
  // Asked again, each is the same document.
  assert.equal((await document(`/customers/bookings/${s.uuid}/invoice`)).text, session.text);

  const list = (await as(patient, `${api}/customers/payments`)).body.data as {
    booking_uuid: string;
    amount: number;
    invoice_number: string | null;
    extension: { uuid: string; minutes: number } | null;
  }[];
  const mine = list.filter((p) => p.booking_uuid === s.uuid);
  assert.deepEqual(
    mine.map((p) => [p.amount, p.invoice_number?.slice(0, 3), p.extension]),
    [
      [300, 'EXT', { uuid: extension.uuid, minutes: 15 }],
      [1000, 'INV', null],
    ],
  );
  assert.equal((await quote(s.uuid)).body.data.used, 1);
});

test("someone else's session and extension: 404 for all of it, nothing changes", async () => {
  const s = await liveSession({ fee: 500 });
  const asked = await extend(s.uuid);
  assert.equal(asked.status, 201);
  assert.equal((await quote(s.uuid, stranger)).status, 404);
  assert.equal((await extend(s.uuid, stranger)).status, 404);
  const paid = await as(patient, `${api}/payments/${asked.body.data.transaction.transaction_id}/simulate`, {
    body: { outcome: 'success' },
  });
  assert.equal(paid.status, 200);
  assert.equal((await document(`/customers/session_extensions/${asked.body.data.extension.uuid}/invoice`, stranger)).status, 404);
  assert.equal((await document(`/customers/session_extensions/${asked.body.data.extension.uuid}/invoice`)).status, 200);
});

test('a failed payment gives the place back and the end stays', async () => {
  const s = await liveSession({ fee: 600 });
  const asked = await extend(s.uuid);
  const failed = await as(patient, `${api}/payments/${asked.body.data.transaction.transaction_id}/simulate`, {
    body: { outcome: 'failure' },
  });
  assert.equal(failed.status, 200, JSON.stringify(failed.body));
  assert.equal(failed.body.data.booking.status, 'confirmed', 'a failed extension payment never touches the session');
  assert.equal(await endOf(s.uuid), s.end_time);
  assert.equal((await quote(s.uuid)).body.data.used, 0);
});

test('the provider booked between the request and the payment: the payment is refused (409), nothing is taken and the end stays', async () => {
  const s = await liveSession({ fee: 500, minutes: 20 });
  const asked = await extend(s.uuid);
  assert.equal(asked.status, 201, JSON.stringify(asked.body));
  const next = await call(`${api}/dev/session_room`, {
    body: { email: 'intl@haven.test', minutes: 50, starts_in_minutes: 10, provider_uuid: s.provider_uuid },
  });
  assert.equal(next.status, 201, JSON.stringify(next.body));
  const tx = asked.body.data.transaction.transaction_id as string;
  const paid = await as(patient, `${api}/payments/${tx}/simulate`, { body: { outcome: 'success' } });
  assert.equal(paid.status, 409, JSON.stringify(paid.body));
  assert.equal(await endOf(s.uuid), s.end_time);
  assert.equal((await as(patient, `${api}/payments/${tx}`)).body.data.transaction.status, 'created', 'not settled: nothing taken');
  assert.equal((await document(`/customers/session_extensions/${asked.body.data.extension.uuid}/invoice`)).body.reason, 'unpaid');
});

test("an unpaid extension's place lapses after the payment hold (15 minutes): it no longer counts, and the next request releases it and its checkout", async () => {
  const s = await liveSession({ fee: 800, minutes: 50 });
  const first = await extend(s.uuid);
  assert.equal(first.status, 201, JSON.stringify(first.body));
  const firstTx = first.body.data.transaction.transaction_id as string;
  try {
    ahead = 14 * 60_000;
    assert.equal((await quote(s.uuid)).body.data.used, 1, 'within the hold: the place is held');
    ahead = 16 * 60_000;
    assert.equal((await quote(s.uuid)).body.data.used, 0, 'the hold lapsed: the place no longer counts');
    const second = await extend(s.uuid);
    assert.equal(second.status, 201, JSON.stringify(second.body));
    assert.notEqual(second.body.data.extension.uuid, first.body.data.extension.uuid, 'a new extension, not the lapsed one');
    assert.notEqual(second.body.data.transaction.transaction_id, firstTx);
    assert.equal((await as(patient, `${api}/payments/${firstTx}`)).body.data.transaction.status, 'expired', 'its checkout ended');
    const late = await as(patient, `${api}/payments/${firstTx}/simulate`, { body: { outcome: 'success' } });
    assert.equal(late.status, 409, 'the lapsed checkout cannot be paid');
    assert.equal((await quote(s.uuid)).body.data.used, 1);
    const paid = await as(patient, `${api}/payments/${second.body.data.transaction.transaction_id}/simulate`, {
      body: { outcome: 'success' },
    });
    assert.equal(paid.status, 200, JSON.stringify(paid.body));
    assert.equal(await endOf(s.uuid), plus(s.end_time, 15), 'only the paid one moved the end');
  } finally {
    ahead = 0;
  }
});

test('an extension waiting for its payment is not answered again once the session has ended', async () => {
  const s = await liveSession({ fee: 400 });
  assert.equal((await extend(s.uuid)).status, 201);
  await srv.db.query(
    `UPDATE bookings SET start_time = start_time - interval '2 hours', end_time = end_time - interval '2 hours' WHERE uuid::text = $1`,
    [s.uuid],
  );
  const again = await extend(s.uuid);
  assert.equal(`${again.status} ${again.body.code}`, '409 extension_outside_window');
});

test('refusals: ended, not yet open, cancelled, provider busy, cap reached; each a 409 with its code and nothing written', async () => {
  const code = (r: { status: number; body: { code?: string } }) => `${r.status} ${r.body.code}`;
  // Free sessions extend at once (price 0): two extensions, then the cap.
  const free = await liveSession();
  assert.equal((await quote(free.uuid)).body.data.amount, 0);
  const first = await extend(free.uuid);
  assert.equal(first.status, 201, JSON.stringify(first.body));
  assert.deepEqual([first.body.data.extension.status, first.body.data.transaction], ['applied', null]);
  assert.equal((await extend(free.uuid)).status, 201);
  assert.equal(await endOf(free.uuid), plus(free.end_time, 30));
  assert.equal(code(await extend(free.uuid)), '409 extension_cap_reached');
  assert.equal((await quote(free.uuid)).body.data.refusal.code, 'extension_cap_reached');
  assert.equal(await endOf(free.uuid), plus(free.end_time, 30));
  assert.equal((await document(`/customers/session_extensions/${first.body.data.extension.uuid}/invoice`)).body.reason, 'free');

  // A session that has ended (moved into the past here: the test's clock is the real one).
  const ended = await liveSession();
  await srv.db.query(
    `UPDATE bookings SET start_time = start_time - interval '2 hours', end_time = end_time - interval '2 hours' WHERE uuid::text = $1`,
    [ended.uuid],
  );
  assert.equal(code(await extend(ended.uuid)), '409 extension_outside_window');
  assert.equal((await quote(ended.uuid)).body.data.used, 0);

  const cancelled = await liveSession({ status: 'cancelled' });
  assert.equal(code(await extend(cancelled.uuid)), '409 extension_not_confirmed');

  const notOpen = await liveSession({ starts_in_minutes: 10 });
  assert.equal(code(await extend(notOpen.uuid)), '201 undefined', 'the room opens 10 minutes before the start: so does extending');

  // The provider has another patient's session starting 5 minutes after this one ends.
  const busy = await liveSession({ minutes: 20 });
  const next = await call(`${api}/dev/session_room`, {
    body: { email: 'intl@haven.test', minutes: 50, starts_in_minutes: 10, provider_uuid: busy.provider_uuid },
  });
  assert.equal(next.status, 201, JSON.stringify(next.body));
  // 20 minutes long from now, the next one from 10 minutes: they overlap already, and the added time certainly.
  assert.equal(code(await extend(busy.uuid)), '409 extension_provider_busy');
  assert.equal(await endOf(busy.uuid), busy.end_time);
  assert.equal((await quote(busy.uuid)).body.data.used, 0);
});

test('a burst of 50 requests for one session holds at most the cap: free ones apply exactly twice, paid ones open one checkout', async () => {
  const free = await liveSession();
  const answers = await Promise.all(Array.from({ length: 50 }, () => extend(free.uuid)));
  const counts = answers.reduce<Record<string, number>>(
    (m, r) => ({ ...m, [`${r.status} ${r.body.code ?? ''}`.trim()]: (m[`${r.status} ${r.body.code ?? ''}`.trim()] ?? 0) + 1 }),
    {},
  );
  assert.deepEqual(counts, { '201': 2, '409 extension_cap_reached': 48 });
  assert.equal(await endOf(free.uuid), plus(free.end_time, 30));

  const paid = await liveSession({ fee: 900 });
  const asked = await Promise.all(Array.from({ length: 50 }, () => extend(paid.uuid)));
  assert.deepEqual([...new Set(asked.map((r) => r.status))], [201]);
  assert.equal(new Set(asked.map((r) => r.body.data.extension.uuid)).size, 1);
  assert.equal(new Set(asked.map((r) => r.body.data.transaction.transaction_id)).size, 1);
});

test('an extension bought in the minutes before the session is refunded with it when the session is then cancelled', async () => {
  const s = await liveSession({ fee: 1000, starts_in_minutes: 8 });
  const asked = await extend(s.uuid);
  assert.equal(asked.status, 201, JSON.stringify(asked.body));
  const paid = await as(patient, `${api}/payments/${asked.body.data.transaction.transaction_id}/simulate`, {
    body: { outcome: 'success' },
  });
  assert.equal(paid.status, 200, JSON.stringify(paid.body));
  assert.equal(await endOf(s.uuid), plus(s.end_time, 15));
  const cancelled = await as(patient, `${api}/bookings/${s.uuid}/cancel`, { body: { reason: 'cannot make it' } });
  assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
  const refunds = await srv.db.query<{ extension: boolean; amount: number; status: string; credit_note: string | null }>(
    `SELECT t.extension_id IS NOT NULL AS extension, r.amount, r.status,
            (SELECT o.kind FROM invoices cn JOIN invoices o ON o.id = cn.invoice_id WHERE cn.refund_id = r.id) AS credit_note
       FROM payment_refunds r JOIN payment_transactions t ON t.id = r.transaction_id JOIN bookings b ON b.id = t.booking_id
      WHERE b.uuid::text = $1 ORDER BY t.extension_id NULLS FIRST`,
    [s.uuid],
  );
  assert.deepEqual(
    refunds.map((r) => [r.extension, r.amount, r.status, r.credit_note]),
    [
      [false, 1000, 'processed', 'invoice'],
      [true, 300, 'processed', 'extension_invoice'],
    ],
    'the session and its extension are refunded in full, each credit note naming its own invoice',
  );
});

test('an extended session is not moved (its added time would be dropped yet still count): 409 extended_session, nothing changes', async () => {
  const s = await liveSession({ fee: 1000, starts_in_minutes: 8 });
  const asked = await extend(s.uuid);
  assert.equal(asked.status, 201, JSON.stringify(asked.body));
  const paid = await as(patient, `${api}/payments/${asked.body.data.transaction.transaction_id}/simulate`, {
    body: { outcome: 'success' },
  });
  assert.equal(paid.status, 200, JSON.stringify(paid.body));
  const dates = (await call(`${api}/providers/${s.provider_uuid}/schedule_dates?timezone=Asia/Kolkata`)).body.data.dates as {
    date: string;
  }[];
  const slots = (await call(`${api}/providers/${s.provider_uuid}/slots?date=${dates[3]!.date}&timezone=Asia/Kolkata`)).body.data.slots as {
    start_time: string;
  }[];
  const moved = await as(patient, `${api}/bookings/${s.uuid}/reschedule`, { body: { start_time: slots[0]!.start_time } });
  assert.equal(moved.status, 409, JSON.stringify(moved.body));
  assert.equal(moved.body.code, 'extended_session');
  assert.equal(await endOf(s.uuid), plus(s.end_time, 15), 'the end keeps its added time');
  assert.equal((await quote(s.uuid)).body.data.used, 1);
});
