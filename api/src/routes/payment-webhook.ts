// The payment gateway's webhook: the gateway tells the api of a payment it captured, so a payment whose
// patient never came back to /verify (the connection dropped, the app closed) still confirms the booking
// or extension, or is refunded when it can no longer be honoured. It settles exactly as /verify does
// (takeCapturedPayment): whichever of the two comes first decides, the other changes nothing, and a
// redelivered event is a no-op by the transaction's state (paid with that payment, or refunded once).
//
// Configured by HAVEN_PAYMENT_WEBHOOK_SECRET (the secret set for the webhook in the gateway's dashboard);
// without it the route answers 404 as if it were not there (nothing to check a delivery with; the
// gateway's dashboard shows the failure) and the first delivery is logged as an error. Once the signature is valid the
// answer is 200 whatever the event (the gateway retries anything else), except when the database fails
// (a 5xx, so the gateway delivers it again).
import { Type } from '@sinclair/typebox';
import { HttpError, notFound, unprocessable, type App } from '../core/http.js';
import { ErrorBody } from '../core/schemas.js';
import { limitsOf } from '../core/limits.js';
import { sweepLapsed } from '../bookings/index.js';
import { isWebhookSignatureValid, takeCapturedPayment, webhookSecretFromEnv, type TxRow } from '../payments/index.js';

/** The events that mean "this order's payment was captured"; both carry the payment entity. */
const CAPTURED_EVENTS = new Set(['payment.captured', 'order.paid']);

interface WebhookEvent {
  event?: unknown;
  payload?: { payment?: { entity?: { id?: unknown; order_id?: unknown; amount?: unknown; currency?: unknown; status?: unknown } } };
}

/** A captured payment that does not match its transaction: logged for support, answered 200, nothing applied. */
class Mismatch extends Error {}

const Received = Type.Object({
  data: Type.Object({
    outcome: Type.String({
      description:
        'applied | already (told before: nothing changed) | refunded (taken but no longer applicable: refunded in full) | second (another payment of a settled transaction: for support) | mismatch (amount or currency differ: for support) | unknown_order | ignored (another event)',
    }),
  }),
});

export async function paymentWebhookRoutes(app: App) {
  // A scope of its own: its JSON parser (below) is for this route alone.
  await app.register(async (scope) => paymentWebhookRoute(scope as App));
}

async function paymentWebhookRoute(app: App) {
  const { ctx } = app;
  const now = ctx.clock ?? Date.now;
  const secret = webhookSecretFromEnv(process.env);
  let toldUnconfigured = false;

  // The signature is over the bytes as sent: this route alone takes its JSON body raw. Boxed in a
  // non-enumerable property: the app's body checks walk a body's fields.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
    done(null, Object.defineProperty({}, 'raw', { value: body, enumerable: false })),
  );

  app.post(
    '/payments/gateway/webhook',
    {
      schema: {
        tags: ['payments'],
        summary:
          "The payment gateway's webhook (payment.captured, order.paid): signed with HAVEN_PAYMENT_WEBHOOK_SECRET in X-Razorpay-Signature (HMAC-SHA256 of the raw body, hex); settles the payment as /verify does; 200 once the signature is valid, 404 when not configured",
        response: { 200: Received, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (req) => {
      if (!secret) {
        if (!toldUnconfigured) {
          toldUnconfigured = true;
          req.log.error('a payment gateway webhook was delivered but HAVEN_PAYMENT_WEBHOOK_SECRET is not set: refused with 404');
        }
        throw notFound('The payment webhook is not configured (HAVEN_PAYMENT_WEBHOOK_SECRET)');
      }
      const raw = (req.body as { raw?: unknown } | undefined)?.raw;
      const signature = req.headers['x-razorpay-signature'];
      // A signature is a secret check: the attempt is reserved before it is compared; a valid one gives it back.
      await limitsOf(ctx).attempt([['payment_webhook_failed_address', req.ip]], async () => {
        if (!Buffer.isBuffer(raw) || typeof signature !== 'string' || !isWebhookSignatureValid(secret, raw, signature))
          throw new HttpError(400, 'The webhook signature is not valid');
      });
      let event: WebhookEvent;
      try {
        event = JSON.parse((raw as Buffer).toString('utf8')) as WebhookEvent;
      } catch {
        throw unprocessable('The webhook body is not JSON');
      }
      const eventId = req.headers['x-razorpay-event-id'];
      const payment = event.payload?.payment?.entity;
      const log = req.log.child({ gatewayEvent: eventId, event: event.event });
      if (!CAPTURED_EVENTS.has(String(event.event)) || !payment || payment.status !== 'captured') return { data: { outcome: 'ignored' } };
      if (typeof payment.id !== 'string' || typeof payment.order_id !== 'string') return { data: { outcome: 'ignored' } };
      const paymentId = payment.id;
      const check = (t: TxRow) => {
        if (t.gateway !== 'gateway' || payment.amount !== t.amount * 100 || payment.currency !== t.currency) throw new Mismatch();
      };
      await sweepLapsed(ctx.db, now());
      try {
        const outcome = await takeCapturedPayment(ctx, { of: { orderId: payment.order_id }, paymentId, now: now(), check }, log);
        return { data: { outcome: outcome.kind === 'unapplied' ? 'refunded' : outcome.kind } };
      } catch (e) {
        if (e instanceof Mismatch) {
          log.error(
            { gatewayOrder: payment.order_id, gatewayPayment: paymentId, amount: payment.amount, currency: payment.currency },
            'a captured payment does not match its transaction (amount, currency or gateway): not applied; support must look at it',
          );
          return { data: { outcome: 'mismatch' } };
        }
        if (e instanceof HttpError && e.statusCode === 404) {
          log.warn({ gatewayOrder: payment.order_id, gatewayPayment: paymentId }, 'a captured payment for an order no transaction has');
          return { data: { outcome: 'unknown_order' } };
        }
        throw e;
      }
    },
  );
}
