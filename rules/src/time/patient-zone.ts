// The zone a patient's session times are labelled in, decided once for every page (dashboard, booking,
// session room): the stored location decides, as it decides the currency (patientPricing); the
// browser's zone is used only while no location is known, and never says "foreign" by itself.
// Only the zoned-time file is imported: the web client ships this rule with the labels (the
// session-times entry), and importing the price or slot-label files would put second copies of them in
// that entry. The two facts it shares with them are restated here and held equal by its test: the
// default zone (DEFAULT_TIMEZONE) and "foreign" (patientPricing's international).
import { isValidTimeZone } from './zoned-time';

/** The zone when neither the location nor the browser gives a valid one (DEFAULT_TIMEZONE). */
const FALLBACK_ZONE = 'Asia/Kolkata';

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
 * for one thing and not for the other.
 */
export function patientZone(stored: PatientZoneLocation, browserZone: string | null): PatientZone {
  const located = stored.location?.timezone;
  // patientPricing's international: the stored flag counts only with a stored location zone.
  const isForeign = Boolean(located) && stored.isUserInForeignTimezone;
  if (located && isValidTimeZone(located)) {
    return { zone: located, abbreviation: stored.location?.timezone_abbreviation ?? null, isForeign, fromLocation: true };
  }
  const zone = browserZone && isValidTimeZone(browserZone) ? browserZone : FALLBACK_ZONE;
  return { zone, abbreviation: null, isForeign, fromLocation: false };
}
