import { GATEWAY_SCRIPT, payWithGateway, type GatewayOrder } from './gateway-sdk';

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
