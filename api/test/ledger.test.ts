// The ledger balances whatever a patient does: random sequences of booking operations (book with or
// without a coupon, pay, fail or leave a payment, pay twice at once, confirm, use a package credit,
// reschedule, cancel, cancel twice at once, complete by the sweep, no-show by the provider), replayed
// against one real api, and after each sequence, for its booking: paid − refunded = invoices − credit
// notes, no refund larger than its payment, at most one payment and one refund of it, the price lines add
// up to the fee, a confirmed session is settled, a cancelled one owes nothing back, a package credit row
// follows its booking; for every account the package credit rows sum within the package and a first-session coupon is paid once; every status
// change recorded in the database is one of the lifecycle table's.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { as, serverPerFile, call, signIn, type Res, type Session, type TestServer } from './helpers.js';
import { TRANSITIONS } from '../src/bookings/booking-state.js';

/** Sequences replayed (the property's runs); LEDGER_RUNS lowers it while working on this file. */
const RUNS = Number(process.env.LEDGER_RUNS ?? 1000);

let srv: TestServer;
let api: string;
let shiftMs = 0;
const patients: { name: string; s: Session }[] = [];
/** The provider log-ins that may mark a no-show, by provider uuid. */
const providerLogins = new Map<string, Session>();
const providers: { uuid: string; name: string }[] = [];
/** Free starts per provider, taken in turn (a taken one is skipped; freed ones come round again). */
const pool = new Map<string, { starts: string[]; next: number }>();
const statuses: number[] = [];

const server = serverPerFile({ clock: () => Date.now() + shiftMs });
before(async () => {
  srv = await server();
  api = srv.api;
  // Every status change of a booking, as the database saw it (the sweep's included).
  await srv.db.exec(`
    CREATE TABLE ledger_test_moves (booking_id integer, from_status text, to_status text);
    CREATE FUNCTION ledger_test_move() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO ledger_test_moves VALUES (NEW.id, OLD.status, NEW.status); RETURN NEW; END $$;
    CREATE TRIGGER ledger_test_move AFTER UPDATE OF status ON bookings FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION ledger_test_move();`);
  const acme = await signIn(api, 'employee@acme.test');
  // A profile of the employee: it shares the employee's package credits and first session.
  const kid = await as(acme, `${api}/customers/profiles`, { body: { first_name: 'Ledger', kind: 'profile' } });
  assert.equal(kid.status, 200, JSON.stringify(kid.body));
  const token = (await as(acme, `${api}/customers/profiles/${kid.body.data.uuid}/session`, { method: 'POST' })).headers.get(
    'secondary-profile-access-token',
  )!;
  // The profile acts with the parent's (rotating) credentials plus its profile token.
  const profile: Session = {
    user: kid.body.data,
    get headers() {
      return { ...acme.headers, 'secondary-profile-access-token': token };
    },
    set headers(h: Record<string, string>) {
      acme.headers = h;
    },
  };
  patients.push(
    { name: 'patient', s: await signIn(api, 'patient@haven.test') },
    { name: 'intl', s: await signIn(api, 'intl@haven.test') },
    { name: 'new', s: await signIn(api, 'newpatient@haven.test') },
    { name: 'acme', s: acme },
    { name: 'acme profile', s: profile },
  );
  const list = (await call(`${api}/providers?per_page=50`)).body.data as { uuid: string; firstname: string }[];
  for (const name of ['Rahul', 'Arjun', 'Zoya', 'Ananya']) {
    const p = list.find((x) => x.firstname === name)!;
    providers.push({ uuid: p.uuid, name });
    const starts: string[] = [];
    const dates = (await call(`${api}/providers/${p.uuid}/schedule_dates?timezone=Asia/Kolkata`)).body.data.dates as { date: string }[];
    for (const d of dates.slice(0, 10))
      starts.push(
        ...(
          (await call(`${api}/providers/${p.uuid}/slots?date=${d.date}&timezone=Asia/Kolkata`)).body.data.slots as { start_time: string }[]
        ).map((s) => s.start_time),
      );
    pool.set(p.uuid, { starts, next: 0 });
  }
  await srv.db.query(`UPDATE providers SET user_id = (SELECT id FROM users WHERE email = 'clinician@haven.test') WHERE uuid::text = $1`, [
    providers[0]!.uuid,
  ]);
  await srv.db.query(`UPDATE providers SET user_id = (SELECT id FROM users WHERE email = 'cfclinician@haven.test') WHERE uuid::text = $1`, [
    providers[1]!.uuid,
  ]);
  providerLogins.set(providers[0]!.uuid, await signIn(api, 'clinician@haven.test'));
  providerLogins.set(providers[1]!.uuid, await signIn(api, 'cfclinician@haven.test'));
});

