// The patient's zone rules the booking pages share (spec §9: default zone Asia/Kolkata; §3
// isUserInForeignTimezone). How an instant is shown in a zone is `zoned-time.ts`.
import { isIndianTimezone } from '../indian-timezone';

export { INDIAN_TIMEZONES } from '../indian-timezone';
export const DEFAULT_TIMEZONE = 'Asia/Kolkata';

/** Spec §3 isUserInForeignTimezone when the location service has not answered: any zone not Indian. */
export function isForeignTimezone(zone: string): boolean {
  return !isIndianTimezone(zone);
}
