import type { OfferingPrice, ProviderPricingFacts as Provider } from '../providers/offering';
import { locationIsInternational, patientPricing, providerCardPrice, sessionPrice, UNKNOWN_LOCATION_ZONE } from './patient-price';

// Offerings as the api sends them: INR with an international price in USD, or USD only.
const inr = (fee: number, intl?: number, couple?: [number, number?]): OfferingPrice => ({
  minimum_fee: fee,
  currency: 'INR',
  display_text: `₹${fee}`,
  international_pricing_display_text: intl ? `$${intl}` : '',
  international_price: intl ? { amount: intl, currency: 'USD' } : null,
  couple: couple
    ? {
        offering_couple: true,
        minimum_fee: couple[0],
        display_text: `₹${couple[0]}`,
        international_price: couple[1] ? { amount: couple[1], currency: 'USD' } : null,
      }
    : null,
});
const usd = (fee: number): OfferingPrice => ({
  minimum_fee: fee,
  currency: 'USD',
  display_text: `$${fee}`,
  international_price: { amount: fee, currency: 'USD' },
});
const OFFER_300 = { discount_amount: { value: 300, currency: 'INR' }, discount_amount_currency: 'INR', discount_percentage: null };
const OFFER_15 = { discount_amount: null, discount_amount_currency: null, discount_percentage: 15 };
type P = Pick<Provider, 'online_offering' | 'offline_offering' | 'commercials' | 'offer'>;

describe('patientPricing: the currency is decided once, from the location', () => {
  it.each<[string, Parameters<typeof patientPricing>[0], { international: boolean; locationZone: string }]>([
    [
      'location in India',
      { location: { timezone: 'Asia/Kolkata' }, isUserInForeignTimezone: false },
      { international: false, locationZone: 'Asia/Kolkata' },
    ],
    [
      'location in New York (is_international)',
      { location: { timezone: 'America/New_York' }, isUserInForeignTimezone: true },
      { international: true, locationZone: 'America/New_York' },
    ],
    [
      'location in London',
      { location: { timezone: 'Europe/London' }, isUserInForeignTimezone: true },
      { international: true, locationZone: 'Europe/London' },
    ],
    [
      'no location answer yet: India, whatever the browser says',
      { location: null, isUserInForeignTimezone: false },
      { international: false, locationZone: UNKNOWN_LOCATION_ZONE },
    ],
    [
      'a stale flag without a location zone does not decide',
      { location: { timezone: null }, isUserInForeignTimezone: true },
      { international: false, locationZone: UNKNOWN_LOCATION_ZONE },
    ],
  ])('%s', (_name, details, expected) => {
    expect(patientPricing(details)).toEqual(expected);
  });

  it.each([
    ['Asia/Kolkata', false],
    ['Asia/Calcutta', false],
    ['America/New_York', true],
    ['UTC', true],
    ['Europe/London', true],
  ])('the location service says %s is international: %s', (zone, intl) => {
    expect(locationIsInternational(zone)).toBe(intl);
  });
});

describe('providerCardPrice: the card shows what the rule charges', () => {
  it.each<[string, P, boolean, { text: string; listText: string; currency: string; offerText: string | null; sessionType: string } | null]>(
    [
      [
        'Indian patient: INR',
        { online_offering: inr(1500, 38) },
        false,
        { text: '₹1,500', listText: '₹1,500', currency: 'INR', offerText: null, sessionType: 'individual' },
      ],
      [
        'international patient, international price: USD',
        { online_offering: inr(1500, 38) },
        true,
        { text: '$38', listText: '$38', currency: 'USD', offerText: null, sessionType: 'individual' },
      ],
      [
        'international patient, no international price: INR shown as INR',
        { online_offering: inr(1500) },
        true,
        { text: '₹1,500', listText: '₹1,500', currency: 'INR', offerText: null, sessionType: 'individual' },
      ],
      [
        'a USD provider for an Indian patient: USD',
        { online_offering: usd(120) },
        false,
        { text: '$120', listText: '$120', currency: 'USD', offerText: null, sessionType: 'individual' },
      ],
      [
        'an amount offer is applied: ₹1,300 less ₹300',
        { online_offering: inr(1300, 33), offer: OFFER_300 },
        false,
        { text: '₹1,000', listText: '₹1,300', currency: 'INR', offerText: '₹300 off', sessionType: 'individual' },
      ],
      [
        'an INR offer is not shown to a patient paying USD',
        { online_offering: inr(1300, 33), offer: OFFER_300 },
        true,
        { text: '$33', listText: '$33', currency: 'USD', offerText: null, sessionType: 'individual' },
      ],
      [
        'a percentage offer applies in any currency',
        { online_offering: usd(90), offer: OFFER_15 },
        true,
        { text: '$76', listText: '$90', currency: 'USD', offerText: '15% off', sessionType: 'individual' },
      ],
      [
        'the lower of online and offline with commercials',
        { online_offering: inr(2000, 50), offline_offering: inr(1500, 38), commercials: { medium: 'x' } },
        true,
        { text: '$38', listText: '$38', currency: 'USD', offerText: null, sessionType: 'individual' },
      ],
      [
        'couple pricing with its own international price',
        { online_offering: inr(1800, 45, [2800, 70]) },
        true,
        { text: '$70', listText: '$70', currency: 'USD', offerText: null, sessionType: 'couple' },
      ],
      ['minimum fee 0: no fee line on the card', { online_offering: inr(0) }, false, null],
      ['nothing offered', {}, false, null],
    ],
  )('%s', (_name, provider, international, expected) => {
    const p = providerCardPrice(provider, { international });
    expect(p && { text: p.text, listText: p.listText, currency: p.currency, offerText: p.offerText, sessionType: p.sessionType }).toEqual(
      expected,
    );
  });
});

describe('sessionPrice: the confirmation shows what the booking will charge', () => {
  const choice: Parameters<typeof sessionPrice>[1] = {
    mode: 'online',
    sessionType: 'individual',
    durationMinutes: 50,
    scheduleDiscountPercent: 0,
  };
  it.each<[string, P, Partial<typeof choice>, boolean, { text: string; total: number; currency: string }]>([
    ['international: USD', { online_offering: inr(1500, 38) }, {}, true, { text: '$38', total: 38, currency: 'USD' }],
    ['India: INR', { online_offering: inr(1500, 38) }, {}, false, { text: '₹1,500', total: 1500, currency: 'INR' }],
    ['the offer applied', { online_offering: inr(1300), offer: OFFER_300 }, {}, false, { text: '₹1,000', total: 1000, currency: 'INR' }],
    [
      'a schedule discount larger than the offer wins (they do not stack)',
      { online_offering: inr(1300), offer: OFFER_300 },
      { scheduleDiscountPercent: 30 },
      false,
      { text: '₹910', total: 910, currency: 'INR' },
    ],
    ['a free provider says Free', { online_offering: inr(0) }, {}, false, { text: 'Free', total: 0, currency: 'INR' }],
    [
      'a couple session at the couple fee',
      { online_offering: inr(1800, 45, [2800, 70]) },
      { sessionType: 'couple' },
      false,
      { text: '₹2,800', total: 2800, currency: 'INR' },
    ],
  ])('%s', (_name, provider, over, international, expected) => {
    const p = sessionPrice(provider, { ...choice, ...over }, { international });
    expect(p && { text: p.text, total: p.total, currency: p.currency }).toEqual(expected);
  });

  it('null when the mode is not offered', () => {
    expect(sessionPrice({ online_offering: inr(900) }, { ...choice, mode: 'offline' }, { international: false })).toBeNull();
  });
});
