import { isValidPhone, maxPhoneLength, phoneLengthsOf } from './phone';
import { findCountry, loadCountryCodes } from './country-codes';

describe('isValidPhone — India (default): ten digits starting 5 to 9', () => {
  it.each([
    ['9876543210', true],
    ['5000000000', true],
    ['6123456789', true],
    ['7999999999', true],
    ['8123456789', true],
    ['4876543210', false],
    ['0876543210', false],
    ['1234567890', false],
    ['987654321', false],
    ['98765432100', false],
    ['98765 43210', false],
    ['+919876543210', false],
    ['98765a3210', false],
    ['', false],
  ])('%s → %s', (phone, valid) => {
    expect(isValidPhone(phone)).toBe(valid);
    expect(isValidPhone(phone, { value: 'IN', phoneLength: 10 })).toBe(valid);
  });
});

describe('phone length per country, from the country list (product rules, Validation)', () => {
  // The six the spec names; the lengths come from the loaded list, not from this table.
  const spec: Array<[string, string, number[]]> = [
    ['IN', 'India', [10]],
    ['US', 'United States', [10]],
    ['AE', 'United Arab Emirates', [9]],
    ['GB', 'United Kingdom', [10]],
    ['AR', 'Argentina', [6, 7, 8]],
    ['AT', 'Austria', [10, 11]],
  ];

  it.each(spec)('%s (%s) allows exactly %j digits', async (code, name, lengths) => {
    const country = findCountry(await loadCountryCodes(), code);
    expect(country?.country).toBe(name);
    expect(phoneLengthsOf(country)).toEqual(lengths);
    for (let n = 1; n <= 16; n += 1) {
      const number = (code === 'IN' ? '9' : '5').padEnd(n, '1');
      expect([code, n, isValidPhone(number, country)]).toEqual([code, n, lengths.includes(n)]);
    }
    expect(maxPhoneLength(country)).toBe(Math.max(...lengths));
  });

  it('refuses non-digits in any country', async () => {
    const us = findCountry(await loadCountryCodes(), 'US');
    expect(isValidPhone('555-123-456', us)).toBe(false);
    expect(isValidPhone('555 123 456', us)).toBe(false);
  });

  it('a country without a known length accepts 4 to 15 digits', () => {
    expect(isValidPhone('1234', { value: 'AQ' })).toBe(true);
    expect(isValidPhone('123', { value: 'AQ' })).toBe(false);
    expect(isValidPhone('1'.repeat(16), { value: 'AQ' })).toBe(false);
    expect(maxPhoneLength({ value: 'AQ' })).toBe(15);
  });
});
