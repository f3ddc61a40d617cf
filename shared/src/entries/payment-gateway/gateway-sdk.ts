// The production payment gateway's checkout (Razorpay standard checkout). Imported lazily through
// `@haven/shared/payment-gateway`, and only in the production stage, when a person is about to pay (the
// booking's payment step, the room's paid extension): no other page (and no other stage) loads the
// gateway's script.
export const GATEWAY_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

export interface GatewayOrder {
  keyId: string;
  orderId: string;
  /** In the currency's smallest unit. */
  amount: number;
  currency: string;
  description: string;
  prefill: { email?: string; contact?: string };
}
/** What the api answers for a temporary transaction (a booking's or an extension's) that the checkout needs. */
export interface GatewayTransaction {
  gateway_order_id: string | null;
  gateway_key_id: string | null;
  /** Whole currency units, like every fee. */
  amount: number;
  currency: string;
}

/** The checkout's order for the api's transaction; a transaction without a gateway order cannot be paid here. */
export function gatewayOrderFor(tx: GatewayTransaction, details: Pick<GatewayOrder, 'description' | 'prefill'>): GatewayOrder {
  if (!tx.gateway_order_id || !tx.gateway_key_id) throw new Error('The transaction has no gateway order');
  // Both currencies the gateway takes (INR, USD) have 100 minor units.
  return { keyId: tx.gateway_key_id, orderId: tx.gateway_order_id, amount: tx.amount * 100, currency: tx.currency, ...details };
}
export type GatewayResult = { outcome: 'success'; paymentId: string; signature: string } | { outcome: 'failure' | 'abandon' };

interface GatewayInstance {
  open(): void;
  on(event: 'payment.failed', handler: () => void): void;
}
type GatewayConstructor = new (options: Record<string, unknown>) => GatewayInstance;

let loading: Promise<GatewayConstructor> | null = null;

/** Adds the gateway's script once; a failed load can be tried again. */
export function loadGateway(doc: Document = document): Promise<GatewayConstructor> {
  const existing = (window as unknown as { Razorpay?: GatewayConstructor }).Razorpay;
  if (existing) return Promise.resolve(existing);
  loading ??= new Promise<GatewayConstructor>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = GATEWAY_SCRIPT;
    script.async = true;
    script.onload = () => {
      const ctor = (window as unknown as { Razorpay?: GatewayConstructor }).Razorpay;
      if (ctor) resolve(ctor);
      else reject(new Error('The payment gateway script loaded without its checkout'));
    };
    script.onerror = () => reject(new Error('The payment gateway script could not be loaded'));
    doc.head.appendChild(script);
  }).catch((e: unknown) => {
    loading = null;
    throw e;
  });
  return loading;
}

/** Opens the checkout; settles once with what the patient did. */
export async function payWithGateway(order: GatewayOrder): Promise<GatewayResult> {
  const Gateway = await loadGateway();
  return new Promise<GatewayResult>((resolve) => {
    let settled = false;
    const done = (r: GatewayResult) => {
      if (settled) return;
      settled = true;
      resolve(r);
    };
    const checkout = new Gateway({
      key: order.keyId,
      order_id: order.orderId,
      amount: order.amount,
      currency: order.currency,
      name: 'Haven',
      description: order.description,
      prefill: order.prefill,
      handler: (r: { razorpay_payment_id: string; razorpay_signature: string }) =>
        done({ outcome: 'success', paymentId: r.razorpay_payment_id, signature: r.razorpay_signature }),
      modal: { ondismiss: () => done({ outcome: 'abandon' }) },
    });
    checkout.on('payment.failed', () => done({ outcome: 'failure' }));
    checkout.open();
  });
}
