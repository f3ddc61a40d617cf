import { cancelReturn, cancelReturnText, type CancellableBooking } from './cancel-return';
import { priceOf } from './price';

const NOW = Date.parse('2026-12-01T10:00:00Z');
const later = '2026-12-02T10:00:00.000Z';
const base: CancellableBooking = {
  status: 'confirmed',
  fee: 720,
  currency: 'INR',
  start_time: later,
  price_lines: [{ kind: 'list' }, { kind: 'coupon' }],
};

describe('what comes back on cancelling', () => {
  test.each<[string, Partial<CancellableBooking>, ReturnType<typeof cancelReturn>]>([
    ['a paid session before its start: the amount paid', {}, { kind: 'refund', amount: 720, currency: 'INR' }],
    [
      'a session paid with a package credit: the credit',
      { fee: 0, price_lines: [{ kind: 'list' }, { kind: 'package' }] },
      { kind: 'credit' },
    ],
    ['an unpaid hold: nothing', { status: 'pending' }, { kind: 'nothing_paid' }],
    ['a free session: nothing', { fee: 0, price_lines: [{ kind: 'list' }, { kind: 'coupon' }] }, { kind: 'nothing_paid' }],
    ['at its start: too late', { start_time: new Date(NOW).toISOString() }, { kind: 'too_late' }],
  ])('%s', (_name, patch, expected) => {
    expect(cancelReturn({ ...base, ...patch }, NOW)).toEqual(expected);
  });

  test("the refund is the price rule's total, written as the pages write prices", () => {
    const price = priceOf({
      offering: { minimum_fee: 900, currency: 'INR' },
      sessionType: 'individual',
      durationMinutes: 50,
      scheduleDiscountPercent: 0,
      international: false,
      coupon: { code: 'WELCOME20', discount_percentage: 20, discount_amount: null, currency: null },
    });
    const r = cancelReturn({ ...base, fee: price.total, currency: price.currency }, NOW);
    expect(cancelReturnText(r)).toBe('You get back ₹720, the full amount you paid, to the way you paid, with a credit note.');
  });
});
