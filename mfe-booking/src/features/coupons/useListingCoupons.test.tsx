// Coupon codes on a provider listing follow cf_coupon_enabled (the product api's flag, put in the store
// by the flag loader): off, no code is shown and the coupon list is not even asked for; on, they are,
// once for the list (never on the card).
import { act, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { havenStore, type Provider } from '@haven/shared';
import { ProviderCard } from '../discovery/ProviderCard';
import { ListCoupons } from './ListCoupons';
import { useListingCoupons } from './useListingCoupons';
import { API, installApiTestKit, server } from '../../test/api-test-kit';

installApiTestKit();

const ananya = {
  uuid: 'p-ananya',
  firstname: 'Ananya',
  lastname: 'Rao',
  roles: ['therapist'],
  online_offering: {
    minimum_fee: 1500,
    currency: 'INR',
    display_text: '₹1500',
    international_pricing_display_text: '',
    international_price: null,
    couple: null,
  },
} as Provider;

function Listing() {
  const coupons = useListingCoupons();
  const pricing = { international: false, locationZone: 'Asia/Kolkata' };
  return (
    <>
      <ListCoupons pricing={pricing} {...coupons} anyToPay />
      <ProviderCard provider={ananya} zone="Asia/Kolkata" pricing={pricing} />
    </>
  );
}

test('flag off in the api: no coupon codes on the listing, and the list is not asked for; on: they show', async () => {
  let asked = 0;
  server.use(
    http.get(`${API}/coupons`, () => {
      asked += 1;
      return HttpResponse.json({
        data: [{ code: 'FLAT300', description: '', discount_percentage: null, discount_amount: 300, currency: 'INR' }],
      });
    }),
  );
  act(() => havenStore.getState().featureFlags.update({ cf_coupon_enabled: false }));
  render(<Listing />);
  expect(screen.getByTestId('provider-fee')).toBeInTheDocument();
  await act(() => new Promise((r) => setTimeout(r, 50)));
  expect(screen.queryByTestId('list-coupons')).toBeNull();
  expect(asked).toBe(0);

  act(() => havenStore.getState().featureFlags.update({ cf_coupon_enabled: true }));
  expect(await screen.findByTestId('list-coupons')).toHaveTextContent('FLAT300: ₹300 off');
  expect(screen.queryByTestId('provider-coupons')).toBeNull();
  expect(asked).toBe(1);
});
