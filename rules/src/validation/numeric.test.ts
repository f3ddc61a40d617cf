import { digitsOnly, isAllowedNumericKey, isValidNumber } from './numeric';

describe('isAllowedNumericKey (product rules, Validation: digits and backspace)', () => {
  it.each([
    ['0', true],
    ['5', true],
    ['9', true],
    ['Backspace', true],
    ['a', false],
    ['e', false],
    ['+', false],
    ['-', false],
    ['.', false],
    [' ', false],
    ['Spacebar', false],
    // keys that insert nothing stay usable (keyboard paths)
    ['Tab', true],
    ['ArrowLeft', true],
    ['Enter', true],
  ])('%j → %s', (key, allowed) => {
    expect(isAllowedNumericKey({ key })).toBe(allowed);
  });

  it('lets shortcuts through (paste is cleaned by digitsOnly)', () => {
    expect(isAllowedNumericKey({ key: 'v', ctrlKey: true })).toBe(true);
    expect(isAllowedNumericKey({ key: 'v', metaKey: true })).toBe(true);
    expect(digitsOnly(' +91 98765-43210 ')).toBe('919876543210');
  });
});

describe('isValidNumber (product rules, Validation: no spaces, within max length, numeric)', () => {
  it.each([
    ['123456', 6, true],
    ['123456', 10, true],
    ['1234567', 6, false],
    ['123 456', 10, false],
    [' 123', 10, false],
    ['12a4', 10, false],
    ['12.4', 10, false],
    ['-12', 10, false],
    ['', 10, false],
  ])('%j (max %d) → %s', (value, max, valid) => {
    expect(isValidNumber(value, max)).toBe(valid);
  });

  it('has no length limit without a max', () => {
    expect(isValidNumber('1'.repeat(40))).toBe(true);
  });
});
