import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getRuntimeConfig, setRuntimeConfig } from '@haven/shared';
import { http, HttpResponse } from 'msw';
import { API, installApiTestKit, server } from '../../../test/api-test-kit';
import { PaymentStep } from './PaymentStep';

// The checkout reads the booking from the api: a paid one says so and never offers to pay again.
jest.mock('@haven/shared/payment-gateway', () => ({
  ...jest.requireActual<object>('@haven/shared/payment-gateway'),
  payWithGateway: jest.fn(async () => ({ outcome: 'success', paymentId: 'pay_1', signature: 'sig' })),
}));
installApiTestKit();
jest.setTimeout(20_000);

const booking = (status: string) => ({
  uuid: 'b-1',
  status,
  start_time: '2026-12-02T05:30:00.000Z',
  end_time: '2026-12-02T06:20:00.000Z',
  mode: 'online',
  session_type: 'individual',
  duration_minutes: 50,
  fee: 720,
  currency: 'INR',
  clinic_centre_id: null,
  cancel_reason: null,
  list_price: 900,
  price_lines: [],
  hold_until: null,
  provider: { firstname: 'Rahul', lastname: 'Mehta', uuid: 'p-1', roles: ['therapist'] },
});
const show = (status: string, more: object = {}) => {
  server.use(http.get(`${API}/bookings/b-1`, () => HttpResponse.json({ data: { ...booking(status), ...more } })));
  render(
    <PaymentStep
      bookingUuid="b-1"
      transactionId="t-1"
      zone="Asia/Kolkata"
      forWhom="Kiran Test"
      onPaid={jest.fn()}
      onNotPaid={jest.fn()}
      onStartAgain={jest.fn()}
    />,
  );
};

test('a paid booking (Back after paying, a reload): paid, a way on, no payment offered', async () => {
  show('confirmed');
  expect(await screen.findByTestId('checkout-paid')).toHaveTextContent(
    'This session is paid and booked: ₹720. There is nothing more to pay.',
  );
  expect(screen.getByRole('link', { name: 'See your session' })).toHaveAttribute('href', '/booking/session/b-1?tz=Asia%2FKolkata');
  expect(screen.getByRole('link', { name: 'Go to my dashboard' })).toHaveAttribute('href', '/dashboard');
  expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Leave the checkout' })).toBeNull();
});

test('the checkout repeats the summary: provider, time in the zone, for whom, and the lines that add up to the amount due', async () => {
  show('pending', {
    price_lines: [
      { kind: 'list', label: 'Session fee', amount: 900 },
      { kind: 'schedule_discount', label: '20% off at this time', amount: -180 },
    ],
  });
  const summary = await screen.findByRole('complementary', { name: 'Your booking' });
  expect(summary).toHaveTextContent('Rahul Mehta');
  expect(summary).toHaveTextContent('11:00 AM');
  expect(summary).toHaveTextContent('ForKiran Test');
  const rows = screen.getAllByRole('row').map((r) => r.textContent);
  expect(rows).toEqual(['Session fee₹900', '20% off at this time−₹180', 'Total₹720']);
  expect(screen.getByTestId('amount-due')).toHaveTextContent('₹720');
});

test('a pending booking: the checkout with the amount due', async () => {
  show('pending');
  expect(await screen.findByRole('button', { name: 'Pay ₹720' })).toBeEnabled();
  expect(screen.getByTestId('amount-due')).toHaveTextContent('₹720');
  expect(screen.queryByTestId('checkout-paid')).toBeNull();
});

test('a lapsed hold: nothing charged, a way back to the times, no payment offered', async () => {
  show('expired');
  expect(await screen.findByTestId('checkout-ended')).toHaveTextContent('The time to pay for this session ran out, so nothing was charged');
  expect(screen.getByRole('button', { name: 'Choose a time again' })).toBeEnabled();
  expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
});

test('production: the gateway took the payment after the hold lapsed: the refund is said, never "nothing was charged"', async () => {
  setRuntimeConfig({ ...getRuntimeConfig(), stage: 'production' });
  let status = 'pending';
  const refunded =
    'Your booking could not be confirmed: its time was released before your payment arrived. Your payment is being refunded in full; please choose a time again.';
  server.use(
    http.get(`${API}/payments/t-1`, () =>
      HttpResponse.json({
        data: {
          transaction: {
            transaction_id: 't-1',
            booking_uuid: 'b-1',
            amount: 720,
            currency: 'INR',
            gateway: 'gateway',
            status: 'created',
            gateway_order_id: 'order_1',
            gateway_key_id: 'rzp_key',
          },
          booking: booking(status),
        },
      }),
    ),
    http.post(`${API}/payments/t-1/verify`, () => {
      status = 'expired';
      return HttpResponse.json(
        { success: false, statusCode: 409, code: 'booking_payment_refunded', message: refunded, errors: [refunded] },
        { status: 409 },
      );
    }),
  );
  server.use(http.get(`${API}/bookings/b-1`, () => HttpResponse.json({ data: booking(status) })));
  render(
    <PaymentStep
      bookingUuid="b-1"
      transactionId="t-1"
      zone="Asia/Kolkata"
      forWhom="Kiran Test"
      onPaid={jest.fn()}
      onNotPaid={jest.fn()}
      onStartAgain={jest.fn()}
    />,
  );
  await userEvent.click(await screen.findByRole('button', { name: 'Pay ₹720' }));
  expect(await screen.findByTestId('checkout-ended')).toHaveTextContent(refunded);
  expect(screen.getByTestId('checkout-ended')).not.toHaveTextContent('nothing was charged');
  expect(screen.getByRole('button', { name: 'Choose a time again' })).toBeEnabled();
});
