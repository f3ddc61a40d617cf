import { invoiceAmount } from './invoice-amount';

test.each([
  [1500, 'INR', 'INR 1,500.00'],
  [150000, 'INR', 'INR 1,50,000.00'],
  [900, 'INR', 'INR 900.00'],
  [120, 'USD', 'USD 120.00'],
  [1200000, 'USD', 'USD 1,200,000.00'],
])('%d %s is written %s', (amount, currency, written) => {
  expect(invoiceAmount(amount, currency)).toBe(written);
});
