// The payment gateway of production: Razorpay (INR and USD fees; its standard checkout). The api creates
// an order for a temporary transaction and checks the signature the checkout hands back; the key secret
// never leaves the api; the gateway's webhook tells the api of a captured payment the browser did not come
// back with (routes/payment-webhook.ts). Outside production the api simulates the gateway (routes/payments.ts).
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface GatewayConfig {
  keyId: string;
  keySecret: string;
  apiBase: string;
}

/** HAVEN_PAYMENT_KEY_ID / HAVEN_PAYMENT_KEY_SECRET (HAVEN_PAYMENT_API_BASE for a test double); null when unset. */
export function gatewayFromEnv(env: NodeJS.ProcessEnv): GatewayConfig | null {
  const keyId = env.HAVEN_PAYMENT_KEY_ID;
  const keySecret = env.HAVEN_PAYMENT_KEY_SECRET;
  if (!keyId || !keySecret) return null;
  return { keyId, keySecret, apiBase: env.HAVEN_PAYMENT_API_BASE ?? 'https://api.razorpay.com/v1' };
}

/**
 * A request the gateway did not carry out. `transient`: asking again may succeed (no answer, a timeout, a
 * 5xx, 429); otherwise the gateway refused it (another 4xx, an answer without an id) and a person must look.
 */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly transient: boolean,
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

/** The longest the api waits for the gateway's answer. */
const GATEWAY_TIMEOUT_MS = 10_000;

/** A POST to the gateway's api with the key pair; the answer's `id`. */
async function gatewayPost(g: GatewayConfig, path: string, body: unknown, what: string, idempotencyKey?: string): Promise<string> {
  let r: Response;
  try {
    r = await fetch(`${g.apiBase}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`${g.keyId}:${g.keySecret}`).toString('base64')}`,
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
    });
  } catch (err) {
    // No answer (refused connection, reset, the timeout): the request may or may not have been carried out.
    throw new GatewayError(`payment gateway ${what}: no answer (${err instanceof Error ? err.message : String(err)})`, true);
  }
  if (!r.ok) throw new GatewayError(`payment gateway ${what}: HTTP ${r.status}`, r.status >= 500 || r.status === 429, r.status);
  const answer = (await r.json()) as { id?: unknown };
  if (typeof answer.id !== 'string') throw new GatewayError(`payment gateway ${what}: no id`, false, r.status);
  return answer.id;
}

/** Creates the gateway order the checkout pays (amount in the currency's smallest unit). */
export async function createOrder(g: GatewayConfig, o: { amount: number; currency: string; receipt: string }): Promise<string> {
  return gatewayPost(g, '/orders', { amount: o.amount * 100, currency: o.currency, receipt: o.receipt }, 'order');
}

/** Refunds a captured payment (amount in major units, like the fee); the gateway's refund id. */
export async function createRefund(g: GatewayConfig, paymentId: string, amount: number, idempotencyKey: string): Promise<string> {
  // The key makes a retried request (a timeout whose refund went through) one refund at the gateway.
  return gatewayPost(
    g,
    `/payments/${encodeURIComponent(paymentId)}/refund`,
    { amount: amount * 100, receipt: idempotencyKey },
    'refund',
    idempotencyKey,
  );
}

/** The checkout's proof of payment: HMAC-SHA256 of "order_id|payment_id" with the key secret, in hex. */
export function isPaymentSignatureValid(keySecret: string, orderId: string, paymentId: string, signature: string): boolean {
  return isHmacHex(createHmac('sha256', keySecret).update(`${orderId}|${paymentId}`).digest(), signature);
}

/** HAVEN_PAYMENT_WEBHOOK_SECRET: the secret the gateway signs its webhook with (set in its dashboard); null when unset. */
export function webhookSecretFromEnv(env: NodeJS.ProcessEnv): string | null {
  return env.HAVEN_PAYMENT_WEBHOOK_SECRET || null;
}

/**
 * The gateway's proof of a webhook: its X-Razorpay-Signature header is HMAC-SHA256 of the raw request body
 * (the bytes as sent: a parsed and re-serialised body would differ) with the webhook secret, in hex.
 */
export function isWebhookSignatureValid(webhookSecret: string, rawBody: Buffer, signature: string): boolean {
  return isHmacHex(createHmac('sha256', webhookSecret).update(rawBody).digest(), signature);
}

/** Whether `signature` is the hex of `expected`, compared in constant time. */
function isHmacHex(expected: Buffer, signature: string): boolean {
  const given = /^[0-9a-f]{64}$/i.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
