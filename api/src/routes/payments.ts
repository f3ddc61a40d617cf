// Paying for a booking: a temporary transaction for a pending booking, settled by the gateway. In
// production that is the real gateway (payments/payment-gateway.ts): the api creates its order, the page's
// checkout pays it, and /verify checks the signature it hands back; the gateway's webhook
// (routes/payment-webhook.ts) settles the same payment when the browser never came back to /verify.
// Outside production the api is the gateway: its simulated checkout settles with success, failure or
// abandon, so the whole flow runs locally.
// A failed or abandoned payment cancels the pending booking (the slot is free again); a successful one
// confirms it. A payment the real gateway took for something no longer possible (the hold lapsed, the
// session can no longer be extended) is recorded and refunded in full (payments/refunds.ts).
import { Type } from '@sinclair/typebox';
import { HttpError, notFound, unprocessable, type App } from '../core/http.js';
import { Booking, ErrorBody } from '../core/schemas.js';
import { booking, bookingById, ownBooking, sweepLapsed } from '../bookings/index.js';
import {
  takeCouponLimits,
  accountOf,
  createOrder,
  gatewayFromEnv,
  isPaymentSignatureValid,
  issueInvoiceInSettlement,
  takeCapturedPayment,
  transactionByUuid,
  ownTransactionUuid,
  ownOpenTransaction,
  settle,
  assertOpen,
  unappliedPaymentRefusal,
  startRefundRetries,
  openCheckout,
  gatewayOrderOf,
  attachGatewayOrder,
  quoteExtension,
  requestExtension,
  extensionOut,
  type TxRow,
} from '../payments/index.js';
import { assertChildConsented } from '../accounts/index.js';
import { REFUND_RETRY_SWEEP_SECONDS } from '../config/billing.js';
import { limitsOf } from '../core/limits.js';

const Transaction = Type.Object({
  transaction_id: Type.String(),
  booking_uuid: Type.String(),
  amount: Type.Integer(),
  currency: Type.String(),
  gateway: Type.String({ description: 'simulated (development and test) or gateway (production)' }),
  status: Type.String({
    description:
      'created | paid | failed | abandoned | expired | paid_unapplied (taken by the gateway but no longer applicable: refunded in full)',
  }),
  gateway_order_id: Type.Union([Type.String(), Type.Null()], { description: "the real gateway's order (production), else null" }),
  gateway_key_id: Type.Union([Type.String(), Type.Null()], {
    description: "the gateway's public key id the checkout opens with (production), else null",
  }),
});
const TxParams = Type.Object({ uuid: Type.String({ format: 'uuid' }) });
const Extension = Type.Object({
  uuid: Type.String(),
  minutes: Type.Integer(),
  amount: Type.Integer(),
  currency: Type.String(),
  status: Type.String({ description: 'pending (waiting for its payment) | applied (the session ends later) | cancelled (payment failed)' }),
});
const Refusal = Type.Object({ code: Type.String(), message: Type.String() });
const Settled = Type.Object({ data: Type.Object({ transaction: Transaction, booking: Booking }) });

