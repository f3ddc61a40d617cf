// Invoices and credit notes: PDFs for paid and refunded sessions, numbered per series and
// stored; only the owner gets them; nothing to invoice for unpaid, free and package sessions; limited.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { as, serverPerFile, call, signIn, waitForOutbox, type Session, signUpWithCode, type TestServer } from './helpers.js';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts.js';
import { pdfText } from './pdf-text.js';
import { invoiceNumber, invoiceSeries } from '../src/payments/invoices.js';
import { DEMO_SELLER, sellerFromEnv } from '../src/config/billing.js';

let srv: TestServer;
let api: string;
let patient: Session;
let stranger: Session;
let acme: Session;
const server = serverPerFile();
before(async () => {
  srv = await server();
  api = srv.api;
  patient = await signIn(api, 'patient@haven.test');
  stranger = await signIn(api, 'intl@haven.test');
  acme = await signIn(api, 'employee@acme.test');
});

interface Payment {
  booking_uuid: string;
  booking_status: string;
  amount: number;
  currency: string;
  invoice_number: string | null;
  credit_note_number: string | null;
  refund: { status: string; amount: number } | null;
  provider: { lastname: string };
}

/** The PDF as bytes, with the rotated credentials adopted as the web client does. */
async function pdf(who: Session, uuid: string, kind: 'invoice' | 'credit_note') {
  const r = await fetch(`${api}/customers/bookings/${uuid}/${kind}`, { headers: who.headers });
  if (r.headers.get('access-token'))
    who.headers = { 'access-token': r.headers.get('access-token')!, client: r.headers.get('client')!, uid: r.headers.get('uid')! };
  const bytes = Buffer.from(await r.arrayBuffer());
  return {
    status: r.status,
    headers: r.headers,
    bytes,
    text: r.status === 200 ? pdfText(bytes).join('\n') : '',
    json: r.status === 200 ? null : JSON.parse(bytes.toString()),
  };
}
const payments = async (who: Session) => (await as<{ data: Payment[] }>(who, `${api}/customers/payments`)).body.data;
const byName = async (name: string) =>
  (await call<{ data: { uuid: string; firstname: string }[] }>(`${api}/providers?per_page=50`)).body.data.find(
    (p) => p.firstname === name,
  )!;
async function pendingWith(who: Session, name: string, day: number, nth = 2) {
  const p = await byName(name);
  const dates = await call(`${api}/providers/${p.uuid}/schedule_dates`);
  const slots = await call(`${api}/providers/${p.uuid}/slots?date=${dates.body.data.dates[day].date}`);
  const r = await as(who, `${api}/bookings`, {
    body: { provider_uuid: p.uuid, start_time: slots.body.data.slots[nth].start_time, mode: 'online' },
  });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  return r.body.data.uuid as string;
}

describe('numbers', () => {
  test('series follow the Indian financial year (1 April, Asia/Kolkata); numbers are zero-padded', () => {
    const rows: [string, 'invoice' | 'credit_note', string][] = [
      ['2026-03-31T18:29:00Z', 'invoice', 'INV-2025'], // 23:59 on 31 March in India
      ['2026-03-31T18:30:00Z', 'invoice', 'INV-2026'], // midnight, 1 April
      ['2027-01-15T10:00:00Z', 'credit_note', 'CN-2026'],
    ];
    for (const [at, kind, series] of rows) assert.equal(invoiceSeries(kind, Date.parse(at)), series, at);
    assert.equal(invoiceNumber('INV-2026', 42), 'INV-2026-000042');
  });
  test('the seller: the demo one off production; in production none until the legal name and address are set', () => {
    assert.deepEqual(sellerFromEnv({}, false), DEMO_SELLER);
    assert.equal(sellerFromEnv({}, true), null);
    assert.deepEqual(
      sellerFromEnv({ HAVEN_LEGAL_NAME: 'Haven Ltd', HAVEN_LEGAL_ADDRESS: '1 Road', HAVEN_TAX_ID: '29ABCDE1234F1Z5' }, true),
      { legalName: 'Haven Ltd', address: '1 Road', taxId: '29ABCDE1234F1Z5', email: null },
    );
  });
});

