import { browserTimeZone, useHavenStore } from '@haven/shared';
import { DEFAULT_TIMEZONE, isForeignTimezone } from '@haven/shared/booking-rules';
import { isValidTimeZone } from '@haven/shared/session-times';

/** The browser's zone, else the default. */
export function browserZone(): string {
  const zone = browserTimeZone(DEFAULT_TIMEZONE);
  return isValidTimeZone(zone) ? zone : DEFAULT_TIMEZONE;
}

/**
 * The zone a patient sees times in: the location service's zone when it has answered, else the
 * browser's; and whether that counts as foreign (product rules, Booking and time zones: isUserInForeignTimezone, or a non-Indian zone).
 */
export function usePatientZone(): { zone: string; foreign: boolean } {
  const location = useHavenStore((s) => s.userLocationDetails.location);
  const flagged = useHavenStore((s) => s.userLocationDetails.isUserInForeignTimezone);
  const zone = location?.timezone && isValidTimeZone(location.timezone) ? location.timezone : browserZone();
  return { zone, foreign: location ? flagged : isForeignTimezone(zone) };
}
