import { couponText, listingCoupons, type PublicCoupon } from './listing-coupons';

const pct: PublicCoupon = { code: 'WELCOME20', description: '20% off', discount_percentage: 20, discount_amount: null, currency: null };
const inr: PublicCoupon = { code: 'FLAT300', description: '₹300 off', discount_percentage: null, discount_amount: 300, currency: 'INR' };
const usd: PublicCoupon = { code: 'TEN', description: '$10 off', discount_percentage: null, discount_amount: 10, currency: 'USD' };

describe('listingCoupons (cf_coupon_enabled)', () => {
  it.each([
    ['flag off: none', 'INR', false, []],
    ['INR price: percentage and INR amount', 'INR', true, ['WELCOME20', 'FLAT300']],
    ['USD price (an international patient): percentage and USD amount, never the INR chip', 'USD', true, ['WELCOME20', 'TEN']],
    ['nothing to pay: nothing to take off', null, true, []],
  ])('%s', (_case, currency, enabled, codes) => {
    expect(listingCoupons(currency, [pct, inr, usd], enabled).map((c) => c.code)).toEqual(codes);
  });
});

describe('couponText', () => {
  it.each([
    [pct, 'WELCOME20: 20% off'],
    [inr, 'FLAT300: ₹300 off'],
    [usd, 'TEN: $10 off'],
  ])('%o', (c, text) => expect(couponText(c)).toBe(text));
});
