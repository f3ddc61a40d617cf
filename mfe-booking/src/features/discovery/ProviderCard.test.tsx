// The card shows the price the booking charges: in the patient's currency (decided from their location),
// the provider's offer applied, coupon codes only in that currency, and no fee line for a free provider.
import { render, screen } from '@testing-library/react';
import { havenStore, type AuthUser, type Provider } from '@haven/shared';
import { ProviderCard } from './ProviderCard';

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
  roles: ['therapist'],
  online_offering: offering(1500, 38),
} as Provider;
const neha = {
  uuid: 'p-neha',
  firstname: 'Neha',
  lastname: 'Pillai',
  roles: ['therapist'],
  online_offering: offering(1300, 33),
  offer: { discount_amount: { value: 300, currency: 'INR' }, discount_amount_currency: 'INR', discount_percentage: null },
} as Provider;
const free = { uuid: 'p-free', firstname: 'Gita', lastname: 'Free', roles: ['therapist'], online_offering: offering(0, null) } as Provider;
const coupons = {
  enabled: true,
  coupons: [
    { code: 'FLAT300', description: '', discount_percentage: null, discount_amount: 300, currency: 'INR' },
    { code: 'TEN', description: '', discount_percentage: null, discount_amount: 10, currency: 'USD' },
  ],
};
const INDIA = { international: false, locationZone: 'Asia/Kolkata' };
const NEW_YORK = { international: true, locationZone: 'America/New_York' };
const card = (provider: Provider, pricing: typeof INDIA) =>
  render(<ProviderCard provider={provider} zone="Asia/Kolkata" pricing={pricing} coupons={coupons} />);

test.each([
  ['India', INDIA, '₹1,500', 'FLAT300: ₹300 off'],
  ['New York', NEW_YORK, '$38', 'TEN: $10 off'],
])('located in %s: the fee and the coupon codes are in one currency', (_where, pricing, fee, chips) => {
  card(ananya, pricing);
  expect(screen.getByTestId('provider-fee')).toHaveTextContent(new RegExp(`^\\${fee}$`));
  expect(screen.getByTestId('provider-coupons')).toHaveTextContent(new RegExp(`^${chips.replace('$', '\\$')}$`));
});

test("Neha's offer shown is the offer applied: ₹1,300 struck, from ₹1,000", () => {
  card(neha, INDIA);
  expect(screen.getByTestId('provider-fee')).toHaveTextContent(/^₹1,300 ₹1,000$/);
  expect(screen.getByTestId('provider-offer')).toHaveTextContent(/^₹300 off$/);
});

test('an INR offer is not shown beside a $ price (it does not apply)', () => {
  card(neha, NEW_YORK);
  expect(screen.getByTestId('provider-fee')).toHaveTextContent(/^\$33$/);
  expect(screen.queryByTestId('provider-offer')).toBeNull();
});

test('a free provider has no fee line on the card (the fee rule: shown only above 0)', () => {
  card(free, INDIA);
  expect(screen.queryByTestId('provider-fee')).toBeNull();
  expect(screen.queryByTestId('provider-coupons')).toBeNull();
});

test("'Part of your organisation's care team' only to a signed-in member of an organisation, never to a visitor", () => {
  const intake = { ...ananya, uuid: 'p-intake', roles: ['cf-intake-specialist'] } as Provider;
  const note = /organisation's care team/;
  const { unmount } = card(intake, INDIA);
  expect(screen.queryByText(note)).toBeNull();
  unmount();
  havenStore.getState().auth.update({ user: { organisation_id: 7 } as AuthUser });
  try {
    card(intake, INDIA);
    expect(screen.getByText(note)).toBeInTheDocument();
  } finally {
    havenStore.getState().auth.update({ user: null });
  }
});
