import { pinProblem, PIN_MESSAGES } from './pin';

describe('pinProblem (the account PIN: four digits, not trivially guessable)', () => {
  it.each([
    ['4821', null],
    ['0907', null],
    ['1357', null],
    ['9120', null],
    ['', 'format'],
    ['482', 'format'],
    ['48213', 'format'],
    ['48a1', 'format'],
    [' 482', 'format'],
    ['４８２１', 'format'], // full-width digits are not digits here
    ['0000', 'guessable'],
    ['7777', 'guessable'],
    ['1234', 'guessable'],
    ['6789', 'guessable'],
    ['4321', 'guessable'],
    ['3210', 'guessable'],
    ['8901', null], // wraps past 9: not a run
  ])('%j → %s', (pin, expected) => {
    expect(pinProblem(pin)).toBe(expected);
  });

  it('every problem has its message', () => {
    expect(Object.keys(PIN_MESSAGES).sort()).toEqual(['format', 'guessable', 'mismatch']);
  });
});
