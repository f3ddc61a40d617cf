import { buildCountryCodes, findCountry, loadCountryCodes } from './country-codes';
import { isValidPhone, maxPhoneLength, phoneLengthsOf } from '@haven/rules';

describe('loadCountryCodes (product rules, Validation)', () => {
  it('has about 250 entries, Kosovo and South Sudan among them', async () => {
    const list = await loadCountryCodes();
    expect(list.length).toBeGreaterThanOrEqual(240);
    expect(list.length).toBeLessThanOrEqual(260);
    expect(findCountry(list, 'XK')).toMatchObject({ label: 'Kosovar', value: 'XK', country: 'Kosovo', dialCode: '+383' });
    expect(findCountry(list, 'SS')).toMatchObject({ label: 'South Sudanese', value: 'SS', country: 'South Sudan', dialCode: '+211' });
    expect(findCountry(list, 'DO')).toMatchObject({ dialCode: '+1', phoneLength: 10 });
    expect(findCountry(list, 'in')).toMatchObject({ label: 'Indian', value: 'IN', country: 'India', dialCode: '+91', phoneLength: 10 });
  });

  it('every entry has a nationality label, a two-letter code, a name and a dial code', async () => {
    const list = await loadCountryCodes();
    for (const c of list) {
      expect(c.value).toMatch(/^[A-Z]{2}$/);
      expect(c.label.length).toBeGreaterThan(0);
      expect(c.country.length).toBeGreaterThan(0);
      expect(c.dialCode).toMatch(/^\+\d{1,4}$/);
    }
    expect(new Set(list.map((c) => c.value)).size).toBe(list.length);
  });

  it('some entries have no phoneLength (the dataset does not know it)', async () => {
    const list = await loadCountryCodes();
    expect(findCountry(list, 'AQ')?.phoneLength).toBeUndefined();
  });

  it('is loaded once', async () => {
    expect(await loadCountryCodes()).toBe(await loadCountryCodes());
  });
});

describe('buildCountryCodes', () => {
  it('drops entries without a name or a dial code and sorts by country name', () => {
    const list = buildCountryCodes(
      {
        ZZ: { name: 'Zedland', phone: [999] },
        AA: { name: 'Aland', phone: [998, 997] },
        NN: { name: '', phone: [1] },
        PP: { name: 'No Phone', phone: [] },
        UU: undefined,
      },
      (code) => (code === 'ZZ' ? { callingCode: '999', lengths: [8, 9] } : code === 'AA' ? { callingCode: '997' } : undefined),
      { ZZ: 'Zedlander' },
    );
    expect(list).toEqual([
      { label: 'Aland', value: 'AA', country: 'Aland', dialCode: '+997', dialCodes: ['+997', '+998'] },
      { label: 'Zedlander', value: 'ZZ', country: 'Zedland', dialCode: '+999', dialCodes: ['+999'], phoneLength: [8, 9] },
    ]);
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
});