/** Every answer is a success or a clean refusal, never a server error. */
const sent = async <T>(r: Promise<Res<T>>): Promise<Res<T>> => {
  const res = await r;
  statuses.push(res.status);
  assert.ok(res.status < 500, `server error ${res.status}: ${JSON.stringify(res.body)}`);
  return res;
};

/** Tries the provider's next free starts until one is taken by `attempt` (201/200), or gives up. */
interface BookingAnswer {
  data: { uuid: string; start_time: string; end_time: string };
  code?: string;
  message?: string;
}
async function inNextSlot(provider: string, attempt: (start: string) => Promise<Res<BookingAnswer>>): Promise<Res<BookingAnswer> | null> {
  const p = pool.get(provider)!;
  for (let i = 0; i < 6; i++) {
    const start = p.starts[p.next++ % p.starts.length]!;
    const r = await sent(attempt(start));
    if (r.status !== 409 || r.body?.code === 'price_changed' || !/slot/.test(String(r.body?.message))) return r;
  }
  return null;
}

type Coupon = 'FLAT300' | 'WELCOME20' | null;
type Op =
  | { op: 'pay'; coupon: Coupon; outcome: 'success' | 'failure' | 'abandon' }
  | { op: 'open'; coupon: Coupon }
  | { op: 'payTwice' }
  | { op: 'confirm' }
  | { op: 'package' }
  | { op: 'reschedule' }
  | { op: 'cancel' }
  | { op: 'cancelTwice' }
  | { op: 'complete' }
  | { op: 'noShow' };

const coupon = fc.constantFrom<Coupon>(null, null, 'FLAT300', 'WELCOME20');
const payArb = fc.record({
  op: fc.constant('pay' as const),
  coupon,
  outcome: fc.constantFrom('success' as const, 'success' as const, 'failure' as const, 'abandon' as const),
});
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 2, arbitrary: payArb },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('open' as const), coupon }) },
  ...(['payTwice', 'confirm', 'package', 'reschedule', 'cancel', 'cancelTwice', 'complete', 'noShow'] as const).map((op) => ({
    weight: op === 'package' || op === 'cancel' ? 2 : 1,
    arbitrary: fc.constant({ op } as Op),
  })),
);

async function pay(s: Session, uuid: string, c: Coupon, outcome: 'success' | 'failure' | 'abandon' | null): Promise<void> {
  const t = await sent(as(s, `${api}/payments/temporary_transaction`, { body: { booking_uuid: uuid, ...(c ? { coupon_code: c } : {}) } }));
  if (t.status !== 201 || !outcome || t.body.data.status !== 'created') return;
  await sent(as(s, `${api}/payments/${t.body.data.transaction_id}/simulate`, { body: { outcome } }));
}

/** Moves the api's clock to `at` for one call, then back. */
async function at<T>(when: number, run: () => Promise<T>): Promise<T> {
  shiftMs = when - Date.now();
  try {
    return await run();
  } finally {
    shiftMs = 0;
  }
}

/** The booking under test: its times as the api last answered them. */
interface Booked {
  uuid: string;
  start_time: string;
  end_time: string;
}

async function apply(s: Session, provider: string, bk: Booked, o: Op): Promise<void> {
  const uuid = bk.uuid;
  switch (o.op) {
    case 'pay':
      return pay(s, uuid, o.coupon, o.outcome);
    case 'open':
      return pay(s, uuid, o.coupon, null);
    case 'payTwice': {
      const ts = await Promise.all(
        [0, 1].map(() => sent(as(s, `${api}/payments/temporary_transaction`, { body: { booking_uuid: uuid } }))),
      );
      await Promise.all(
        ts
          .filter((t) => t.status === 201)
          .map((t) => sent(as(s, `${api}/payments/${t.body.data.transaction_id}/simulate`, { body: { outcome: 'success' } }))),
      );
      return;
    }
    case 'confirm':
      await sent(as(s, `${api}/bookings/${uuid}/confirm`, { method: 'POST' }));
      return;
    case 'package':
      await sent(as(s, `${api}/bookings/${uuid}/package`, { method: 'POST' }));
      return;
    case 'reschedule': {
      const r = await inNextSlot(provider, (start) => as(s, `${api}/bookings/${uuid}/reschedule`, { body: { start_time: start } }));
      if (r?.status === 200) Object.assign(bk, { start_time: r.body.data.start_time, end_time: r.body.data.end_time });
      return;
    }
    case 'cancel':
      await sent(as(s, `${api}/bookings/${uuid}/cancel`, { body: { reason: 'ledger' } }));
      return;
    case 'cancelTwice':
      await Promise.all([0, 1].map(() => sent(as(s, `${api}/bookings/${uuid}/cancel`, { body: { reason: 'ledger' } }))));
      return;
    // The sweep completes it at its end (any request runs the sweep).
    case 'complete':
      await at(new Date(bk.end_time).getTime() + 1000, () => sent(as(s, `${api}/bookings/${uuid}`)));
      return;
    case 'noShow': {
      const by = providerLogins.get(provider) ?? s;
      await at(new Date(bk.start_time).getTime() + 60_000, () => sent(as(by, `${api}/bookings/${uuid}/no_show`, { method: 'POST' })));
      return;
    }
  }
}