describe('the demo patient', () => {
  test('a paid past session has its invoice; a refunded cancelled one its credit note naming the invoice', async () => {
    const list = await payments(patient);
    const paid = list.find((p) => p.provider.lastname === 'Rao')!;
    const refunded = list.find((p) => p.provider.lastname === 'Mehta')!;
    assert.deepEqual(
      [paid.booking_status, paid.amount, paid.currency, paid.refund, paid.credit_note_number],
      ['completed', 1500, 'INR', null, null],
    );
    assert.match(paid.invoice_number!, /^INV-\d{4}-\d{6}$/);
    assert.deepEqual([refunded.booking_status, refunded.refund], ['cancelled', { amount: 900, currency: 'INR', status: 'processed' }]);
    assert.match(refunded.credit_note_number!, /^CN-\d{4}-\d{6}$/);

    const inv = await pdf(patient, paid.booking_uuid, 'invoice');
    assert.equal(inv.status, 200);
    assert.equal(inv.headers.get('content-type'), 'application/pdf');
    assert.equal(inv.headers.get('content-disposition'), `attachment; filename="${paid.invoice_number}.pdf"`);
    assert.equal(inv.headers.get('cache-control'), 'no-store');
    assert.equal(inv.bytes.subarray(0, 5).toString(), '%PDF-');
    for (const s of [
      'Invoice',
      `Number: ${paid.invoice_number}`,
      'Priya Sharma',
      'patient@haven.test',
      '+919876543210',
      'Ananya Rao',
      'Total paid: ₹1,500',
      DEMO_SELLER.legalName,
      DEMO_SELLER.address,
    ]) {
      assert.ok(inv.text.includes(s), `${s} in:\n${inv.text}`);
    }
    assert.match(
      inv.text,
      /Online therapy session with Ananya Rao, 50 min, \d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} [AP]M \(Asia\/Kolkata\)/,
    );
    assert.match(inv.text, /payment reference [0-9a-f-]{36}/);

    const cn = await pdf(patient, refunded.booking_uuid, 'credit_note');
    assert.equal(cn.status, 200);
    for (const s of [
      'Credit note',
      `Number: ${refunded.credit_note_number}`,
      `Against invoice: ${refunded.invoice_number}`,
      'Total refunded: ₹900',
      'Rahul Mehta',
    ]) {
      assert.ok(cn.text.includes(s), `${s} in:\n${cn.text}`);
    }
    // Stored, not made anew: the same number every time.
    assert.ok((await pdf(patient, paid.booking_uuid, 'invoice')).text.includes(`Number: ${paid.invoice_number}`));
    const nocn = await pdf(patient, paid.booking_uuid, 'credit_note');
    assert.deepEqual([nocn.status, nocn.json.code], [409, 'no_credit_note']);
  });

  test('a second user gets 404 for both documents, and the list is only their own', async () => {
    const mine = await payments(patient);
    for (const p of mine) {
      for (const kind of ['invoice', 'credit_note'] as const)
        assert.equal((await pdf(stranger, p.booking_uuid, kind)).status, 404, `${kind} ${p.booking_uuid}`);
    }
    const theirs = await payments(stranger);
    assert.ok(!theirs.some((p) => mine.some((m) => m.booking_uuid === p.booking_uuid)));
  });
});

