import fc from 'fast-check';
import {
  cardPrice,
  couponAmount,
  currencyFor,
  PriceError,
  priceOf,
  priceText,
  sumOfLines,
  type PriceCoupon,
  type PriceInput,
  type PriceOffering,
} from './price';

const inr = (fee: number, couple?: number): PriceOffering => ({
  minimum_fee: fee,
  currency: 'INR',
  couple: couple ? { offering_couple: true, minimum_fee: couple } : null,
});
const withIntl = (o: PriceOffering, amount: number): PriceOffering => ({ ...o, international_price: { amount, currency: 'USD' } });
const FLAT300: PriceCoupon = { code: 'FLAT300', discount_percentage: null, discount_amount: 300, currency: 'INR' };
const WELCOME20: PriceCoupon = { code: 'WELCOME20', discount_percentage: 20, discount_amount: null, currency: null };
const USD10: PriceCoupon = { code: 'USD10', discount_percentage: null, discount_amount: 10, currency: 'USD' };
const base: PriceInput = {
  offering: inr(900),
  sessionType: 'individual',
  durationMinutes: 50,
  scheduleDiscountPercent: 0,
  international: false,
};

describe('priceOf: list price, discounts, coupon and package', () => {
  it.each<[string, Partial<PriceInput>, { currency: string; list: number; total: number; kinds: string[] }]>([
    ['list price, nothing off', {}, { currency: 'INR', list: 900, total: 900, kinds: ['list'] }],
    ['a length other than 50 costs the same fee', { durationMinutes: 30 }, { currency: 'INR', list: 900, total: 900, kinds: ['list'] }],
    ['a free provider: 0', { offering: inr(0) }, { currency: 'INR', list: 0, total: 0, kinds: ['list'] }],
    [
      'couple session: the couple fee',
      { offering: inr(1800, 2800), sessionType: 'couple' },
      { currency: 'INR', list: 2800, total: 2800, kinds: ['list'] },
    ],
    [
      'assessment: its own fee',
      { sessionType: 'ancillary_assessment', assessmentFee: 2500 },
      { currency: 'INR', list: 2500, total: 2500, kinds: ['list'] },
    ],
    [
      'schedule discount 20%',
      { scheduleDiscountPercent: 20 },
      { currency: 'INR', list: 900, total: 720, kinds: ['list', 'schedule_discount'] },
    ],
    [
      'provider offer ₹300',
      { offering: inr(1300), offer: { discount_amount: { value: 300, currency: 'INR' }, discount_percentage: null } },
      { currency: 'INR', list: 1300, total: 1000, kinds: ['list', 'offer'] },
    ],
    [
      'provider offer 15%',
      { offer: { discount_amount: null, discount_percentage: 15 } },
      { currency: 'INR', list: 900, total: 765, kinds: ['list', 'offer'] },
    ],
    [
      'offer in another currency does not apply',
      { offer: { discount_amount: { value: 5, currency: 'USD' }, discount_percentage: null } },
      { currency: 'INR', list: 900, total: 900, kinds: ['list'] },
    ],
    [
      'offer and schedule discount do not stack: the larger',
      { scheduleDiscountPercent: 10, offer: { discount_amount: { value: 300, currency: 'INR' }, discount_percentage: null } },
      { currency: 'INR', list: 900, total: 600, kinds: ['list', 'offer'] },
    ],
    ['amount coupon', { coupon: FLAT300 }, { currency: 'INR', list: 900, total: 600, kinds: ['list', 'coupon'] }],
    [
      'percentage coupon on the list price, after a schedule discount',
      { scheduleDiscountPercent: 20, coupon: WELCOME20 },
      { currency: 'INR', list: 900, total: 540, kinds: ['list', 'schedule_discount', 'coupon'] },
    ],
    [
      'a coupon larger than the fee: 0, never below',
      { offering: inr(200), coupon: FLAT300 },
      { currency: 'INR', list: 200, total: 0, kinds: ['list', 'coupon'] },
    ],
    [
      'package credit covers the rest',
      { scheduleDiscountPercent: 20, packageCredit: true },
      { currency: 'INR', list: 900, total: 0, kinds: ['list', 'schedule_discount', 'package'] },
    ],
    [
      'international patient, provider with an international price: USD',
      { offering: withIntl(inr(1500), 38), international: true },
      { currency: 'USD', list: 38, total: 38, kinds: ['list'] },
    ],
    [
      'international patient, no international price: INR shown as INR',
      { offering: inr(1500), international: true },
      { currency: 'INR', list: 1500, total: 1500, kinds: ['list'] },
    ],
    [
      'patient in India, provider with an international price: INR',
      { offering: withIntl(inr(1500), 38) },
      { currency: 'INR', list: 1500, total: 1500, kinds: ['list'] },
    ],
    [
      'international couple: the couple fee scaled like the individual one',
      { offering: withIntl(inr(2000, 3000), 50), international: true, sessionType: 'couple' },
      { currency: 'USD', list: 75, total: 75, kinds: ['list'] },
    ],
    [
      'USD coupon on a USD price',
      { offering: withIntl(inr(1500), 38), international: true, coupon: USD10 },
      { currency: 'USD', list: 38, total: 28, kinds: ['list', 'coupon'] },
    ],
  ])('%s', (_name, over, expected) => {
    const p = priceOf({ ...base, ...over });
    expect({ currency: p.currency, list: p.list, total: p.total, kinds: p.lines.map((l) => l.kind) }).toEqual(expected);
    expect(sumOfLines(p.lines)).toBe(p.total);
  });

  it.each<[string, Partial<PriceInput>, RegExp]>([
    ['INR coupon on a USD price is refused', { offering: withIntl(inr(1500), 38), international: true, coupon: FLAT300 }, /INR fees/],
    ['USD coupon on an INR price is refused', { coupon: USD10 }, /USD fees/],
    ['couple session from a provider without one', { sessionType: 'couple' }, /couple/],
    ['assessment without its fee', { sessionType: 'ancillary_assessment' }, /assessment/],
    [
      'assessment with a coupon: coupons are for sessions',
      { sessionType: 'ancillary_assessment', assessmentFee: 4500, coupon: WELCOME20 },
      /assessment takes no coupon/,
    ],
    [
      'assessment with a package credit: credits are for sessions',
      { sessionType: 'ancillary_assessment', assessmentFee: 4500, packageCredit: true },
      /does not cover assessments/,
    ],
    ['no length', { durationMinutes: 0 }, /length/],
  ])('%s', (_name, over, message) => {
    expect(() => priceOf({ ...base, ...over })).toThrow(PriceError);
    expect(() => priceOf({ ...base, ...over })).toThrow(message);
  });

  it('a coupon is computed on the list price, so applying it again changes nothing', () => {
    const once = priceOf({ ...base, coupon: FLAT300 });
    expect(couponAmount(FLAT300, once.list, once.currency)).toBe(300);
    expect(priceOf({ ...base, coupon: FLAT300 })).toEqual(once);
  });
});

