import { discountAt, discountedFee, discountText, type ScheduleDiscountRule } from './schedule-discount';

const mornings: ScheduleDiscountRule = { weekdays: [1, 2, 3, 4, 5], start_hour: 9, end_hour: 11, percent: 20, label: 'Weekday mornings' };
const saturday: ScheduleDiscountRule = { weekdays: [6], start_hour: 9, end_hour: 18, percent: 10, label: 'Saturdays' };
const mondayNine: ScheduleDiscountRule = { weekdays: [1], start_hour: 9, end_hour: 10, percent: 30, label: 'Monday first hour' };

describe('discountAt (product rules, Providers and fees: schedule discounts)', () => {
  it.each([
    ['Tuesday 9:00, inside the window', [mornings], 2, 9, { percent: 20, label: 'Weekday mornings' }],
    ['Tuesday 10:00, last hour of the window', [mornings], 2, 10, { percent: 20, label: 'Weekday mornings' }],
    ['Tuesday 11:00, the end hour is not included', [mornings], 2, 11, null],
    ['Tuesday 8:00, before the window', [mornings], 2, 8, null],
    ['Saturday 9:00, weekday rule does not apply', [mornings], 6, 9, null],
    ['Saturday 9:00 with a Saturday rule', [mornings, saturday], 6, 9, { percent: 10, label: 'Saturdays' }],
    ['two rules apply: the larger wins', [mornings, mondayNine], 1, 9, { percent: 30, label: 'Monday first hour' }],
    ['two rules apply, order does not matter', [mondayNine, mornings], 1, 9, { percent: 30, label: 'Monday first hour' }],
    ['no rules', [], 1, 9, null],
    ['a broken rule (100%) is ignored', [{ ...mornings, percent: 100 }], 2, 9, null],
  ])('%s', (_case, rules, isoWeekday, hour, expected) => {
    expect(discountAt(rules, { isoWeekday, hour })).toEqual(expected);
  });
});

describe('discountedFee', () => {
  it.each([
    [2800, 20, 2240],
    [2800, 0, 2800],
    [150, 15, 128], // 127.5 rounds half up
    [200, 33, 134],
    [0, 20, 0],
    [999, 99, 10],
  ])('%i with %i%% off is %i', (fee, percent, expected) => {
    expect(discountedFee(fee, percent)).toBe(expected);
  });
  it('names the discount', () => expect(discountText(20)).toBe('20% off'));
});
