import { readBookingParams, shownSteps, withBookingParams } from './booking-params';

describe('shownSteps', () => {
  it.each([
    [
      'a paid session, every choice asked',
      { session: true, length: true },
      true,
      ['Session', 'Length', 'Date and time', 'Confirm', 'Payment', 'Booked'],
    ],
    [
      'a session a company package covers',
      { session: true, length: true },
      false,
      ['Session', 'Length', 'Date and time', 'Confirm', 'Booked'],
    ],
    ['one session kind and one length, paid', { session: false, length: false }, true, ['Date and time', 'Confirm', 'Payment', 'Booked']],
    ['one length, nothing paid', { session: true, length: false }, false, ['Session', 'Date and time', 'Confirm', 'Booked']],
  ])('%s', (_case, asks, paying, names) => {
    expect(shownSteps(asks, paying).map((s) => s.name)).toEqual(names);
  });
});

describe('readBookingParams', () => {
  it.each([
    [
      'defaults',
      '',
      {
        provider: null,
        step: 1,
        mode: null,
        type: 'individual',
        centre: null,
        duration: null,
        date: null,
        tz: null,
        slot: null,
        booking: null,
        tx: null,
      },
    ],
    [
      'a full link',
      '?provider=p1&step=3&mode=offline&type=couple&centre=4&date=2026-11-26&tz=America/New_York&slot=2026-11-26T09:30:00.000Z',
      {
        provider: 'p1',
        step: 3,
        mode: 'offline',
        type: 'couple',
        centre: 4,
        date: '2026-11-26',
        tz: 'America/New_York',
        slot: '2026-11-26T09:30:00.000Z',
        booking: null,
      },
    ],
    ['a step out of range is step 1', '?step=9', { step: 1 }],
    ['a session length', '?duration=30', { duration: 30 }],
    ['a length that is not a whole positive number is none', '?duration=-5', { duration: null }],
    ['an unknown mode is none', '?mode=teleport', { mode: null }],
    ['a bad date is none', '?date=26-11-2026', { date: null }],
  ])('%s', (_case, search, expected) => {
    expect(readBookingParams(search)).toMatchObject(expected);
  });
});

describe('withBookingParams', () => {
  it('sets, replaces and deletes, keeping other parameters', () => {
    expect(withBookingParams('?provider=p1&step=1&company=acme', { step: 2, mode: 'online', slot: null })).toBe(
      '?provider=p1&step=2&company=acme&mode=online',
    );
    expect(withBookingParams('?step=3&slot=x', { slot: null })).toBe('?step=3');
  });
});
