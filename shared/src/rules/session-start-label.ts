// Spec §9 "Date display 'DD MMM YYYY, hh:mm A', with Today or Tomorrow for near dates", shown in the
// patient's zone; §8 "Invalid date or timezone: reported; time formatting then yields nothing".
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import { reportError } from '@haven/shared';

dayjs.extend(utc);
dayjs.extend(timezone);

export const SESSION_DATE_FORMAT = 'DD MMM YYYY, hh:mm A';
export const SESSION_TIME_FORMAT = 'hh:mm A';

function isKnownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The start of a session as the patient reads it: 'Today, 05:30 PM', 'Tomorrow, 09:00 AM' or
 * '25 Dec 2026, 11:00 AM' in `zone`. Null (and reported) for an invalid date or zone, never 'Invalid Date'.
 */
export function sessionStartLabel(start: string | number | Date, zone: string, now: number = Date.now()): string | null {
  const instant = dayjs(start);
  if (!instant.isValid() || !zone || !isKnownZone(zone)) {
    reportError(new Error('Invalid date or timezone'), { where: 'sessionStartLabel', start: String(start), zone });
    return null;
  }
  const local = instant.tz(zone);
  const today = dayjs(now).tz(zone);
  const day = local.format('YYYY-MM-DD');
  if (day === today.format('YYYY-MM-DD')) return `Today, ${local.format(SESSION_TIME_FORMAT)}`;
  if (day === today.add(1, 'day').format('YYYY-MM-DD')) return `Tomorrow, ${local.format(SESSION_TIME_FORMAT)}`;
  return local.format(SESSION_DATE_FORMAT);
}
