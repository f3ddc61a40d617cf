import { moneyText, priceText } from './price';

// One currency format on every money screen: the symbol and the country's grouping, never the code.
test.each([
  [740, 'INR', '₹740'],
  [150000, 'INR', '₹1,50,000'],
  [740.5, 'INR', '₹740.50'],
  [0, 'INR', '₹0'],
  [120, 'USD', '$120'],
  [1200000, 'usd', '$1,200,000'],
  [99.9, 'USD', '$99.90'],
  [10, 'EUR', 'EUR 10'],
])('%d %s is written %s', (amount, currency, written) => {
  expect(moneyText(amount, currency)).toBe(written);
});

test('a price is the same words ("Free" at 0)', () => {
  expect(priceText(1500, 'INR')).toBe(moneyText(1500, 'INR'));
  expect(priceText(0, 'INR')).toBe('Free');
});
