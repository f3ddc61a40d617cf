import { loadPhoneReader } from './phone-input';
import { isValidPhone } from '@haven/rules';

describe('loadPhoneReader: typed and pasted numbers, read before the rule', () => {
  it.each([
    // raw, chosen country, → country, national digits, E.164
    ['9876543210', 'IN', 'IN', '9876543210', '+919876543210'],
    ['+91 98765 43210', 'IN', 'IN', '9876543210', '+919876543210'],
    ['+91 98765 43210', 'GB', 'IN', '9876543210', '+919876543210'], // a +CC selects its country
    ['98765-43210', 'IN', 'IN', '9876543210', '+919876543210'],
    ['(98765) 43 210', 'IN', 'IN', '9876543210', '+919876543210'],
    ['09876543210', 'IN', 'IN', '9876543210', '+919876543210'], // trunk 0
    ['919876543210', 'IN', 'IN', '9876543210', '+919876543210'], // country code without plus
    ['07911123456', 'GB', 'GB', '7911123456', '+447911123456'], // never cut to 0791112345
    ['07911 123 456', 'GB', 'GB', '7911123456', '+447911123456'],
    ['+44 7911 123456', 'GB', 'GB', '7911123456', '+447911123456'],
    ['+1 (212) 555-0123', 'IN', 'US', '2125550123', '+12125550123'],
    ['+971 50 123 4567', 'IN', 'AE', '501234567', '+971501234567'],
    ['0 11 2345 6789', 'AR', 'AR', '1123456789', '+541123456789'],
  ])('%s with %s chosen → %s %s (%s)', async (raw, chosen, country, national, e164) => {
    const read = await loadPhoneReader();
    expect(read(raw, chosen)).toMatchObject({ country, national, e164 });
  });

  it('shows the international form for people', async () => {
    const read = await loadPhoneReader();
    expect(read('09876543210', 'IN').international).toBe('+91 98765 43210');
  });

  it('what it cannot read stays as its digits (the phone rule then refuses it); nothing is dropped', async () => {
    const read = await loadPhoneReader();
    expect(read('', 'IN')).toMatchObject({ national: '', e164: null });
    expect(read('abc', 'IN')).toMatchObject({ national: '', e164: null });
    expect(read('12', 'IN').national).toBe('12');
    expect(read('1234567890123456789', 'IN').national.length).toBeGreaterThanOrEqual(15);
  });

  it('the rule reads the national number', async () => {
    const read = await loadPhoneReader();
    expect(isValidPhone(read('+91 98765 43210', 'IN').national)).toBe(true);
    expect(isValidPhone(read('+91 12345 67890', 'IN').national)).toBe(false);
  });
});
