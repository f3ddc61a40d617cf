// Where a person is: the country (for helplines, pricing and the countries the service is not offered in)
// from the address the request came from, the device's time zone only where the address places nobody;
// and whether they are international (priced abroad): the located country's fact, never the zone's.
import type { Queryable } from '../db/index.js';
import { HttpError } from '../core/http.js';
import { abbreviation, gmtLabel, offsetMinutes } from '../core/time.js';
import { locationIsInternational, locationZone } from '../payments/index.js';
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
 * The location the api answers for a request's address and a (valid) time zone at a moment. The country
 * is the address's when it places someone, else the zone's. International (priced abroad) is the located
 * country's fact: outside India. Where the address places nobody (the same machine, a private network:
 * development), the zone decides it only when `zoneDecides` (every stage but production); in production
 * such a request is priced as in India, so no zone a client sends ever chooses its currency there.
 */
export function locationOf({ address, tz, now, zoneDecides = true }: { address?: string; tz: string; now: number; zoneDecides?: boolean }) {
  const located = countryOfAddress(address);
  const country = located ?? countryOfZone(tz);
  return {
    country,
    timezone: tz,
    display_timezone: `(${gmtLabel(offsetMinutes(now, tz))}) ${tz} - ${abbreviation(tz)}`,
    is_blacklisted_country: BLACKLISTED_COUNTRIES.includes(country),
    is_international: located ? located !== 'IN' : zoneDecides && locationIsInternational(tz),
  };
}

/**
 * Where a booking or a coupon check is priced from: the request's address (behind the stated proxy
 * setting), with the zone the pages were answered for (recorded for the account) only for display and
 * the fallback above. A blocked country cannot book (403 country_not_served, when `booking`).
 */
export async function locatedRequest(
  q: Queryable,
  accountId: number,
  at: { address: string; zone: string | undefined; now: number; zoneDecides: boolean; booking: boolean },
): Promise<{ international: boolean; country: string }> {
  const l = locationOf({ address: at.address, tz: await locationZone(q, accountId, at.zone), now: at.now, zoneDecides: at.zoneDecides });
  if (at.booking && l.is_blacklisted_country) {
    throw new HttpError(403, "Sessions cannot be booked from your country: Haven's care is not offered there.", {
      code: 'country_not_served',
    });
  }
  return { international: l.is_international, country: l.country };
}