describe('a payment, then a cancellation', () => {
  test('paying issues the next invoice number; cancelling before the start refunds and issues the next credit note', async () => {
    const before = await payments(patient);
    const seq = (n: string | null) => Number(n!.slice(-6));
    const lastInvoice = Math.max(...before.map((p) => seq(p.invoice_number)));
    const lastCredit = Math.max(...before.filter((p) => p.credit_note_number).map((p) => seq(p.credit_note_number)));
    const uuid = await pendingWith(patient, 'Rahul', 8);
    const unpaid = await pdf(patient, uuid, 'invoice');
    assert.deepEqual([unpaid.status, unpaid.json.code, unpaid.json.reason], [409, 'nothing_to_invoice', 'unpaid']);
    const t = await as(patient, `${api}/payments/temporary_transaction`, { body: { booking_uuid: uuid } });
    assert.equal(
      (await as(patient, `${api}/payments/${t.body.data.transaction_id}/simulate`, { body: { outcome: 'success' } })).status,
      200,
    );
    const paid = (await payments(patient)).find((p) => p.booking_uuid === uuid)!;
    assert.equal(seq(paid.invoice_number), lastInvoice + 1);
    // The receipt went to the account's e-mail once, naming the invoice and the amount.
    const receipts = (await waitForOutbox(api, 'patient@haven.test', 'email')).body.data.filter((m: { subject: string }) =>
      m.subject.includes(paid.invoice_number!),
    );
    assert.equal(receipts.length, 1, JSON.stringify(receipts));
    assert.equal(receipts[0].subject, `Your Haven receipt ${paid.invoice_number}`);
    assert.match(receipts[0].body, /^We received ₹900 for your session with Rahul /);
    const inv = await pdf(patient, uuid, 'invoice');
    assert.ok(
      inv.text.includes(`Number: ${paid.invoice_number}`) && inv.text.includes('Total paid: ₹900'),
      `${inv.status} ${inv.bytes.length} B: ${inv.text}`,
    );
    assert.equal((await as(patient, `${api}/bookings/${uuid}/cancel`, { body: { reason: 'I am feeling better' } })).status, 200);
    const refunded = (await payments(patient)).find((p) => p.booking_uuid === uuid)!;
    assert.deepEqual(
      [refunded.booking_status, refunded.refund, seq(refunded.credit_note_number)],
      ['cancelled', { amount: 900, currency: 'INR', status: 'processed' }, lastCredit + 1],
    );
    const cn = await pdf(patient, uuid, 'credit_note');
    assert.ok(cn.text.includes(`Against invoice: ${paid.invoice_number}`) && cn.text.includes('Total refunded: ₹900'), cn.text);
  });

  test('free and package sessions have nothing to invoice', async () => {
    const free = await pendingWith(stranger, 'Zoya', 9);
    assert.equal((await as(stranger, `${api}/bookings/${free}/confirm`, { method: 'POST' })).status, 200);
    const f = await pdf(stranger, free, 'invoice');
    assert.deepEqual([f.status, f.json.code, f.json.reason], [409, 'nothing_to_invoice', 'free']);
    const covered = await pendingWith(acme, 'Ananya', 10);
    assert.equal((await as(acme, `${api}/bookings/${covered}/package`, { method: 'POST' })).status, 200);
    const c = await pdf(acme, covered, 'invoice');
    assert.deepEqual([c.status, c.json.code, c.json.reason], [409, 'nothing_to_invoice', 'sponsored']);
    assert.deepEqual(await payments(acme), []);
  });
});

describe('closing the account', () => {
  test('its paid sessions still to come are refunded, each with a credit note', async () => {
    const email = `invoice-${process.pid}@haven.test`;
    assert.equal(
      (
        await signUpWithCode(api, {
          email,
          password: DEMO_PASSWORD,
          password_confirmation: DEMO_PASSWORD,
          first_name: 'Closing',
          last_name: 'Patient',
        })
      ).status,
      200,
    );
    const me = await signIn(api, email);
    const uuid = await pendingWith(me, 'Rahul', 11);
    const t = await as(me, `${api}/payments/temporary_transaction`, { body: { booking_uuid: uuid } });
    assert.equal((await as(me, `${api}/payments/${t.body.data.transaction_id}/simulate`, { body: { outcome: 'success' } })).status, 200);
    assert.equal((await as(me, `${api}/customers/permanent_account_disable/code`, { method: 'POST' })).status, 200);
    const code = (await waitForOutbox(api, email, 'email')).body.data[0].code as string;
    assert.equal((await as(me, `${api}/customers/permanent_account_disable`, { body: { confirm: 'CLOSE', code } })).status, 200);
    const rows = await srv.db.query<{ kind: string; amount: number; refund_status: string | null }>(
      `SELECT i.kind, i.amount, r.status AS refund_status FROM invoices i JOIN bookings b ON b.id = i.booking_id LEFT JOIN payment_refunds r ON r.id = i.refund_id
        WHERE b.uuid::text = $1 ORDER BY i.id`,
      [uuid],
    );
    assert.deepEqual(rows, [
      { kind: 'invoice', amount: 900, refund_status: null },
      { kind: 'credit_note', amount: 900, refund_status: 'processed' },
    ]);
  });
});

describe('limits', () => {
  test('making documents is limited per account: 429, Retry-After, rate_limited', async () => {
    const someone = await signIn(api, 'employee@globex.test');
    const missing = '00000000-0000-4000-8000-000000000000';
    for (let i = 0; i < 30; i += 1) assert.equal((await pdf(someone, missing, 'invoice')).status, 404);
    const r = await pdf(someone, missing, 'invoice');
    assert.equal(r.status, 429);
    assert.equal(r.json.code, 'rate_limited');
    assert.ok(Number(r.headers.get('retry-after')) > 0);
  });
});
