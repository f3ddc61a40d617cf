/**
 * How an instant is shown to the patient in a chosen time zone (spec §9 "Date display 'DD MMM YYYY,
 * hh:mm A', with Today or Tomorrow for near dates"; default zone Asia/Kolkata). The zone arithmetic is the
 * platform's (Intl's time-zone database); an invalid date or zone yields null (spec §8 "time formatting
 * then yields nothing") and the caller reports it.
 */
import { isIndianTimezone } from '../indian-timezone';

export { INDIAN_TIMEZONES } from '../indian-timezone';
export const DEFAULT_TIMEZONE = 'Asia/Kolkata';

export interface SlotLabel {
  /** 'Today', 'Tomorrow' or 'DD MMM YYYY'. */
  day: string;
  /** 'hh:mm A'. */
  time: string;
  /** Short zone name in that zone at that instant, e.g. 'EST', 'GMT+5:30'. */
  zone: string;
  /** The calendar date in that zone, YYYY-MM-DD. */
  date: string;
  /** 'DD MMM YYYY, hh:mm A' (or 'Today, hh:mm A'). */
  text: string;
  /** Everything a screen reader needs: weekday, full date, time and the zone's long name. */
  spoken: string;
}

export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Spec §3 isUserInForeignTimezone when the location service has not answered: any zone not Indian. */
export function isForeignTimezone(zone: string): boolean {
  return !isIndianTimezone(zone);
}

function parts(instant: Date, zone: string, options: Intl.DateTimeFormatOptions, locale = 'en-GB'): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of new Intl.DateTimeFormat(locale, { ...options, timeZone: zone }).formatToParts(instant)) out[p.type] = p.value;
  return out;
}

function ymd(instant: Date, zone: string): string {
  const p = parts(instant, zone, { year: 'numeric', month: '2-digit', day: '2-digit' });
  return `${p.year}-${p.month}-${p.day}`;
}

export function slotLabel(iso: string | number | Date, zone: string, now: Date = new Date()): SlotLabel | null {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime()) || !isValidTimeZone(zone)) return null;
  const d = parts(instant, zone, { year: 'numeric', month: 'short', day: '2-digit' });
  const t = parts(instant, zone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h12', timeZoneName: 'short' }, 'en-US');
  const date = ymd(instant, zone);
  const today = ymd(now, zone);
  const tomorrow = ymd(new Date(now.getTime() + 86_400_000), zone);
  const day = date === today ? 'Today' : date === tomorrow ? 'Tomorrow' : `${d.day} ${d.month} ${d.year}`;
  const time = `${t.hour}:${t.minute} ${(t.dayPeriod ?? '').toUpperCase()}`;
  const spoken = new Intl.DateTimeFormat('en-GB', {
    weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: 'numeric', minute: '2-digit', hourCycle: 'h12', timeZoneName: 'long', timeZone: zone,
  }).format(instant);
  return { day, time, zone: t.timeZoneName ?? zone, date, text: `${day}, ${time}`, spoken };
}
