import { EXTENSION_CAP, EXTENSION_MINUTES, extensionOffered, extensionPrice, type ExtensionPriceInput } from './session-extension';

const paid50: ExtensionPriceInput = { paid: 1000, paidByPackage: false, listPrice: 1200, bookedMinutes: 50 };

describe('the price of a session extension', () => {
  test.each<[string, Partial<ExtensionPriceInput>, number]>([
    ['15 of 50 paid minutes: 1000 × 15 / 50', {}, 300],
    ['what was paid after a coupon, not the list price', { paid: 720 }, 216],
    ['rounded down to a whole unit (999 × 15 / 50 = 299.7)', { paid: 999 }, 299],
    ['a package session: the list price per minute', { paid: 0, paidByPackage: true }, 360],
    ['a free session extends at 0', { paid: 0 }, 0],
    ['a package session of a provider with no price: 0', { paid: 0, paidByPackage: true, listPrice: 0 }, 0],
    ['a 25-minute session costs more per minute', { bookedMinutes: 25 }, 600],
    ['another increment', { extensionMinutes: 5 }, 100],
    ['no booked length: 0, never a division by zero', { bookedMinutes: 0 }, 0],
  ])('%s', (_name, patch, expected) => {
    expect(extensionPrice({ ...paid50, ...patch })).toBe(expected);
  });

  test('the increment is 15 minutes and the cap 2', () => {
    expect([EXTENSION_MINUTES, EXTENSION_CAP]).toEqual([15, 2]);
  });
});

describe('when the room offers an extension', () => {
  const end = Date.parse('2026-12-01T11:00:00Z');
  const min = 60_000;
  test.each<[string, number, number, boolean]>([
    ['11 minutes before the end: not yet', end - 11 * min, 0, false],
    ['10 minutes before the end', end - 10 * min, 0, true],
    ['1 minute before the end, once used', end - min, 1, true],
    ['cap reached', end - min, 2, false],
    ['at the end: over', end, 0, false],
  ])('%s', (_name, now, used, expected) => {
    expect(extensionOffered(end, now, used)).toBe(expected);
  });
});
