import { isValidPhone, maxPhoneLength } from './phone';

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

describe('phone length when the country list does not know it', () => {
  it('a country without a known length accepts 4 to 15 digits', () => {
    expect(isValidPhone('1234', { value: 'AQ' })).toBe(true);
    expect(isValidPhone('123', { value: 'AQ' })).toBe(false);
    expect(isValidPhone('1'.repeat(16), { value: 'AQ' })).toBe(false);
    expect(maxPhoneLength({ value: 'AQ' })).toBe(15);
  });
});