// The booking summary shows each line of the rule and the total: a patient can add them up and check.
describe('the summary lines add up to the total', () => {
  const offered1000 = { discount_amount: { value: 300, currency: 'INR' }, discount_percentage: null };
  it.each<[string, Partial<PriceInput>, Array<[string, number]>, number]>([
    ['list price only', { offering: inr(1300) }, [['list', 1300]], 1300],
    [
      'provider offer',
      { offering: inr(1300), offer: offered1000 },
      [
        ['list', 1300],
        ['offer', -300],
      ],
      1000,
    ],
    [
      'offer and coupon (WELCOME20 on ₹1,300 offered at ₹1,000: 20% of the list price)',
      { offering: inr(1300), offer: offered1000, coupon: WELCOME20 },
      [
        ['list', 1300],
        ['offer', -300],
        ['coupon', -260],
      ],
      740,
    ],
    [
      'offer, coupon and a package credit for the rest',
      { offering: inr(1300), offer: offered1000, coupon: WELCOME20, packageCredit: true },
      [
        ['list', 1300],
        ['offer', -300],
        ['coupon', -260],
        ['package', -740],
      ],
      0,
    ],
    [
      'a package credit alone',
      { offering: inr(1300), packageCredit: true },
      [
        ['list', 1300],
        ['package', -1300],
      ],
      0,
    ],
  ])('%s', (_case, input, lines, total) => {
    const p = priceOf({ ...base, ...input });
    expect(p.lines.map((l) => [l.kind, l.amount])).toEqual(lines);
    expect(p.total).toBe(total);
    expect(sumOfLines(p.lines)).toBe(total);
  });
});