interface Sums {
  id: number;
  status: string;
  fee: number;
  list_price: number;
  lines: number | null;
  paid: number;
  payments: number;
  refunded: number;
  refunds: number;
  invoiced: number;
  credited: number;
  over_refunds: number;
  max_refunds_per_payment: number;
  package: boolean;
  credits: number;
}

/** The ledger of one booking, from the rows the api wrote. */
async function sums(uuid: string): Promise<Sums> {
  const [r] = await srv.db.query<Sums>(
    `
    SELECT b.id, b.status, b.fee, COALESCE(b.list_price, b.fee) AS list_price,
      (SELECT sum((l->>'amount')::int)::int FROM jsonb_array_elements(b.price_lines->'price'->'lines') l) AS lines,
      (SELECT COALESCE(sum(t.amount), 0)::int FROM payment_transactions t WHERE t.booking_id = b.id AND t.status = 'paid') AS paid,
      (SELECT count(*)::int FROM payment_transactions t WHERE t.booking_id = b.id AND t.status = 'paid' AND t.amount > 0) AS payments,
      (SELECT COALESCE(sum(r.amount), 0)::int FROM payment_refunds r JOIN payment_transactions t ON t.id = r.transaction_id WHERE t.booking_id = b.id AND r.status = 'processed') AS refunded,
      (SELECT count(*)::int FROM payment_refunds r JOIN payment_transactions t ON t.id = r.transaction_id WHERE t.booking_id = b.id) AS refunds,
      (SELECT COALESCE(sum(i.amount), 0)::int FROM invoices i WHERE i.booking_id = b.id AND i.kind = 'invoice') AS invoiced,
      (SELECT COALESCE(sum(i.amount), 0)::int FROM invoices i WHERE i.booking_id = b.id AND i.kind = 'credit_note') AS credited,
      (SELECT count(*)::int FROM payment_refunds r JOIN payment_transactions t ON t.id = r.transaction_id WHERE t.booking_id = b.id AND r.amount > t.amount) AS over_refunds,
      (SELECT COALESCE(max(n), 0)::int FROM (SELECT count(*) AS n FROM payment_refunds r JOIN payment_transactions t ON t.id = r.transaction_id WHERE t.booking_id = b.id GROUP BY r.transaction_id) x) AS max_refunds_per_payment,
      b.org_package_id IS NOT NULL AS package,
      (SELECT COALESCE(sum(c.credits), 0)::int FROM package_credit_uses c WHERE c.booking_id = b.id) AS credits
    FROM bookings b WHERE b.uuid::text = $1`,
    [uuid],
  );
  return r!;
}

function checkBooking(l: Sums): void {
  const at = JSON.stringify(l);
  assert.equal(l.paid - l.refunded, l.invoiced - l.credited, `paid − refunded = invoices − credit notes: ${at}`);
  assert.equal(l.over_refunds, 0, `no refund larger than its payment: ${at}`);
  assert.ok(l.max_refunds_per_payment <= 1, `at most one refund per payment: ${at}`);
  assert.ok(l.payments <= 1, `one payment per booking: ${at}`);
  assert.ok(l.refunded <= l.paid, `refunded at most what was paid: ${at}`);
  assert.ok(l.fee >= 0 && l.fee <= l.list_price, `0 ≤ fee ≤ list price: ${at}`);
  if (l.lines !== null) assert.equal(l.lines, l.fee, `the price lines add up to the fee: ${at}`);
  if (['confirmed', 'completed', 'no_show'].includes(l.status)) {
    assert.equal(l.paid, l.fee, `a held session was paid its price (or cost nothing): ${at}`);
    assert.equal(l.refunded, 0, `a held session is not refunded: ${at}`);
  }
  if (l.status === 'cancelled' || l.status === 'expired') assert.equal(l.paid - l.refunded, 0, `a cancelled session keeps nothing: ${at}`);
  // A package credit: spent by a held session it confirmed, given back by a cancelled one.
  assert.equal(
    l.credits,
    l.package && ['confirmed', 'completed', 'no_show'].includes(l.status) ? 1 : 0,
    `the credit rows follow the booking: ${at}`,
  );
  if (l.package) assert.equal(l.paid, 0, `a package session is not paid for: ${at}`);
}

