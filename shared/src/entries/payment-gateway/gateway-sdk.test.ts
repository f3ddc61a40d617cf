import { GATEWAY_SCRIPT, gatewayOrderFor, payWithGateway, type GatewayOrder } from './gateway-sdk';

// The gateway's script is the one thing a test cannot load here; a stand-in with the same surface is
// installed when the page adds the script tag, as the real script would install itself.
type Options = { handler(r: { razorpay_payment_id: string; razorpay_signature: string }): void; modal: { ondismiss(): void } } & Record<
  string,
  unknown
>;
let act: (options: Options, failed: () => void) => void = () => undefined;
let seen: Options | null = null;
class FakeGateway {
  private failed: () => void = () => undefined;
  constructor(private readonly options: Options) {
    seen = options;
  }
  on(_event: string, handler: () => void) {
    this.failed = handler;
  }
  open() {
    act(this.options, this.failed);
  }
}
const order: GatewayOrder = {
  keyId: 'rzp_live_key',
  orderId: 'order_1',
  amount: 150000,
  currency: 'INR',
  description: 'Session with Ananya Rao',
  prefill: { email: 'a@b.test' },
};

beforeAll(() => {
  const append = document.head.appendChild.bind(document.head);
  jest.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
    const added = append(node);
    if (node instanceof HTMLScriptElement && node.src === GATEWAY_SCRIPT) {
      (window as unknown as { Razorpay: unknown }).Razorpay = FakeGateway;
      setTimeout(() => node.onload?.(new Event('load')), 0);
    }
    return added;
  });
});

describe('payWithGateway', () => {
  it.each([
    [
      'paid',
      (o: Options) => o.handler({ razorpay_payment_id: 'pay_1', razorpay_signature: 'sig' }),
      { outcome: 'success', paymentId: 'pay_1', signature: 'sig' },
    ],
    ['closed by the patient', (o: Options) => o.modal.ondismiss(), { outcome: 'abandon' }],
    [
      'failed at the gateway, then closed',
      (o: Options, failed: () => void) => {
        failed();
        o.modal.ondismiss();
      },
      { outcome: 'failure' },
    ],
  ])('%s', async (_case, behave, expected) => {
    act = behave;
    await expect(payWithGateway(order)).resolves.toEqual(expected);
    expect(seen).toMatchObject({ key: 'rzp_live_key', order_id: 'order_1', amount: 150000, currency: 'INR' });
    expect(document.querySelectorAll(`script[src="${GATEWAY_SCRIPT}"]`)).toHaveLength(1); // loaded once
  });
});

describe('gatewayOrderFor', () => {
  const details = { description: 'Session', prefill: {} };
  it.each([
    ['INR, whole rupees to paise', { amount: 1500, currency: 'INR' }, 150000],
    ['USD, whole dollars to cents', { amount: 45, currency: 'USD' }, 4500],
  ])('%s', (_case, tx, minor) => {
    expect(gatewayOrderFor({ gateway_order_id: 'order_1', gateway_key_id: 'rzp_live_key', ...tx }, details)).toEqual({
      keyId: 'rzp_live_key',
      orderId: 'order_1',
      amount: minor,
      currency: tx.currency,
      ...details,
    });
  });
  it.each([
    ['no order', { gateway_order_id: null, gateway_key_id: 'k' }],
    ['no key', { gateway_order_id: 'o', gateway_key_id: null }],
  ])('a transaction with %s cannot be paid at the gateway', (_case, ids) => {
    expect(() => gatewayOrderFor({ ...ids, amount: 1, currency: 'INR' }, details)).toThrow('The transaction has no gateway order');
  });
});
