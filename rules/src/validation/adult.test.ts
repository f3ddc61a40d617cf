import { ageOn, isAdult } from './adult';

describe('isAdult (product rules, Validation: at least 18 years old), with an injected now', () => {
  const now = '2026-11-22';
  it.each([
    ['2008-11-22', true], // 18th birthday today
    ['2008-11-23', false], // tomorrow
    ['2008-11-21', true],
    ['1980-01-01', true],
    ['2010-05-05', false],
    ['2030-01-01', false], // future
    ['not a date', false],
    ['2008-02-30', false], // impossible date
  ])('born %s → %s', (birth, adult) => {
    expect(isAdult(birth, now)).toBe(adult);
  });

  it('a 29 February birthday turns 18 on 1 March of a common year', () => {
    expect(isAdult('2008-02-29', '2026-02-28')).toBe(false);
    expect(isAdult('2008-02-29', '2026-03-01')).toBe(true);
  });

  it('accepts Date values', () => {
    expect(isAdult(new Date(2000, 0, 1), new Date(2026, 0, 1))).toBe(true);
    expect(isAdult(new Date(Number.NaN), new Date(2026, 0, 1))).toBe(false);
    expect(ageOn('2000-06-15', new Date(2026, 5, 14))).toBe(25);
  });
});
