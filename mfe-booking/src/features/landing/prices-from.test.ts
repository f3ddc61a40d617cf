import type { Provider } from '@haven/shared';
import { lowestSessionPrice } from './prices-from';
import { offering } from '../../test/offering';

const provider = (online: ReturnType<typeof offering> | null, extra: Partial<Provider> = {}) =>
  ({ online_offering: online, offline_offering: null, offer: null, covered_by: null, ...extra }) as Provider;

const INDIA = { international: false };
const ABROAD = { international: true };
const anjali = provider(offering(1500, 38));
const neha = provider(offering(1300, 33), {
  offer: { discount_amount: { value: 300, currency: 'INR' }, discount_amount_currency: 'INR', discount_percentage: null },
} as Partial<Provider>);
const inClinic = provider(null, { offline_offering: offering(900, null) } as Partial<Provider>);
const free = provider(offering(0, null));
const usdOnly = provider(offering(120, null, 'USD'));

test.each<[string, Provider[], { international: boolean }, string | null]>([
  ['India: the lowest INR session, the offer applied (1,300 - 300)', [anjali, neha], INDIA, '₹1,000'],
  ['India: an in-clinic session counts too', [anjali, inClinic], INDIA, '₹900'],
  ['India: free sessions are no "from" price', [free, anjali], INDIA, '₹1,500'],
  ['India: a USD-only provider is not compared in rupees', [usdOnly, anjali], INDIA, '₹1,500'],
  ['abroad: the lowest international price in dollars', [anjali, neha, usdOnly], ABROAD, '$33'],
  ['abroad: nobody priced in dollars -> none', [inClinic], ABROAD, null],
  ['no providers -> none', [], INDIA, null],
  [
    'a package covers the sessions -> none (nothing to pay)',
    [provider(offering(1500, 38), { covered_by: 'Acme' } as Partial<Provider>)],
    INDIA,
    null,
  ],
])('%s', (_, providers, pricing, expected) => {
  expect(lowestSessionPrice(providers, pricing)?.text ?? null).toBe(expected);
});
