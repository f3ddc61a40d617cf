// The booking confirmation shows what the booking will charge: the patient's currency from their
// location (never the browser's zone), the provider's offer applied, 'Free' for a free provider, coupon
// chips only in the currency shown, and the booking call carries the location it priced with.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { havenStore, type AuthUser, type Provider } from '@haven/shared';
import { ConfirmStep } from './ConfirmStep';
import { createBooking } from '../api/booking-calls';
import { startTransaction, validateCoupon } from '../api/payment-calls';
import { bookWithPackage, fetchOrgPackage } from '../api/package-calls';
import { fetchCoupons } from '../../coupons/coupon-calls';

jest.mock('../api/booking-calls', () => ({
  ...jest.requireActual('../api/booking-calls'),
  createBooking: jest.fn(),
  confirmBooking: jest.fn(),
}));
jest.mock('../api/payment-calls', () => ({ startTransaction: jest.fn(), validateCoupon: jest.fn() }));
jest.mock('../api/package-calls', () => ({ fetchOrgPackage: jest.fn(), bookWithPackage: jest.fn() }));
jest.mock('../../couple/couple-calls', () => ({ fetchScheduleDiscounts: jest.fn(async () => []) }));
jest.mock('../../coupons/coupon-calls', () => ({
  fetchCoupons: jest.fn(async () => [
    { code: 'WELCOME20', description: '', discount_percentage: 20, discount_amount: null, currency: null },
    { code: 'FLAT300', description: '', discount_percentage: null, discount_amount: 300, currency: 'INR' },
    { code: 'TEN', description: '', discount_percentage: null, discount_amount: 10, currency: 'USD' },
  ]),
}));
jest.mock('../../couple/PartnerFields', () => ({ PartnerFields: () => null, focusFirstError: () => undefined }));
jest.mock('@haven/shared/contact-fields', () => ({ useCountryCodes: () => [] }));

const offering = (fee: number, usd: number | null) => ({
  minimum_fee: fee,
  currency: 'INR',
  display_text: `₹${fee}`,
  international_pricing_display_text: usd ? `$${usd}` : '',
  international_price: usd ? { amount: usd, currency: 'USD' } : null,
  couple: null,
});
const ananya = {
  uuid: 'p-ananya',
  firstname: 'Ananya',
  lastname: 'Rao',
  online_offering: offering(1500, 38),
  offline_offering: null,
} as Provider;
const neha = {
  uuid: 'p-neha',
  firstname: 'Neha',
  lastname: 'Pillai',
  online_offering: offering(1300, 33),
  offline_offering: null,
  offer: { discount_amount: { value: 300, currency: 'INR' }, discount_amount_currency: 'INR', discount_percentage: null },
} as Provider;
const free = {
  uuid: 'p-free',
  firstname: 'Gita',
  lastname: 'Free',
  online_offering: offering(0, null),
  offline_offering: null,
} as Provider;
const params = {
  provider: 'x',
  step: 5,
  mode: 'online',
  type: 'individual',
  centre: null,
  duration: 50,
  date: null,
  tz: null,
  slot: '2026-12-01T05:30:00.000Z',
  booking: null,
  tx: null,
} as const;
const patient = { id: 1, email: 'maya@example.com', usertype: 'patient' } as AuthUser;

const locate = (timezone: string, international: boolean) =>
  act(() =>
    havenStore.getState().userLocationDetails.setLocation({
      country: international ? 'US' : 'IN',
      timezone,
      display_timezone: `${timezone} - X`,
      is_blacklisted_country: false,
      is_international: international,
    }),
  );
/** Renders the step (in `zone`, the zone times are shown in) and lets its loads settle. */
const step = async (provider: Provider, zone = 'Asia/Kolkata', forWhom = 'you', onPaying = jest.fn()) => {
  render(
    <ConfirmStep
      provider={provider}
      forWhom={forWhom}
      params={params}
      zone={zone}
      notice={null}
      onBooked={jest.fn()}
      onPay={jest.fn()}
      onPaying={onPaying}
      onTaken={jest.fn()}
      finishPayingHref={(uuid) => `/booking/session/${uuid}`}
    />,
  );
  await act(async () => undefined);
};

beforeEach(() => {
  act(() => havenStore.getState().auth.update({ user: patient, loading: false }));
  jest.mocked(createBooking).mockReset();
  jest.mocked(startTransaction).mockReset();
});
afterEach(() => {
  act(() => {
    havenStore.getState().auth.reset();
    havenStore.getState().userLocationDetails.reset();
    havenStore.getState().featureFlags.update({ cf_coupon_enabled: false });
  });
});