/** Per account: package credits spent within the package; a first-session coupon paid for once. */
async function checkAccounts(): Promise<void> {
  // The rows summed per account, against the package and against the sessions they confirmed.
  const over = await srv.db.query(`
    SELECT c.account_id, sum(c.credits)::int AS spent, max(op.sessions_per_employee) AS credits,
           (SELECT count(*)::int FROM bookings b JOIN users u ON u.id = b.user_id
             WHERE COALESCE(u.parent_user_id, u.id) = c.account_id AND b.org_package_id IS NOT NULL AND b.status IN ('confirmed', 'completed', 'no_show')) AS held
      FROM package_credit_uses c JOIN org_packages op ON op.id = c.org_package_id GROUP BY c.account_id`);
  for (const a of over as { spent: number; credits: number; held: number }[])
    assert.ok(a.spent <= a.credits && a.spent === a.held, `package credits: ${JSON.stringify(a)}`);
  assert.ok(over.length > 0, 'no package credit was spent');
  const twice = await srv.db.query(`
    SELECT r.account_id, count(*)::int AS n FROM coupon_redemptions r JOIN coupons c ON c.code = r.code
     WHERE c.first_session_only AND EXISTS (SELECT 1 FROM payment_transactions t WHERE t.booking_id = r.booking_id AND t.status = 'paid' AND t.amount > 0)
     GROUP BY r.account_id HAVING count(*) > 1`);
  assert.deepEqual(twice, [], 'a first-session coupon paid for twice on one account');
}

test(`the ledger balances over ${RUNS} random operation sequences`, { timeout: 180_000 }, async () => {
  const started = Date.now();
  let booked = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.nat(patients.length - 1),
      fc.nat(providers.length - 1), // Most sequences start by paying (else few are paid, refunded or held); then up to two more.
      fc
        .tuple(
          fc.oneof({ weight: 3, arbitrary: payArb as fc.Arbitrary<Op> }, { weight: 1, arbitrary: opArb }),
          fc.array(opArb, { maxLength: 2 }),
        )
        .map(([first, rest]) => [first, ...rest]),
      async (who, prov, ops) => {
        const { s } = patients[who]!;
        const provider = providers[prov]!.uuid;
        const made = await inNextSlot(provider, (start) =>
          as(s, `${api}/bookings`, { body: { provider_uuid: provider, start_time: start, mode: 'online' } }),
        );
        if (made?.status !== 201) return; // the provider is not open to this patient (a plan, the hold limit): nothing booked
        booked++;
        const bk: Booked = { uuid: made.body.data.uuid, start_time: made.body.data.start_time, end_time: made.body.data.end_time };
        for (const o of ops) await apply(s, provider, bk, o);
        checkBooking(await sums(bk.uuid));
      },
    ),
    { numRuns: RUNS, endOnFailure: true },
  );
  await checkAccounts();
  // Every status change the database saw is one of the table's (a reschedule keeps its status).
  const allowed = new Set(Object.values(TRANSITIONS).flatMap((t) => t.from.map((f) => `${f}→${t.to}`)));
  const moves = await srv.db.query<{ from_status: string; to_status: string; n: number }>(
    `SELECT from_status, to_status, count(*)::int AS n FROM ledger_test_moves GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  for (const m of moves)
    assert.ok(allowed.has(`${m.from_status}→${m.to_status}`), `a status change outside the lifecycle: ${m.from_status} → ${m.to_status}`);
  const [{ refunds }] = (await srv.db.query<{ refunds: number }>(`SELECT count(*)::int AS refunds FROM payment_refunds`)) as [
    { refunds: number },
  ];
  console.log(
    `ledger: ${booked} bookings, ${statuses.length} requests, ${refunds} refunds, moves ${JSON.stringify(moves)} in ${Date.now() - started} ms`,
  );
  // The mix reached every outcome (else the property says little).
  const reached = new Set(moves.map((m) => m.to_status));
  for (const s of ['confirmed', 'cancelled', 'completed', 'no_show', 'expired'])
    assert.ok(reached.has(s), `no booking became ${s}: ${JSON.stringify(moves)}`);
  assert.ok(booked > RUNS / 2 && refunds > 0, `${booked} booked, ${refunds} refunds`);
});
