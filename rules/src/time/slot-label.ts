// The patient's zone rules the booking pages share (product rules, Booking and time zones: default zone Asia/Kolkata;
// isUserInForeignTimezone). How an instant is shown in a zone is `zoned-time.ts`.
import { isIndianTimezone } from './indian-timezone';

export const DEFAULT_TIMEZONE = 'Asia/Kolkata';

/** Product rules, Booking and time zones: isUserInForeignTimezone when the location service has not answered: any zone not Indian. */
export function isForeignTimezone(zone: string): boolean {
  return !isIndianTimezone(zone);
}
