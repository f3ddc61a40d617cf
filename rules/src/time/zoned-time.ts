/**
 * How an instant is shown to the patient in a chosen time zone (product rules, Booking and time zones: "Date display 'DD MMM YYYY,
 * hh:mm A', with Today or Tomorrow for near dates"): the one place the client turns instants into
 * words. The zone arithmetic is the platform's (Intl's time-zone database); an invalid date or zone
 * yields null (product rules, Booking and time zones: "time formatting then yields nothing").
 *
 * Formatters are made once per zone and kept: building an Intl.DateTimeFormat is the costly part
 * (dayjs' `tz()` built one per call, ~0.4 ms each on a throttled phone CPU, and the dashboard labels
 * every session on every render: the largest share of its blocking time).
 */

export interface SlotLabel {
  /** 'Today', 'Tomorrow' or 'DD MMM YYYY'. */
  day: string;
  /** 'hh:mm A'. */
  time: string;
  /** The zone as zoneName writes it at that instant, e.g. 'India Standard Time (GMT+5:30)'. */
  zone: string;
  /** The calendar date in that zone, YYYY-MM-DD. */
  date: string;
  /** 'DD MMM YYYY, hh:mm A' (or 'Today, hh:mm A'). */
  text: string;
  /** Everything a screen reader needs: weekday, full date, time and the zone's long name. */
  spoken: string;
}

type FormatKind = 'parts' | 'spoken';

const FORMATS: Record<FormatKind, Intl.DateTimeFormatOptions> = {
  // en-US: its short months are 'MMM' ('Sep'); en-GB's September is 'Sept' in current CLDR.
  // shortOffset: the zone's offset from GMT ('GMT+5:30', 'GMT-4'), half of how zoneName writes a zone.
  parts: {
    year: 'numeric',
    month: 'short',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h12',
    timeZoneName: 'shortOffset',
  },
  spoken: {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h12',
    timeZoneName: 'long',
  },
};
const LOCALES: Record<FormatKind, string> = { parts: 'en-US', spoken: 'en-GB' };

const formatters = new Map<string, Intl.DateTimeFormat | null>();

/** The zone's formatter, or null for a zone Intl does not know (remembered too: no retry per call). */
function formatter(kind: FormatKind, zone: string): Intl.DateTimeFormat | null {
  const key = `${kind}|${zone}`;
  let cached = formatters.get(key);
  if (cached === undefined) {
    try {
      cached = new Intl.DateTimeFormat(LOCALES[kind], { ...FORMATS[kind], timeZone: zone });
    } catch {
      cached = null;
    }
    formatters.set(key, cached);
  }
  return cached;
}

export function isValidTimeZone(zone: string): boolean {
  return Boolean(zone) && formatter('parts', zone) !== null;
}

interface ZonedParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  dayPeriod: string;
  timeZoneName: string;
}

function zonedParts(instant: Date, format: Intl.DateTimeFormat): ZonedParts {
  const out: Record<string, string> = {};
  for (const part of format.formatToParts(instant)) out[part.type] = part.value;
  return out as unknown as ZonedParts;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function isoDate(p: ZonedParts): string {
  return `${p.year}-${String(MONTHS.indexOf(p.month) + 1).padStart(2, '0')}-${p.day}`;
}

/** The calendar day after an ISO date (by the calendar, so a 23- or 25-hour day cannot skip or repeat one). */
function nextIsoDate(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

const todays = new Map<string, { minute: number; date: string }>();

/** Today's date in the zone; kept for the minute (zone offsets are whole minutes, so a minute never spans two dates). */
function todayIn(now: Date, format: Intl.DateTimeFormat, zone: string): string {
  const minute = Math.floor(now.getTime() / 60_000);
  const cached = todays.get(zone);
  if (cached?.minute === minute) return cached.date;
  const date = isoDate(zonedParts(now, format));
  todays.set(zone, { minute, date });
  return date;
}

function shortLabel(iso: string | number | Date, zone: string, now: Date): (Omit<SlotLabel, 'spoken' | 'zone'> & { instant: Date }) | null {
  const instant = new Date(iso);
  const format = zone ? formatter('parts', zone) : null;
  if (Number.isNaN(instant.getTime()) || Number.isNaN(now.getTime()) || !format) return null;
  const p = zonedParts(instant, format);
  const date = isoDate(p);
  const today = todayIn(now, format, zone);
  const day = date === today ? 'Today' : date === nextIsoDate(today) ? 'Tomorrow' : `${p.day} ${p.month} ${p.year}`;
  const time = `${p.hour}:${p.minute} ${p.dayPeriod.toUpperCase()}`;
  return { instant, day, time, date, text: `${day}, ${time}` };
}

export function slotLabel(iso: string | number | Date, zone: string, now: Date = new Date()): SlotLabel | null {
  const label = shortLabel(iso, zone, now);
  if (!label) return null;
  const { instant, ...rest } = label;
  return { ...rest, zone: zoneName(zone, instant) ?? zone, spoken: (formatter('spoken', zone) as Intl.DateTimeFormat).format(instant) };
}

/** The zone's name part of a format: 'India Standard Time' (spoken), 'GMT+5:30' (parts). */
function zoneNamePart(kind: FormatKind, zone: string, instant: Date): string | null {
  return (
    formatter(kind, zone)
      ?.formatToParts(instant)
      .find((part) => part.type === 'timeZoneName')?.value ?? null
  );
}

/**
 * The one way a time zone is written, on every page: its name at that instant and its offset from
 * GMT, 'India Standard Time (GMT+5:30)', 'Eastern Daylight Time (GMT-4)', 'Greenwich Mean Time (GMT)';
 * a zone without a name of its own is its offset alone ('GMT+3'). Null for an unknown zone or date.
 */
export function zoneName(zone: string, at: string | number | Date = new Date()): string | null {
  const instant = new Date(at);
  if (!zone || Number.isNaN(instant.getTime())) return null;
  const name = zoneNamePart('spoken', zone, instant);
  const raw = zoneNamePart('parts', zone, instant);
  if (name === null || raw === null) return null;
  const offset = raw === 'GMT+0' || raw === 'GMT-0' ? 'GMT' : raw;
  // Unnamed zones are named by their offset ('GMT+03:00'): the offset alone says it once.
  return name.startsWith('GMT') || name === offset ? offset : `${name} (${offset})`;
}

/** A zone as a place to choose in a list: the IANA name read as words ('America/New York'). */
export function zonePlace(zone: string): string {
  return zone.replace(/_/g, ' ');
}

/** slotLabel's text alone ('Today, 05:30 PM', '25 Dec 2026, 11:00 AM'): what lists of sessions show. */
export function slotText(iso: string | number | Date, zone: string, now: Date = new Date()): string | null {
  return shortLabel(iso, zone, now)?.text ?? null;
}
