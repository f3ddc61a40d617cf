import { patientPricing } from '../payments/patient-price';
import { DEFAULT_TIMEZONE } from './slot-label';
import { patientZone, type PatientZone, type PatientZoneLocation } from './patient-zone';

const at = (timezone: string | null, foreign: boolean, abbreviation: string | null = null): PatientZoneLocation => ({
  location: { timezone, timezone_abbreviation: abbreviation },
  isUserInForeignTimezone: foreign,
});

describe('patientZone: the stored location decides; the browser only stands in while none is known', () => {
  it.each<[string, PatientZoneLocation, string | null, PatientZone]>([
    [
      'location New York, browser India: New York, foreign',
      at('America/New_York', true, 'EST'),
      'Asia/Kolkata',
      { zone: 'America/New_York', abbreviation: 'EST', isForeign: true, fromLocation: true },
    ],
    [
      'location India, browser London: India, not foreign',
      at('Asia/Kolkata', false, 'IST'),
      'Europe/London',
      { zone: 'Asia/Kolkata', abbreviation: 'IST', isForeign: false, fromLocation: true },
    ],
    [
      'no location yet, browser New York: New York, but not foreign (the browser alone never decides)',
      { location: null, isUserInForeignTimezone: false },
      'America/New_York',
      { zone: 'America/New_York', abbreviation: null, isForeign: false, fromLocation: false },
    ],
    [
      'a location without a zone (the service failed): the browser, and a stale flag does not decide',
      at(null, true),
      'Europe/London',
      { zone: 'Europe/London', abbreviation: null, isForeign: false, fromLocation: false },
    ],
    [
      'an unknown stored zone: the browser',
      at('Mars/Olympus', false),
      'UTC',
      { zone: 'UTC', abbreviation: null, isForeign: false, fromLocation: false },
    ],
    [
      'nothing valid at all: the default zone',
      { location: null, isUserInForeignTimezone: false },
      'Not/AZone',
      { zone: 'Asia/Kolkata', abbreviation: null, isForeign: false, fromLocation: false },
    ],
    [
      'no browser zone: the default zone',
      { location: null, isUserInForeignTimezone: false },
      null,
      { zone: 'Asia/Kolkata', abbreviation: null, isForeign: false, fromLocation: false },
    ],
  ])('%s', (_name, stored, browser, expected) => {
    expect(patientZone(stored, browser)).toEqual(expected);
  });
});

describe('patientZone agrees with the rules it restates', () => {
  const locations: PatientZoneLocation[] = [
    at('America/New_York', true),
    at('America/New_York', false),
    at('Asia/Kolkata', false),
    at('Asia/Kolkata', true),
    at(null, true),
    at(null, false),
    { location: null, isUserInForeignTimezone: true },
    { location: null, isUserInForeignTimezone: false },
  ];
  it.each(locations)("foreign is the money rule's international: %j", (stored) => {
    expect(patientZone(stored, 'Europe/London').isForeign).toBe(patientPricing(stored).international);
  });
  it('the fallback is the default zone', () => {
    expect(patientZone({ location: null, isUserInForeignTimezone: false }, null).zone).toBe(DEFAULT_TIMEZONE);
  });
});
