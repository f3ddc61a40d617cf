import { couponText, listingCoupons, type PublicCoupon } from './listing-coupons';

const pct: PublicCoupon = { code: 'WELCOME20', description: '20% off', discount_percentage: 20, discount_amount: null, currency: null };
const inr: PublicCoupon = { code: 'FLAT300', description: '₹300 off', discount_percentage: null, discount_amount: 300, currency: 'INR' };
const usd: PublicCoupon = { code: 'TEN', description: '$10 off', discount_percentage: null, discount_amount: 10, currency: 'USD' };
const price = (fee: number, currency: string) => ({ minimum_fee: fee, currency, display_text: '', international_pricing_display_text: '' });

describe('listingCoupons (cf_coupon_enabled)', () => {
  it.each([
    ['flag off: none', { online_offering: price(1500, 'INR') }, false, []],
    ['INR fee: percentage and INR amount', { online_offering: price(1500, 'INR') }, true, ['WELCOME20', 'FLAT300']],
    ['USD fee: percentage and USD amount', { online_offering: price(120, 'USD') }, true, ['WELCOME20', 'TEN']],
    ['offline only, INR', { offline_offering: price(1400, 'INR') }, true, ['WELCOME20', 'FLAT300']],
    ['zero fee: nothing to take off', { online_offering: price(0, 'INR') }, true, []],
    ['no offering', {}, true, []],
  ])('%s', (_case, provider, enabled, codes) => {
    expect(listingCoupons(provider, [pct, inr, usd], enabled).map((c) => c.code)).toEqual(codes);
  });
});

describe('couponText', () => {
  it.each([
    [pct, 'WELCOME20: 20% off'],
    [inr, 'FLAT300: ₹300 off'],
    [usd, 'TEN: $10 off'],
  ])('%o', (c, text) => expect(couponText(c)).toBe(text));
});
