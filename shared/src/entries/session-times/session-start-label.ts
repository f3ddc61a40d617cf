// Product rules, Booking and time zones: "Date display 'DD MMM YYYY, hh:mm A', with Today or Tomorrow for near dates", shown in the
// patient's zone; Product rules, Booking and time zones: "Invalid date or timezone: reported; time formatting then yields nothing".
import { reportError } from '@haven/shared';
import { slotText } from '@haven/rules';

/**
 * The start of a session as the patient reads it: 'Today, 05:30 PM', 'Tomorrow, 09:00 AM' or
 * '25 Dec 2026, 11:00 AM' in `zone`. Null (and reported) for an invalid date or zone, never 'Invalid Date'.
 */
export function sessionStartLabel(start: string | number | Date, zone: string, now: number = Date.now()): string | null {
  const text = slotText(start, zone, new Date(now));
  if (text === null) reportError(new Error('Invalid date or timezone'), { where: 'sessionStartLabel', start: String(start), zone });
  return text;
}
