// The zone a patient's session times are labelled in, decided once for every page (dashboard, booking,
// session room): the stored location decides, as it decides the currency (patientPricing); the
// browser's zone is used only while no location is known, and never says "foreign" by itself.
import { DEFAULT_TIMEZONE, patientPricing } from '@haven/rules';

/** The stored user location as the rule reads it. */
export interface PatientZoneLocation {
  location: { timezone: string | null; timezone_abbreviation?: string | null } | null;
  /** The location service's is_international, as stored. */
  isUserInForeignTimezone: boolean;
}

export interface PatientZone {
  /** The IANA zone session times are shown in. */
  zone: string;
  /** The location's short name ('IST', 'EST') when the location gave one. */
  abbreviation: string | null;
  /** The location is international (the note "Times are shown in your current time zone"). */
  isForeign: boolean;
  /** The zone is the stored location's (false: the browser's, or the default). */
  fromLocation: boolean;
}

/**
 * The location's zone when one is stored and valid; otherwise the browser's zone when valid, else the
 * default zone. Foreign is the money rule's "international", so a page never labels a patient foreign
 * for one thing and not for the other. `isValidZone` is the zone rule's check, passed in so this file does
 * not bundle a second copy of the zoned-time formatters (they belong to the session-times entry).
 */
export function patientZone(stored: PatientZoneLocation, browserZone: string | null, isValidZone: (zone: string) => boolean): PatientZone {
  const isForeign = patientPricing(stored).international;
  const located = stored.location?.timezone;
  if (located && isValidZone(located)) {
    return { zone: located, abbreviation: stored.location?.timezone_abbreviation ?? null, isForeign, fromLocation: true };
  }
  const zone = browserZone && isValidZone(browserZone) ? browserZone : DEFAULT_TIMEZONE;
  return { zone, abbreviation: null, isForeign, fromLocation: false };
}