export async function paymentRoutes(app: App) {
  const { db, isProduction } = app.ctx;
  const now = app.ctx.clock ?? Date.now;
  const gateway = isProduction ? gatewayFromEnv(process.env) : null;
  const txOut = (t: TxRow) => ({
    transaction_id: t.uuid,
    booking_uuid: t.booking_uuid,
    amount: t.amount,
    currency: t.currency,
    gateway: t.gateway,
    status: t.status,
    gateway_order_id: t.gateway_order_id,
    gateway_key_id: t.gateway === 'gateway' ? (gateway?.keyId ?? null) : null,
  });
  const answer = async (uuid: string) => {
    const t = (await transactionByUuid(db, uuid))!;
    return { data: { transaction: txOut(t), booking: booking(await bookingById(db, t.booking_id)) } };
  };

  app.post(
    '/payments/temporary_transaction',
    {
      config: { auth: true },
      schema: {
        tags: ['payments'],
        summary: 'Start paying for a pending booking (a temporary transaction), with an optional coupon',
        body: Type.Object({
          booking_uuid: Type.String({ format: 'uuid' }),
          coupon_code: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
        }),
        response: { 201: Type.Object({ data: Transaction }) },
      },
    },
    async (req, reply) => {
      // A coupon code is a secret worth guessing: the same limits as the coupon check.
      if (req.body.coupon_code) await takeCouponLimits(app.ctx, req.actor.id, req.ip);
      await sweepLapsed(db, now());
      const found = await ownBooking(db, req.body.booking_uuid, req.actor.id);
      // Nothing is paid (nor a coupon used) for a child's booking before the parent's consent.
      await assertChildConsented(db, req.actor, now());
      if (isProduction && !gateway)
        throw new HttpError(503, 'Payments are not configured (HAVEN_PAYMENT_KEY_ID, HAVEN_PAYMENT_KEY_SECRET)');
      const { uuid, amount, b } = await db.tx((q) =>
        openCheckout(q, {
          bookingId: found.id,
          userId: req.actor.id,
          account: accountOf(req.actor),
          couponCode: req.body.coupon_code,
          gateway: isProduction ? 'gateway' : 'simulated',
          now: now(),
        }),
      );
      if (gateway && amount > 0 && !(await gatewayOrderOf(db, uuid))) {
        await attachGatewayOrder(db, uuid, await createOrder(gateway, { amount, currency: b.currency, receipt: uuid }));
      }
      reply.status(201);
      return { data: txOut((await transactionByUuid(db, uuid))!) };
    },
  );

  app.get(
    '/payments/:uuid',
    {
      config: { auth: true },
      schema: {
        tags: ['payments'],
        summary: 'A temporary transaction of the caller (what the checkout opens with)',
        params: TxParams,
        response: { 200: Settled },
      },
    },
    async (req) => {
      await sweepLapsed(db, now());
      const uuid = await ownTransactionUuid(db, req.params.uuid, req.actor.id);
      if (!uuid) throw notFound(`No transaction ${req.params.uuid}`);
      return answer(uuid);
    },
  );

  app.post(
    '/payments/:uuid/verify',
    {
      config: { auth: true },
      schema: {
        tags: ['payments'],
        summary:
          'The gateway checkout succeeded: check its signature and confirm the booking or extension (production gateway); 409 extension_payment_refunded or booking_payment_refunded when the payment was taken but can no longer be honoured (it is refunded in full)',
        params: TxParams,
        body: Type.Object({
          gateway_payment_id: Type.String({ minLength: 1, maxLength: 100 }),
          gateway_signature: Type.String({ minLength: 1, maxLength: 200 }),
        }),
        response: { 200: Settled, 409: ErrorBody, 422: ErrorBody },
      },
    },
    async (req) => {
      // A signature is a secret check: limited per account and address like every other.
      const limits = limitsOf(app.ctx);
      await limits.take('payment_verify_address', req.ip);
      await limits.take('payment_verify_user', String(req.actor.id));
      await sweepLapsed(db, now());
      const paymentId = req.body.gateway_payment_id;
      const outcome = await takeCapturedPayment(
        app.ctx,
        {
          of: { uuid: req.params.uuid, userId: req.actor.id },
          paymentId,
          now: now(),
          check: (t) => {
            // Nothing is captured through the simulated checkout: its closed transactions answer as before.
            if (t.gateway !== 'gateway' || !gateway || !t.gateway_order_id) {
              assertOpen(t);
              throw unprocessable('This transaction is not paid through the gateway');
            }
            if (!isPaymentSignatureValid(gateway.keySecret, t.gateway_order_id, paymentId, req.body.gateway_signature))
              throw unprocessable('The payment could not be verified');
          },
        },
        req.log,
      );
      if (outcome.kind === 'second') throw new HttpError(409, `Transaction already ${outcome.t.status === 'paid' ? 'paid' : 'refunded'}`);
      if (outcome.kind === 'unapplied') throw unappliedPaymentRefusal(outcome.t, outcome);
      // Applied now, or already (the gateway's webhook came first): the booking stands either way.
      return answer(req.params.uuid);
    },
  );

  app.post(
    '/payments/:uuid/release',
    {
      config: { auth: true },
      schema: {
        tags: ['payments'],
        summary: 'The checkout failed or was left: nothing is booked and the slot is free again',
        params: TxParams,
        body: Type.Object({ outcome: Type.Union([Type.Literal('failure'), Type.Literal('abandon')]) }),
        response: { 200: Settled },
      },
    },
    async (req) => {
      await sweepLapsed(db, now());
      await db.tx(async (q) =>
        settle(
          q,
          await ownOpenTransaction(q, req.params.uuid, req.actor.id),
          req.body.outcome === 'failure' ? 'failed' : 'abandoned',
          now(),
        ),
      );
      return answer(req.params.uuid);
    },
  );

  app.get(
    '/customers/bookings/:uuid/extension',
    {
      config: { auth: true },
      schema: {
        tags: ['payments'],
        summary: 'What extending my session that is on would cost now, or why it cannot be extended',
        params: TxParams,
        response: {
          200: Type.Object({
            data: Type.Object({
              minutes: Type.Integer(),
              amount: Type.Integer({ description: 'whole currency units, the extension price rule; 0: extends at once' }),
              currency: Type.String(),
              used: Type.Integer({ description: 'extensions this session holds (paid or waiting for payment)' }),
              cap: Type.Integer(),
              refusal: Type.Union([Refusal, Type.Null()]),
            }),
          }),
        },
      },
    },
    async (req) => {
      const b = await ownBooking(db, req.params.uuid, req.actor.id);
      const { refusal, ...quote } = await quoteExtension(db, b.id, now());
      return { data: { ...quote, refusal: refusal ? { code: String(refusal.extra?.code), message: refusal.message } : null } };
    },
  );

  app.post(
    '/customers/bookings/:uuid/extensions',
    {
      config: { auth: true },
      schema: {
        tags: ['payments'],
        summary:
          'Extend my online session that is on: a free extension applies at once; a priced one answers its temporary transaction, paid like a booking',
        params: TxParams,
        response: {
          201: Type.Object({
            data: Type.Object({ extension: Extension, transaction: Type.Union([Transaction, Type.Null()]), booking: Booking }),
          }),
        },
      },
    },
    async (req, reply) => {
      const found = await ownBooking(db, req.params.uuid, req.actor.id);
      if (isProduction && !gateway)
        throw new HttpError(503, 'Payments are not configured (HAVEN_PAYMENT_KEY_ID, HAVEN_PAYMENT_KEY_SECRET)');
      const { extension, transaction } = await db.tx((q) =>
        requestExtension(q, { bookingId: found.id, userId: req.actor.id, gateway: isProduction ? 'gateway' : 'simulated', now: now() }),
      );
      if (gateway && transaction && !(await gatewayOrderOf(db, transaction))) {
        await attachGatewayOrder(
          db,
          transaction,
          await createOrder(gateway, { amount: extension.amount, currency: extension.currency, receipt: transaction }),
        );
      }
      reply.status(201);
      return {
        data: {
          extension: extensionOut(extension),
          transaction: transaction ? txOut((await transactionByUuid(db, transaction))!) : null,
          booking: booking(await bookingById(db, found.id)),
        },
      };
    },
  );

  // Refunds the gateway did not answer are asked again, in every api process (payments/refunds.ts retryDueRefunds).
  const every = Number(process.env.HAVEN_REFUND_RETRY_MS) || REFUND_RETRY_SWEEP_SECONDS * 1000;
  const stop = startRefundRetries(app.ctx, now, every, app.log);
  app.addHook('onClose', async () => stop());

  if (isProduction) return; // the real gateway's checkout and /verify settle transactions there

  app.post(
    '/payments/:uuid/simulate',
    {
      config: { auth: true },
      schema: {
        tags: ['payments', 'development'],
        summary: 'DEVELOPMENT CHECKOUT: settle a transaction as the gateway would (success, failure, abandon)',
        params: TxParams,
        body: Type.Object({ outcome: Type.Union([Type.Literal('success'), Type.Literal('failure'), Type.Literal('abandon')]) }),
        response: { 200: Settled },
      },
    },
    async (req) => {
      await sweepLapsed(db, now());
      const status = ({ success: 'paid', failure: 'failed', abandon: 'abandoned' } as const)[req.body.outcome];
      // A payment, its invoice and its receipt commit together.
      await db.tx(async (q) => {
        const t = await ownOpenTransaction(q, req.params.uuid, req.actor.id);
        await settle(q, t, status, now());
        if (status === 'paid') await issueInvoiceInSettlement(q, t.id, now());
      });
      return answer(req.params.uuid);
    },
  );
}
