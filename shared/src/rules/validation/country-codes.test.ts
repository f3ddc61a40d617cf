import { buildCountryCodes, findCountry, loadCountryCodes } from './country-codes';

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
