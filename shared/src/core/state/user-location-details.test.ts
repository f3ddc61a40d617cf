import { timezoneAbbreviation } from './user-location-details';

describe('timezoneAbbreviation (product rules, Booking and time zones: the part of display_timezone after " - ")', () => {
  it.each([
    ['India', '(GMT+05:30) Asia/Kolkata - IST', 'IST'],
    ['New York', '(GMT-05:00) America/New_York - EST', 'EST'],
    ['spaces around the part', '(GMT+00:00) Europe/London -  GMT ', 'GMT'],
    ['no separator', '(GMT+05:30) Asia/Kolkata', null],
    ['nothing after the separator', '(GMT+05:30) Asia/Kolkata - ', null],
    ['a hyphen without spaces is not the separator', '(GMT-03:00) America/Argentina/Buenos_Aires-ART', null],
    ['empty', '', null],
    ['missing', null, null],
    ['undefined', undefined, null],
  ])('%s', (_case, display, expected) => {
    expect(timezoneAbbreviation(display)).toBe(expected);
  });
});
