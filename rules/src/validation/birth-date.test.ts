import { DATE_OF_BIRTH_MESSAGES, dateOfBirthProblem } from './birth-date';

describe('dateOfBirthProblem, on 22 November 2026', () => {
  const now = '2026-11-22';
  it.each([
    ['1992-04-12', null],
    ['2008-11-22', null], // 18 today
    ['1906-11-22', null], // exactly 120 years ago
    ['1906-11-21', 'too-old'],
    ['1890-01-01', 'too-old'],
    ['2008-11-23', 'under-18'],
    ['2020-01-01', 'under-18'],
    ['2026-11-22', 'under-18'], // born today: real, but a baby
    ['2026-11-23', 'future'], // tomorrow: not "18 or older"
    ['2030-01-01', 'future'],
    ['', 'missing'],
    ['  ', 'missing'],
    ['2001-02-30', 'invalid'],
    ['12/04/1992', 'invalid'],
  ])('%j → %s', (value, problem) => {
    expect(dateOfBirthProblem(value, now)).toBe(problem);
  });

  it('accepts a Date for now, and says the issue texts', () => {
    expect(dateOfBirthProblem('2026-11-23', new Date(2026, 10, 22, 23, 59))).toBe('future');
    expect(DATE_OF_BIRTH_MESSAGES.future).toBe("Date of birth can't be in the future");
  });
});
