import { offerText } from './offer-text';

describe('offerText (product rules, Providers and fees: Offer)', () => {
  it.each([
    [
      'INR amount',
      { discount_amount: { value: 500, currency: 'INR' }, discount_amount_currency: 'INR', discount_percentage: null },
      '₹500 off',
    ],
    [
      'USD amount',
      { discount_amount: { value: 20, currency: 'USD' }, discount_amount_currency: 'USD', discount_percentage: null },
      '$20 off',
    ],
    [
      'amount with only the outer currency',
      { discount_amount: { value: 1000, currency: '' }, discount_amount_currency: 'INR', discount_percentage: null },
      '₹1,000 off',
    ],
    ['percentage', { discount_amount: null, discount_amount_currency: null, discount_percentage: 20 }, '20% off'],
    [
      'amount wins over percentage',
      { discount_amount: { value: 300, currency: 'INR' }, discount_amount_currency: 'INR', discount_percentage: 10 },
      '₹300 off',
    ],
    ['zero offer', { discount_amount: { value: 0, currency: 'INR' }, discount_amount_currency: 'INR', discount_percentage: 0 }, null],
    ['no offer', null, null],
  ])('%s', (_case, offer, text) => {
    expect(offerText(offer)).toBe(text);
  });
});
