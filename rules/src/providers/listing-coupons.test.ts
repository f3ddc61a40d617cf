import { couponFlagEnabled, couponText, listingCoupons, type PublicCoupon } from './listing-coupons';

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

describe('couponFlagEnabled (cf_coupon_enabled from the product api flag list)', () => {
  const flag = (name: string, enabled: boolean) => ({ name, enabled });
  it.each([
    ['listed and enabled', [flag('ai_enabled', false), flag('public_show_coupon_code_on_customer_listing', true)], true],
    ['listed and disabled', [flag('public_show_coupon_code_on_customer_listing', false)], false],
    ['not listed', [flag('ai_enabled', true)], false],
    ['another flag of a similar name', [flag('public_show_coupon_code', true)], false],
    ['an empty list', [], false],
  ])('%s', (_case, features, expected) => {
    expect(couponFlagEnabled(features)).toBe(expected);
  });
});