describe('the card and its words', () => {
  it.each<[string, Parameters<typeof cardPrice>[0], Parameters<typeof cardPrice>[1], string | null]>([
    [
      'the lower of online and offline with commercials',
      { online: inr(2000), offline: inr(1500) },
      { commercials: true, international: false },
      '₹1,500',
    ],
    ['online without commercials', { online: inr(2000), offline: inr(1500) }, { commercials: false, international: false }, '₹2,000'],
    ['offline only', { online: null, offline: inr(1400) }, { commercials: false, international: false }, '₹1,400'],
    ['a free provider says Free', { online: inr(0), offline: null }, { commercials: false, international: false }, 'Free'],
    [
      'an offer shown is the offer applied',
      { online: inr(1300), offline: null },
      { commercials: false, international: false, offer: { discount_amount: { value: 300, currency: 'INR' }, discount_percentage: null } },
      '₹1,000',
    ],
    [
      'international with an international price',
      { online: withIntl(inr(1500), 38), offline: null },
      { commercials: false, international: true },
      '$38',
    ],
    ['international without one: INR', { online: inr(1500), offline: null }, { commercials: false, international: true }, '₹1,500'],
    [
      'couple pricing when a couple offering exists',
      { online: inr(1800, 2800), offline: null },
      { commercials: false, international: false, sessionType: 'couple' },
      '₹2,800',
    ],
    ['nothing offered', { online: null, offline: null }, { commercials: false, international: false }, null],
  ])('%s', (_name, offerings, opts, text) => {
    const p = cardPrice(offerings, opts);
    expect(p ? priceText(p.total, p.currency) : null).toBe(text);
  });

  it('the currency is decided by the location, never by a zone alone', () => {
    expect(currencyFor(withIntl(inr(1500), 38), false).currency).toBe('INR');
    expect(currencyFor(withIntl(inr(1500), 38), true).currency).toBe('USD');
  });
});

// A booking's price through any sequence of operations (coupons applied again and again, other coupons
// tried, rescheduled into and out of discounted hours, a package credit) is what the rule says for the
// inputs it ends with: one coupon at most, computed on the list price.
type Op = { kind: 'coupon'; coupon: PriceCoupon } | { kind: 'reschedule'; percent: number } | { kind: 'package' };
/** What the api does with a booking's inputs: the first coupon sticks (another is refused), a move re-prices. */
function replay(start: PriceInput, ops: Op[]): PriceInput {
  let s = start;
  for (const op of ops) {
    if (op.kind === 'coupon') {
      if (s.coupon && s.coupon.code !== op.coupon.code) continue;
      try {
        priceOf({ ...s, coupon: op.coupon });
      } catch {
        continue;
      }
      s = { ...s, coupon: op.coupon };
    } else if (op.kind === 'reschedule') s = { ...s, scheduleDiscountPercent: op.percent };
    else s = { ...s, packageCredit: true };
  }
  return s;
}

describe('no sequence of operations prices a session below the rule', () => {
  const coupon = fc.oneof(
    fc.constant(FLAT300),
    fc.constant(WELCOME20),
    fc.constant(USD10),
    fc.record({
      code: fc.constantFrom('A', 'B'),
      discount_percentage: fc.integer({ min: 1, max: 100 }),
      discount_amount: fc.constant(null),
      currency: fc.constant(null),
    }),
  );
  const op: fc.Arbitrary<Op> = fc.oneof(
    coupon.map((c) => ({ kind: 'coupon' as const, coupon: c })),
    fc.integer({ min: 0, max: 60 }).map((percent) => ({ kind: 'reschedule' as const, percent })),
    fc.constant({ kind: 'package' as const }),
  );
  it('the total equals the rule for the final inputs, and at least list − one coupon − the larger provider discount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), fc.boolean(), fc.array(op, { maxLength: 12 }), (fee, intl, ops) => {
        const start: PriceInput = { ...base, offering: withIntl(inr(fee), Math.round(fee / 40)), international: intl };
        const end = replay(start, ops);
        const p = priceOf(end);
        expect(sumOfLines(p.lines)).toBe(p.total);
        expect(p.total).toBeGreaterThanOrEqual(0);
        expect(p.total).toBeLessThanOrEqual(p.list);
        expect(p.lines.filter((l) => l.kind === 'coupon').length).toBeLessThanOrEqual(1);
        if (!end.packageCredit) {
          const couponOff = end.coupon ? couponAmount(end.coupon, p.list, p.currency) : 0;
          const providerOff = Math.round((p.list * end.scheduleDiscountPercent) / 100);
          expect(p.total).toBeGreaterThanOrEqual(Math.max(0, p.list - couponOff - providerOff));
        }
      }),
      { numRuns: 1000 },
    );
  });
});
