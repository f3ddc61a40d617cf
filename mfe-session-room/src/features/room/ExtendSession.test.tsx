import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { setTestRuntimeConfig, TEST_API_BASE_URL as API } from '../../../../shared/src/core/test/runtime-config-kit';
import type { GatewayOrder, GatewayResult } from '@haven/shared/payment-gateway';
import { ExtendSession } from './ExtendSession';

// The gateway's checkout is the one thing a test cannot open: what the patient does there is decided per test.
const payWithGateway = jest.fn<Promise<GatewayResult>, [GatewayOrder]>();
jest.mock('@haven/shared/payment-gateway', () => ({
  ...jest.requireActual<object>('@haven/shared/payment-gateway'),
  payWithGateway: (order: GatewayOrder) => payWithGateway(order),
}));

const server = setupServer();
const END = Date.parse('2026-11-27T11:00:00.000Z');
const MIN = 60_000;
const quote = (over: Record<string, unknown> = {}) => ({
  minutes: 15,
  amount: 300,
  currency: 'INR',
  used: 0,
  cap: 2,
  refusal: null,
  ...over,
});
let calls: string[] = [];

beforeAll(() => {
  setTestRuntimeConfig();
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());
beforeEach(() => {
  calls = [];
  server.resetHandlers(
    http.get(`${API}/customers/bookings/:uuid/extension`, () => HttpResponse.json({ data: quote() })),
    http.post(`${API}/customers/bookings/:uuid/extensions`, () => {
      calls.push('extensions');
      return HttpResponse.json(
        {
          data: {
            extension: { uuid: 'e-1', minutes: 15, amount: 300, currency: 'INR', status: 'pending' },
            transaction: { transaction_id: 't-1', gateway: 'simulated', amount: 300 },
            booking: { end_time: '2026-11-27T11:00:00.000Z' },
          },
        },
        { status: 201 },
      );
    }),
    http.post(`${API}/payments/:id/simulate`, () => {
      calls.push('simulate');
      return HttpResponse.json({ data: { booking: { end_time: '2026-11-27T11:15:00.000Z' } } });
    }),
  );
});

test('not offered before the last 10 minutes (no quote asked)', async () => {
  let asked = 0;
  server.use(http.get(`${API}/customers/bookings/:uuid/extension`, () => (asked++, HttpResponse.json({ data: quote() }))));
  render(<ExtendSession sessionId="b-1" endsAt={END} now={END - 11 * MIN} onExtended={jest.fn()} />);
  await new Promise((r) => setTimeout(r, 50));
  expect(screen.queryByRole('button', { name: /Extend/ })).toBeNull();
  expect(asked).toBe(0);
});

test('in the last minutes: the price from the quote, a labelled dialog, paid, and the new end handed back', async () => {
  const onExtended = jest.fn();
  render(<ExtendSession sessionId="b-1" endsAt={END} now={END - 5 * MIN} onExtended={onExtended} />);
  const open = await screen.findByRole('button', { name: 'Extend by 15 minutes' });
  await userEvent.click(open);
  const dialog = screen.getByRole('dialog', { name: 'Extend your session by 15 minutes?' });
  expect(dialog).toHaveAccessibleDescription('It costs ₹300, paid now.');
  await userEvent.click(screen.getByRole('button', { name: 'Pay ₹300 and extend' }));
  await waitFor(() => expect(onExtended).toHaveBeenCalledWith('2026-11-27T11:15:00.000Z'));
  expect(calls).toEqual(['extensions', 'simulate']);
  expect(screen.queryByRole('dialog')).toBeNull();
});

test("a refusal while confirming shows the api's reason in the dialog; the cap reached hides the offer", async () => {
  server.use(
    http.post(`${API}/customers/bookings/:uuid/extensions`, () =>
      HttpResponse.json(
        {
          message: 'Your provider has another session right after this one, so this one cannot be extended.',
          code: 'extension_provider_busy',
        },
        { status: 409 },
      ),
    ),
  );
  const onExtended = jest.fn();
  const { unmount } = render(<ExtendSession sessionId="b-1" endsAt={END} now={END - 5 * MIN} onExtended={onExtended} />);
  await userEvent.click(await screen.findByRole('button', { name: 'Extend by 15 minutes' }));
  await userEvent.click(screen.getByRole('button', { name: 'Pay ₹300 and extend' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Your provider has another session right after this one');
  expect(onExtended).not.toHaveBeenCalled();
  unmount();

  server.use(http.get(`${API}/customers/bookings/:uuid/extension`, () => HttpResponse.json({ data: quote({ used: 2 }) })));
  render(<ExtendSession sessionId="b-1" endsAt={END} now={END - 5 * MIN} onExtended={onExtended} />);
  await new Promise((r) => setTimeout(r, 50));
  expect(screen.queryByRole('button', { name: /Extend by/ })).toBeNull();
});

test('a free extension: no charge said, no payment step', async () => {
  server.use(
    http.get(`${API}/customers/bookings/:uuid/extension`, () => HttpResponse.json({ data: quote({ amount: 0 }) })),
    http.post(`${API}/customers/bookings/:uuid/extensions`, () =>
      HttpResponse.json(
        { data: { extension: { uuid: 'e-2', status: 'applied' }, transaction: null, booking: { end_time: '2026-11-27T11:15:00.000Z' } } },
        { status: 201 },
      ),
    ),
  );
  const onExtended = jest.fn();
  render(<ExtendSession sessionId="b-1" endsAt={END} now={END - MIN} onExtended={onExtended} />);
  await userEvent.click(await screen.findByRole('button', { name: 'Extend by 15 minutes' }));
  expect(screen.getByRole('dialog')).toHaveAccessibleDescription('There is no charge for it.');
  await userEvent.click(screen.getByRole('button', { name: 'Extend' }));
  await waitFor(() => expect(onExtended).toHaveBeenCalledWith('2026-11-27T11:15:00.000Z'));
});

describe('paid through the production gateway', () => {
  const bodies: Record<string, unknown> = {};
  beforeEach(() => {
    payWithGateway.mockReset();
    server.use(
      http.post(`${API}/customers/bookings/:uuid/extensions`, () => {
        calls.push('extensions');
        return HttpResponse.json(
          {
            data: {
              extension: { uuid: 'e-1', minutes: 15, amount: 300, currency: 'INR', status: 'pending' },
              transaction: {
                transaction_id: 't-1',
                booking_uuid: 'b-1',
                gateway: 'gateway',
                amount: 300,
                currency: 'INR',
                status: 'created',
                gateway_order_id: 'order_1',
                gateway_key_id: 'rzp_live_key',
              },
              booking: { end_time: '2026-11-27T11:00:00.000Z' },
            },
          },
          { status: 201 },
        );
      }),
      ...(['verify', 'release'] as const).map((step) =>
        http.post(`${API}/payments/:id/${step}`, async ({ request, params }) => {
          calls.push(`${step} ${String(params.id)}`);
          bodies[step] = await request.json();
          return HttpResponse.json({ data: { transaction: { transaction_id: 't-1' }, booking: { end_time: '2026-11-27T11:15:00.000Z' } } });
        }),
      ),
    );
  });
  const pay = async (onExtended = jest.fn()) => {
    render(<ExtendSession sessionId="b-1" endsAt={END} now={END - 5 * MIN} onExtended={onExtended} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Extend by 15 minutes' }));
    await userEvent.click(screen.getByRole('button', { name: 'Pay ₹300 and extend' }));
    return onExtended;
  };

  test("paid: the api's order is opened, the gateway's ids are verified, and the new end handed back", async () => {
    payWithGateway.mockImplementation(async () => {
      // The room's modal dialog would make the checkout's window inert and cover it: it steps aside.
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(screen.getByRole('status')).toHaveTextContent('Complete the payment in the checkout');
      return { outcome: 'success', paymentId: 'pay_1', signature: 'sig_1' };
    });
    const onExtended = await pay();
    await waitFor(() => expect(onExtended).toHaveBeenCalledWith('2026-11-27T11:15:00.000Z'));
    expect(payWithGateway).toHaveBeenCalledWith(
      expect.objectContaining({ keyId: 'rzp_live_key', orderId: 'order_1', amount: 30000, currency: 'INR' }),
    );
    expect(calls).toEqual(['extensions', 'verify t-1']);
    expect(bodies.verify).toEqual({ gateway_payment_id: 'pay_1', gateway_signature: 'sig_1' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test.each(['failure', 'abandon'] as const)('%s at the checkout: the place is released and the dialog says so', async (outcome) => {
    const reported = jest.spyOn(console, 'error');
    payWithGateway.mockResolvedValue({ outcome });
    const onExtended = await pay();
    expect(await screen.findByRole('alert')).toHaveTextContent('The payment did not go through, so your session was not extended.');
    expect(calls).toEqual(['extensions', 'release t-1']);
    expect(bodies.release).toEqual({ outcome });
    expect(onExtended).not.toHaveBeenCalled();
    expect(reported.mock.calls.filter(([first]) => first === '[haven]')).toEqual([]); // reportError's output in tests
    reported.mockRestore();
  });

  test('the session could no longer take it (409 extension_payment_refunded from verify): the refund said, nothing reported', async () => {
    const message = 'Your session could not be extended, so your payment is being refunded in full.';
    server.use(
      http.post(`${API}/payments/:id/verify`, () =>
        HttpResponse.json({ code: 'extension_payment_refunded', message: 'Session over: refund issued' }, { status: 409 }),
      ),
    );
    const reported = jest.spyOn(console, 'error');
    payWithGateway.mockResolvedValue({ outcome: 'success', paymentId: 'pay_1', signature: 'sig_1' });
    const onExtended = await pay();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(onExtended).not.toHaveBeenCalled();
    expect(reported.mock.calls.filter(([first]) => first === '[haven]')).toEqual([]); // reportError's output in tests
    reported.mockRestore();
  });
});
