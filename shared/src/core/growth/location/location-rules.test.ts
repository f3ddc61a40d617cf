import type { UserLocation } from '../../state/user-location-details';
import { LOCATION_STALE_MS, needsLocationRefresh, normaliseOffsetMinutes, zoneOffsetMinutes } from './location-rules';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0); // November: no daylight saving in India; New York on EST
const india: UserLocation = {
  country: 'IN',
  timezone: 'Asia/Kolkata',
  display_timezone: '(GMT+05:30) Asia/Kolkata - IST',
  is_blacklisted_country: false,
  timezone_abbreviation: 'IST',
};
const nothing: UserLocation = {
  country: null,
  timezone: null,
  display_timezone: null,
  is_blacklisted_country: null,
  timezone_abbreviation: null,
};

describe('normaliseOffsetMinutes (product rules, Booking and time zones: "Timezone offsets normalised within plus or minus 12 hours")', () => {
  it.each([
    [330, 330],
    [-300, -300],
    [0, 0],
    [720, -720],
    [-720, -720],
    [780, -660], // UTC+13 (Tonga) reads as UTC-11
    [840, -600], // UTC+14 (Kiribati)
    [-780, 660],
    [1770, 330],
  ])('%i -> %i', (minutes, expected) => {
    expect(normaliseOffsetMinutes(minutes)).toBe(expected);
  });
});

describe('zoneOffsetMinutes', () => {
  it.each([
    ['Asia/Kolkata', 330],
    ['Asia/Calcutta', 330],
    ['UTC', 0],
    ['America/New_York', -300],
    ['Asia/Kathmandu', 345],
    ['Not/A_Zone', null],
  ])('%s -> %s', (zone, expected) => {
    expect(zoneOffsetMinutes(zone, NOW)).toBe(expected);
  });
});

describe('needsLocationRefresh (product rules, Booking and time zones: "when the stored fetch timestamp is older than 15 minutes, when browser and location timezone offsets differ, or when all location values are null")', () => {
  it.each([
    ['never fetched', null, india, 330, true],
    ['fetched just now, same offset', NOW, india, 330, false],
    ['fetched 15 min ago exactly (not older)', NOW - LOCATION_STALE_MS, india, 330, false],
    ['fetched 15 min + 1 ms ago', NOW - LOCATION_STALE_MS - 1, india, 330, true],
    ['fresh, but the browser is on New York time', NOW, india, -300, true],
    ['fresh, browser offset differs by a whole day (normalised equal)', NOW, india, 330 - 1440, false],
    ['fresh, all location values null', NOW, nothing, 330, true],
    ['fresh, no location stored', NOW, null, 330, true],
    ['fresh, no timezone but a country', NOW, { ...nothing, country: 'IN' }, -300, false],
    ['unreadable timestamp', Number.NaN, india, 330, true],
  ])('%s -> %s', (_case, lastFetchedAt, location, browserOffset, expected) => {
    expect(needsLocationRefresh({ now: NOW, lastFetchedAt, location, browserOffset })).toBe(expected);
  });
});
