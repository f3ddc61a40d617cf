// Where a person is: the country (for helplines, pricing and the countries the service is not offered in)
// from the address the request came from, the device's time zone only where the address places nobody;
// and whether the time zone is outside India.
import { abbreviation, gmtLabel, offsetMinutes } from '../core/time.js';
import { locationIsInternational } from '../payments/index.js';
import { countryOfAddress } from './ip-location.js';

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

/**
 * The location the api answers for a request's address and a (valid) time zone at a moment: the address's
 * country when it has one, else the zone's.
 */
export function locationOf({ address, tz, now }: { address?: string; tz: string; now: number }) {
  const country = countryOfAddress(address) ?? countryOfZone(tz);
  return {
    country,
    timezone: tz,
    display_timezone: `(${gmtLabel(offsetMinutes(now, tz))}) ${tz} - ${abbreviation(tz)}`,
    is_blacklisted_country: BLACKLISTED_COUNTRIES.includes(country),
    is_international: locationIsInternational(tz),
  };
}
