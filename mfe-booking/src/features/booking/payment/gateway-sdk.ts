// The production payment gateway's checkout (Razorpay standard checkout). This module is imported
// lazily from the payment step, and only in the production stage, so no other page (and no other
// stage) loads the gateway's script.
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
