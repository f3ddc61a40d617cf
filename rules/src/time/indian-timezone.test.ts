import { isIndianTimezone } from './indian-timezone';
import { isForeignTimezone } from './slot-label';

describe('isIndianTimezone (product rules, Booking and time zones: accepted Indian zones)', () => {
  it.each([
    ['Asia/Kolkata', true],
    ['Asia/Calcutta', true],
    ['asia/calcutta', false],
    ['Asia/Dhaka', false],
    ['Asia/Colombo', false],
    ['UTC', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('%s -> %s', (zone, expected) => {
    expect(isIndianTimezone(zone)).toBe(expected);
    if (typeof zone === 'string' && zone) expect(isForeignTimezone(zone)).toBe(!expected);
  });
});