test('a patient located in New York sees $38 and the booking is asked for with that location', async () => {
  locate('America/New_York', true);
  jest.mocked(createBooking).mockResolvedValue({ uuid: 'b-1', fee: 38, currency: 'USD' } as Awaited<ReturnType<typeof createBooking>>);
  jest
    .mocked(startTransaction)
    .mockResolvedValue({ transaction_id: 't-1', status: 'created' } as Awaited<ReturnType<typeof startTransaction>>);
  await step(ananya);
  expect(screen.getByTestId('booking-total')).toHaveTextContent(/^\$38$/);
  await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
  await waitFor(() =>
    expect(createBooking).toHaveBeenCalledWith(
      expect.objectContaining({ provider_uuid: 'p-ananya', location_timezone: 'America/New_York' }),
    ),
  );
});

test('a patient located in India sees ₹1,500; with no location yet, India too (the browser zone does not decide)', async () => {
  await step(ananya, 'America/New_York');
  expect(screen.getByTestId('booking-total')).toHaveTextContent(/^₹1,500$/);
  locate('Asia/Kolkata', false);
  expect(screen.getByTestId('booking-total')).toHaveTextContent(/^₹1,500$/);
});

const rows = () => screen.getAllByRole('row').map((r) => r.textContent);

test("Neha's offer is applied: the summary's lines, list price and offer, add up to ₹1,000", async () => {
  locate('Asia/Kolkata', false);
  await step(neha);
  expect(rows()).toEqual(['Session fee₹1,300', 'Provider offer−₹300', 'Total₹1,000']);
});

test("a coupon's lines are the api quote's: list, offer, coupon, and the total they add up to", async () => {
  locate('Asia/Kolkata', false);
  jest.mocked(validateCoupon).mockResolvedValue({
    coupon: { code: 'WELCOME20', description: '', discount_percentage: 20, discount_amount: null, currency: null },
    fee: 1000,
    amount: 740,
    currency: 'INR',
    lines: [
      { kind: 'list', label: 'Session fee', amount: 1300 },
      { kind: 'offer', label: 'Provider offer', amount: -300 },
      { kind: 'coupon', label: 'Coupon WELCOME20', amount: -260 },
    ],
  });
  await step(neha);
  await userEvent.type(screen.getByLabelText('Coupon code'), 'WELCOME20');
  await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
  await waitFor(() => expect(rows()).toEqual(['Session fee₹1,300', 'Provider offer−₹300', 'Coupon WELCOME20−₹260', 'Total₹740']));
});

test('the summary names whom the session is for: the child profile acted as, or you', async () => {
  await step(ananya, 'Asia/Kolkata', 'Kiran Test');
  const summary = screen.getByRole('complementary', { name: 'Your booking' });
  expect(within(summary).getByTestId('summary-for')).toHaveTextContent('Kiran Test');
  expect(summary).toHaveTextContent('Ananya Rao');
  expect(within(summary).getByTestId('confirm-when')).toHaveTextContent('11:00 AM');
});

