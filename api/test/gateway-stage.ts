// The production stage against a stand-in payment gateway (test/fake-gateway.ts), for the suites that
// pay through it: the api booted with the gateway's keys (and its webhook secret), the demo world seeded,
// two patients signed in, the online providers, a clock a test may move, and what a transaction became
// (status, refunds, invoices, receipts). Started in a suite's `before`, closed in its `after`.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import path from 'node:path';
import { tmpdir } from 'node:os';
import { as, boot, call, signIn, type Session } from './helpers.js';
import { startFakeGateway, type FakeGateway } from './fake-gateway.js';
import { isSeeded, seed } from '../src/seed/index.js';

export interface GatewayStage {
  gateway: FakeGateway;
  srv: Awaited<ReturnType<typeof boot>>;
  api: string;
  patient: Session;
  other: Session;
  /** Online providers, one per test: sessions of one provider would overlap each other's added time. */
  providers: { id: number; uuid: string }[];
  /** How far the api's clock runs ahead of the real one (a test moves it, then puts it back). */
  ahead: number;
  /** The checkout's signature of a payment of an order (the key secret). */
  sign(order: string, payment: string): string;
  /** A payment id never used before. */
  paymentId(): string;
  /** A transaction as stored: status, payment, its refunds, its documents and the receipts sent for them. */
  row(tx: string): Promise<TxState>;
  /** A pending booking of the patient with the next provider, and its checkout's transaction at the gateway. */
  bookingCheckout(): Promise<{ booking: string; tx: string; amount: number; currency: string; order: string }>;
  close(): Promise<void>;
}

export interface TxState {
  id: number;
  status: string;
  gateway_payment_id: string | null;
  amount: number;
  /** Every column of its refund rows; these are the ones most tests compare. */
  refunds: { status: string; amount: number; idempotency_key: string; gateway_refund_id: string | null; [column: string]: unknown }[];
  documents: string[];
  receipts: number;
}

/** `env`: more of the api's settings, read from the process environment like the gateway's keys. */
export async function startGatewayStage(
  name: string,
  secrets: { key: string; webhook?: string },
  env: NodeJS.ProcessEnv = {},
): Promise<GatewayStage> {
  let payments = 0;
  const stage = {
    ahead: 0,
    providers: [],
    sign: (order: string, payment: string) => createHmac('sha256', secrets.key).update(`${order}|${payment}`).digest('hex'),
    paymentId: () => `pay_fake_${process.pid}_${++payments}`,
    async row(tx: string): Promise<TxState> {
      const db = stage.srv.db;
      const [t] = await db.query<{ id: number; status: string; gateway_payment_id: string | null; amount: number }>(
        `SELECT id, status, gateway_payment_id, amount FROM payment_transactions WHERE uuid::text = $1`,
        [tx],
      );
      const refunds = await db.query<TxState['refunds'][number]>(`SELECT * FROM payment_refunds WHERE transaction_id = $1 ORDER BY id`, [
        t!.id,
      ]);
      const documents = await db.query<{ kind: string; number: string }>(`SELECT kind, number FROM invoices WHERE transaction_id = $1`, [
        t!.id,
      ]);
      const [receipts] = await db.query<{ n: number | string }>(`SELECT count(*) AS n FROM outbox WHERE subject = ANY($1::text[])`, [
        documents.map((d) => `Your Haven receipt ${d.number}`),
      ]);
      return { ...t!, refunds, documents: documents.map((d) => d.kind), receipts: Number(receipts!.n) };
    },
    async bookingCheckout() {
      const provider = stage.providers.shift();
      assert.ok(provider, 'ran out of online providers');
      const dates = await call(`${stage.api}/providers/${provider.uuid}/schedule_dates`);
      const date = dates.body.data.dates.find((d: { count?: number }) => d.count !== 0) ?? dates.body.data.dates[5];
      const slots = await call(`${stage.api}/providers/${provider.uuid}/slots?date=${date.date}`);
      const start = slots.body.data.slots[0]?.start_time as string;
      assert.ok(start, JSON.stringify(slots.body));
      const b = await as(stage.patient, `${stage.api}/bookings`, {
        body: { provider_uuid: provider.uuid, start_time: start, mode: 'online' },
      });
      assert.equal(b.status, 201, JSON.stringify(b.body));
      const t = await as(stage.patient, `${stage.api}/payments/temporary_transaction`, { body: { booking_uuid: b.body.data.uuid } });
      assert.equal(t.status, 201, JSON.stringify(t.body));
      const tx = t.body.data as { transaction_id: string; amount: number; currency: string; gateway_order_id: string };
      assert.match(tx.gateway_order_id, /^order_fake_/);
      return {
        booking: b.body.data.uuid as string,
        tx: tx.transaction_id,
        amount: tx.amount,
        currency: tx.currency,
        order: tx.gateway_order_id,
      };
    },
    async close() {
      await stage.srv?.close();
      await stage.gateway?.close();
    },
  } as unknown as GatewayStage; // the api and the gateway are filled in below

  stage.gateway = await startFakeGateway();
  // The payment routes read the gateway's keys from the process environment.
  Object.assign(process.env, {
    HAVEN_PAYMENT_KEY_ID: `rzp_test_${name}`,
    HAVEN_PAYMENT_KEY_SECRET: secrets.key,
    HAVEN_PAYMENT_API_BASE: stage.gateway.url,
    ...env,
  });
  if (secrets.webhook) process.env.HAVEN_PAYMENT_WEBHOOK_SECRET = secrets.webhook;
  else delete process.env.HAVEN_PAYMENT_WEBHOOK_SECRET;
  stage.srv = await boot({
    stage: 'production',
    clock: () => Date.now() + stage.ahead,
    env: {
      HAVEN_API_SECRET: 'a'.repeat(24) + `-api-secret-${name}`,
      HAVEN_FIREBASE_SECRET: 'b'.repeat(24) + `-firebase-secret-${name}`,
      HAVEN_FILES_DIR: path.join(tmpdir(), `haven-files-${name}-test`),
      HAVEN_TRUST_PROXY: 'none',
      HAVEN_LOAD_SHEDDING: 'off',
    },
  });
  // Production never seeds; the demo world gives patients and providers.
  if (!(await isSeeded(stage.srv.db))) await seed(stage.srv.db);
  stage.api = stage.srv.api;
  stage.patient = await signIn(stage.api, 'patient@haven.test');
  stage.other = await signIn(stage.api, 'intl@haven.test');
  stage.providers = await stage.srv.db.query<{ id: number; uuid: string }>(
    `SELECT id, uuid::text FROM providers WHERE online_offering IS NOT NULL AND NOT is_support_provider ORDER BY id`,
  );
  return stage;
}
