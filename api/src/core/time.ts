// Time-zone arithmetic with Intl only (no tz library): offsets, local parts, zoned -> UTC.
export function isValidTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const fmtCache = new Map<string, Intl.DateTimeFormat>();
function fmt(tz: string) {
  let f = fmtCache.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    });
    fmtCache.set(tz, f);
  }
  return f;
}

export type LocalParts = ReturnType<typeof localPartsByIntl>;

/** The wall-clock parts of instant t in tz, as Intl formats them. */
export function localPartsByIntl(t: number, tz: string) {
  const parts = Object.fromEntries(
    fmt(tz)
      .formatToParts(new Date(t))
      .map((p) => [p.type, p.value]),
  );
  const wd = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday ?? '');
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    isoWeekday: wd === 0 ? 7 : wd,
    date: `${parts.year}-${parts.month}-${parts.day}`,
  };
}

const HOUR_MS = 3_600_000;
/**
 * Per time zone, its offset from UTC (ms, to the second) in each UTC hour asked about, or null for an
 * hour in which the offset changes. Formatting is the costly part (a provider's three weeks of slots ask
 * for about 600 instants, so a provider list took ~100 ms of CPU formatting); an offset is the same for
 * months, so each hour is formatted twice at most and every other instant in it is arithmetic.
 */
const hourOffsets = new Map<string, Map<number, number | null>>();
/** Hours kept per zone before its map starts again (a long-running api asks about new hours for ever). */
const HOURS_KEPT = 50_000;

function offsetMsByIntl(t: number, tz: string): number {
  const p = localPartsByIntl(t, tz);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(t / 1000) * 1000;
}

function hourOffset(t: number, tz: string): number | null {
  const hour = Math.floor(t / HOUR_MS);
  let zone = hourOffsets.get(tz);
  if (!zone) hourOffsets.set(tz, (zone = new Map()));
  let offset = zone.get(hour);
  if (offset === undefined) {
    // The same offset at the hour's first and last second: no change inside it (a zone's offset changes
    // months apart, never twice within an hour).
    const first = offsetMsByIntl(hour * HOUR_MS, tz);
    offset = first === offsetMsByIntl(hour * HOUR_MS + HOUR_MS - 1000, tz) ? first : null;
    if (zone.size >= HOURS_KEPT) zone.clear();
    zone.set(hour, offset);
  }
  return offset;
}

const two = (n: number) => String(n).padStart(2, '0');

/** The wall-clock parts of instant t in tz: localPartsByIntl's answer, from the hour's offset when it holds one. */
export function localParts(t: number, tz: string): LocalParts {
  const offset = hourOffset(t, tz);
  if (offset === null) return localPartsByIntl(t, tz);
  const d = new Date(t + offset);
  const year = d.getUTCFullYear();
  // Intl writes other years differently (no padding, eras): those are formatted.
  if (year < 1000 || year > 9999) return localPartsByIntl(t, tz);
  const month = d.getUTCMonth() + 1;
  const day = d.getUTCDate();
  const wd = d.getUTCDay();
  return {
    year,
    month,
    day,
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    isoWeekday: wd === 0 ? 7 : wd,
    date: `${year}-${two(month)}-${two(day)}`,
  };
}

/** Offset of tz from UTC at instant t, in minutes (Asia/Kolkata: 330). */
export function offsetMinutes(t: number, tz: string): number {
  const p = localParts(t, tz);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(t / 1000) * 1000) / 60_000);
}

export function zonedToUtc(year: number, month: number, day: number, hour: number, minute: number, tz: string): number {
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  let t = guess - offsetMinutes(guess, tz) * 60_000;
  t = guess - offsetMinutes(t, tz) * 60_000;
  return t;
}

export function gmtLabel(offset: number) {
  const sign = offset < 0 ? '-' : '+';
  const a = Math.abs(offset);
  return `GMT${sign}${String(Math.floor(a / 60)).padStart(2, '0')}:${String(a % 60).padStart(2, '0')}`;
}

const ABBREV: Record<string, string> = {
  'Asia/Kolkata': 'IST',
  'Asia/Calcutta': 'IST',
  'Asia/Dubai': 'GST',
  'Europe/London': 'GMT',
  UTC: 'UTC',
  'Asia/Singapore': 'SGT',
};
export function abbreviation(tz: string, t = Date.now()): string {
  if (ABBREV[tz]) return ABBREV[tz]!;
  const name = new Intl.DateTimeFormat('en-US', { timeZone: tz, timeZoneName: 'short' })
    .formatToParts(new Date(t))
    .find((p) => p.type === 'timeZoneName')?.value;
  return name ?? gmtLabel(offsetMinutes(t, tz));
}

export function displayTime(t: number, tz: string) {
  const p = localParts(t, tz);
  const h12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  return `${String(h12).padStart(2, '0')}:${String(p.minute).padStart(2, '0')} ${p.hour < 12 ? 'AM' : 'PM'}`;
}