test('booking a time already theirs (Back after paying) says so, with a link to it, and never blames someone else', async () => {
  const onTaken = jest.fn();
  jest
    .mocked(createBooking)
    .mockRejectedValue({ isAxiosError: true, response: { status: 409, data: { code: 'own_booking', booking_uuid: 'b-paid' } } });
  render(
    <ConfirmStep
      provider={ananya}
      forWhom="you"
      params={params}
      zone="Asia/Kolkata"
      notice={null}
      onBooked={jest.fn()}
      onPay={jest.fn()}
      onTaken={onTaken}
      finishPayingHref={(uuid) => `/booking/session/${uuid}`}
    />,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
  const said = await screen.findByTestId('hold-refusal');
  expect(said).toHaveTextContent('You have booked this time: it is yours.');
  expect(within(said).getByRole('link', { name: 'See your booking' })).toHaveAttribute('href', '/booking/session/b-paid?tz=Asia%2FKolkata');
  expect(onTaken).not.toHaveBeenCalled();
  expect(screen.queryByText(/someone else/)).toBeNull();
  // Only the link remains: nothing to pay, so no coupon field and no Continue.
  expect(screen.queryByRole('form', { name: 'Coupon' })).toBeNull();
  expect(screen.queryByLabelText('Coupon code')).toBeNull();
  expect(screen.queryByRole('button', { name: /Continue|Book/ })).toBeNull();
});

test('a free provider says Free and books without payment', async () => {
  await step(free);
  expect(screen.getByTestId('booking-total')).toHaveTextContent(/^Free$/);
  expect(screen.getByRole('button', { name: 'Book this session' })).toBeInTheDocument();
  expect(screen.queryByRole('form', { name: 'Coupon' })).toBeNull();
});

test.each([
  ['New York', 'America/New_York', true, ['Use WELCOME20: 20% off', 'Use TEN: $10 off']],
  ['India', 'Asia/Kolkata', false, ['Use WELCOME20: 20% off', 'Use FLAT300: ₹300 off']],
])('coupon chips in %s are in the currency shown', async (_where, zone, international, chips) => {
  locate(zone, international);
  act(() => havenStore.getState().featureFlags.update({ cf_coupon_enabled: true }));
  await step(ananya);
  const list = await screen.findByRole('list', { name: 'Coupons you can use' });
  expect(
    within(list)
      .getAllByRole('button')
      .map((b) => b.textContent),
  ).toEqual(chips);
});

test('the button waits for the listing codes, so they never push it down under a tap', async () => {
  act(() => havenStore.getState().featureFlags.update({ cf_coupon_enabled: true }));
  let answer: (value: Awaited<ReturnType<typeof fetchCoupons>>) => void = () => undefined;
  jest.mocked(fetchCoupons).mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
  await step(ananya);
  expect(screen.getByRole('status', { name: 'Checking your coupons' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Continue to payment' })).toBeNull();
  expect(screen.queryByRole('form', { name: 'Coupon' })).toBeNull();
  await act(async () => answer([{ code: 'FLAT300', description: '', discount_percentage: null, discount_amount: 300, currency: 'INR' }]));
  expect(screen.getByRole('button', { name: 'Continue to payment' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Use FLAT300: ₹300 off' })).toBeInTheDocument();
  expect(screen.queryByRole('status', { name: 'Checking your coupons' })).toBeNull();
});

test('a failed list of listing codes shows the button without codes', async () => {
  act(() => havenStore.getState().featureFlags.update({ cf_coupon_enabled: true }));
  let fail: (error: Error) => void = () => undefined;
  jest.mocked(fetchCoupons).mockImplementationOnce(() => new Promise((_resolve, reject) => (fail = reject)));
  await step(ananya);
  expect(screen.queryByRole('button', { name: 'Continue to payment' })).toBeNull();
  await act(async () => fail(new Error('offline')));
  expect(screen.getByRole('button', { name: 'Continue to payment' })).toBeInTheDocument();
  expect(screen.queryByRole('list', { name: 'Coupons you can use' })).toBeNull();
});

describe('an employee whose company package covers the provider', () => {
  const employee = { id: 2, email: 'employee@acme.test', usertype: 'employee' } as AuthUser;
  const covered = { ...ananya, roles: ['therapist'], covered_by: 'Acme Corp' } as Provider;
  const pkg = (covered_roles: string[], credits_left = 4) =>
    jest.mocked(fetchOrgPackage).mockResolvedValue({
      is_package_client: true,
      org_package_for: 'therapy',
      credits_left,
      covered_roles,
      package: null,
    });
  beforeEach(() => act(() => havenStore.getState().auth.update({ user: employee, loading: false })));

  test('sees "Covered by Acme Corp" and ₹0, no coupon field, and one way to book: the package', async () => {
    locate('Asia/Kolkata', false);
    pkg(['therapist', 'psychiatrist']);
    jest.mocked(createBooking).mockResolvedValue({ uuid: 'b-2', fee: 1500, currency: 'INR' } as Awaited<ReturnType<typeof createBooking>>);
    jest.mocked(bookWithPackage).mockResolvedValue({} as Awaited<ReturnType<typeof bookWithPackage>>);
    const onPaying = jest.fn();
    await step(covered, 'Asia/Kolkata', 'you', onPaying);
    // Nothing is paid, so the step list is told there is no payment step.
    expect(onPaying).toHaveBeenLastCalledWith(false);
    expect(onPaying).not.toHaveBeenCalledWith(true);
    expect(screen.getByTestId('confirm-fee')).toHaveTextContent(/^Covered by Acme Corp · ₹0$/);
    expect(screen.queryByText(/₹1,500/)).toBeNull();
    expect(screen.queryByLabelText('Coupon code')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue to payment' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Book with your company package (4 sessions left)' }));
    await waitFor(() => expect(bookWithPackage).toHaveBeenCalledWith('b-2'));
    expect(startTransaction).not.toHaveBeenCalled();
  });

  test('a provider the package does not cover: the price, the coupon field and payment, as for anyone', async () => {
    locate('Asia/Kolkata', false);
    pkg(['psychiatrist']);
    const onPaying = jest.fn();
    await step({ ...ananya, roles: ['therapist'], covered_by: null } as Provider, 'Asia/Kolkata', 'you', onPaying);
    expect(onPaying).toHaveBeenLastCalledWith(true);
    expect(screen.getByTestId('booking-total')).toHaveTextContent(/^₹1,500$/);
    expect(screen.getByLabelText('Coupon code')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue to payment' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /company package/ })).toBeNull();
  });

  test('no credits left: pays like anyone else', async () => {
    locate('Asia/Kolkata', false);
    pkg(['therapist'], 0);
    await step({ ...covered, covered_by: null } as Provider);
    expect(screen.getByRole('button', { name: 'Continue to payment' })).toBeInTheDocument();
  });
});
