import { browserTimeZone, useHavenStore } from '@haven/shared';
import { DEFAULT_TIMEZONE } from '@haven/shared/booking-rules';
import { isValidTimeZone } from '@haven/shared/session-times';

/** The browser's zone, else the default. */
export function browserZone(): string {
  const zone = browserTimeZone(DEFAULT_TIMEZONE);
  return isValidTimeZone(zone) ? zone : DEFAULT_TIMEZONE;
}

/**
 * The zone a patient sees times in: the location service's zone when it has answered, else the
 * browser's. (Which currency they pay is not the zone's to say: usePatientPricing.)
 */
export function usePatientZone(): { zone: string } {
  const location = useHavenStore((s) => s.userLocationDetails.location);
  const zone = location?.timezone && isValidTimeZone(location.timezone) ? location.timezone : browserZone();
  return { zone };
}
