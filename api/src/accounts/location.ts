// Where a person is, read from their device's time zone: the country (for helplines and pricing), and
// whether it is outside India or a country the service may not be offered in.
import { abbreviation, gmtLabel, offsetMinutes } from '../core/time.js';
import { locationIsInternational } from '../payments/index.js';

const BLACKLISTED_COUNTRIES = ['KP', 'IR', 'SY', 'CU'];
const ZONE_COUNTRY: Record<string, string> = {
  'Asia/Kolkata': 'IN',
  'Asia/Calcutta': 'IN',
  'Asia/Dubai': 'AE',
  'Europe/London': 'GB',
  'Asia/Singapore': 'SG',
  'Australia/Sydney': 'AU',
  'Asia/Pyongyang': 'KP',
  'Asia/Tehran': 'IR',
  'Asia/Damascus': 'SY',
  'America/Havana': 'CU',
  'Europe/Berlin': 'DE',
  'Asia/Tokyo': 'JP',
  'Europe/Vienna': 'AT',
  'America/Argentina/Buenos_Aires': 'AR',
  UTC: 'IN',
  // Every country of the crisis helpline table is placed by its zones, so its people see their own lines first.
  'America/Toronto': 'CA',
  'America/Vancouver': 'CA',
  'America/Montreal': 'CA',
  'America/Edmonton': 'CA',
  'America/Winnipeg': 'CA',
  'America/Halifax': 'CA',
  'America/St_Johns': 'CA',
  'America/Regina': 'CA',
  'Australia/Melbourne': 'AU',
  'Australia/Brisbane': 'AU',
  'Australia/Perth': 'AU',
  'Australia/Adelaide': 'AU',
  'Australia/Hobart': 'AU',
  'Australia/Darwin': 'AU',
  'Europe/Dublin': 'IE',
  'Pacific/Auckland': 'NZ',
};
export function countryOfZone(tz: string) {
  if (ZONE_COUNTRY[tz]) return ZONE_COUNTRY[tz]!;
  if (/^America\/(New_York|Chicago|Denver|Los_Angeles|Phoenix|Anchorage|Detroit)|^US\//.test(tz)) return 'US';
  if (tz.startsWith('America/')) return 'US';
  return 'IN';
}

/** The location the api answers for a (valid) time zone at a moment. */
export function locationOfZone(tz: string, now: number) {
  const country = countryOfZone(tz);
  return {
    country,
    timezone: tz,
    display_timezone: `(${gmtLabel(offsetMinutes(now, tz))}) ${tz} - ${abbreviation(tz)}`,
    is_blacklisted_country: BLACKLISTED_COUNTRIES.includes(country),
    is_international: locationIsInternational(tz),
  };
}
