import { currencySymbol, providerFee } from './provider-fee';
import type { OfferingPrice } from './offering';

const inr = (fee: number, couple?: number): OfferingPrice => ({
  minimum_fee: fee,
  display_text: `₹${fee}`,
  international_pricing_display_text: `$${fee / 50}`,
  ...(couple
    ? {
        couple: {
          offering_couple: true,
          minimum_fee: couple,
          display_text: `₹${couple}`,
          international_pricing_display_text: `$${couple / 50}`,
        },
      }
    : {}),
});
const usd = (fee: number): OfferingPrice => ({ minimum_fee: fee, display_text: `$${fee}`, international_pricing_display_text: `$${fee}` });
const commercials = { medium: 'online_offline' };

describe('providerFee (product rules, Providers and fees: fee rule)', () => {
  it.each([
    ['INR online only', { online_offering: inr(900), offline_offering: null, commercials }, false, '₹900', 'online', 'individual'],
    ['USD online only', { online_offering: usd(120), offline_offering: null, commercials }, false, '$120', 'online', 'individual'],
    ['offline only', { online_offering: null, offline_offering: inr(1400), commercials }, false, '₹1400', 'offline', 'individual'],
    [
      'both, online lower',
      { online_offering: inr(1500), offline_offering: inr(2000), commercials },
      false,
      '₹1500',
      'online',
      'individual',
    ],
    [
      'both, offline lower: the lower is chosen',
      { online_offering: inr(2400), offline_offering: inr(1800), commercials },
      false,
      '₹1800',
      'offline',
      'individual',
    ],
    [
      'both, equal: online',
      { online_offering: inr(1800), offline_offering: inr(1800), commercials },
      false,
      '₹1800',
      'online',
      'individual',
    ],
    [
      'both without commercials: no comparison, online',
      { online_offering: inr(2400), offline_offering: inr(1800), commercials: null },
      false,
      '₹2400',
      'online',
      'individual',
    ],
    [
      'couple offering: couple price',
      { online_offering: inr(1800, 2800), offline_offering: null, commercials },
      false,
      '₹2800',
      'online',
      'couple',
    ],
    [
      'couple both ways: the lower couple price',
      { online_offering: inr(1800, 3200), offline_offering: inr(2200, 3000), commercials },
      false,
      '₹3000',
      'offline',
      'couple',
    ],
    [
      'foreign zone: international text',
      { online_offering: inr(1500), offline_offering: null, commercials },
      true,
      '$30',
      'online',
      'individual',
    ],
    [
      'foreign zone, couple: couple international text',
      { online_offering: inr(1500, 2500), offline_offering: null, commercials },
      true,
      '$50',
      'online',
      'couple',
    ],
  ])('%s', (_case, provider, foreignTimezone, text, mode, sessionType) => {
    expect(providerFee(provider, { foreignTimezone })).toEqual(expect.objectContaining({ text, mode, sessionType }));
  });

  it.each([
    ['zero fee', { online_offering: inr(0), offline_offering: null, commercials }],
    ['zero fee chosen as the lower one', { online_offering: inr(1500), offline_offering: inr(0), commercials }],
    ['no offering at all', { online_offering: null, offline_offering: null, commercials }],
    [
      'couple offering flagged off and zero individual fee',
      { online_offering: { ...inr(0), couple: { offering_couple: false, minimum_fee: 900, display_text: '₹900' } }, commercials: null },
    ],
  ])('%s: not shown', (_case, provider) => {
    expect(providerFee(provider)).toBeNull();
  });

  it('foreign zone without an international text keeps the display text', () => {
    expect(providerFee({ online_offering: { minimum_fee: 500, display_text: '₹500' } }, { foreignTimezone: true })?.text).toBe('₹500');
  });
});

describe('currencySymbol (product rules, Providers and fees)', () => {
  it.each([
    ['INR', '₹'],
    ['USD', '$'],
    ['inr', '₹'],
    ['EUR', 'EUR '],
    [null, ''],
  ])('%s -> %s', (currency, symbol) => {
    expect(currencySymbol(currency)).toBe(symbol);
  });
});
