// Product rules, Booking and time zones: "Location refresh", "Location failure: country defaults to IN", and the constants (300000 ms, 900000 ms,
// offsets normalised within plus or minus 12 hours). Pure: clock, offsets and storage values passed in.
import type { UserLocation } from '../../state/user-location-details';

export const LOCATION_REFRESH_MS = 300_000;
export const LOCATION_STALE_MS = 900_000;
/** Product rules, Booking and time zones: on failure the country defaults to IN. */
export const LOCATION_FALLBACK_COUNTRY = 'IN';
const HALF_DAY_MIN = 12 * 60;

/** An offset in minutes brought within ±12 h (UTC+13 and UTC-11 are the same wall-clock hour). */
export function normaliseOffsetMinutes(minutes: number): number {
  const m = (((minutes + HALF_DAY_MIN) % (2 * HALF_DAY_MIN)) + 2 * HALF_DAY_MIN) % (2 * HALF_DAY_MIN);
  return m - HALF_DAY_MIN;
}

/** The UTC offset (minutes east) of an IANA zone at a moment; null for an unknown zone. */
export function zoneOffsetMinutes(timeZone: string, at: number): number | null {
  try {
    const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(new Date(at))
      .find((p) => p.type === 'timeZoneName')?.value;
    const match = /GMT(?:([+-])(\d{1,2})(?::(\d{2}))?)?$/.exec(name ?? '');
    if (!match) return null;
    if (!match[1]) return 0;
    const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
    return match[1] === '-' ? -minutes : minutes;
  } catch {
    return null;
  }
}

/** The browser's offset in minutes east of UTC (Date's own is west, hence the sign). */
export function browserOffsetMinutes(at: number): number {
  return -new Date(at).getTimezoneOffset();
}

export interface LocationRefreshInput {
  now: number;
  /** Stored `location_fetch_timestamp` (ms), null when never fetched or unreadable. */
  lastFetchedAt: number | null;
  location: UserLocation | null;
  /** The browser's offset, minutes east of UTC. */
  browserOffset: number;
}

function allNull(location: UserLocation | null): boolean {
  return !location || Object.values(location).every((v) => v === null || v === undefined);
}

/**
 * Whether a refresh is due outside the 5-minute tick (product rules, Booking and time zones): the stored fetch timestamp is older than
 * 15 minutes (or absent), the browser's and the location's offsets differ, or all location values are null.
 */
export function needsLocationRefresh({ now, lastFetchedAt, location, browserOffset }: LocationRefreshInput): boolean {
  if (lastFetchedAt === null || !Number.isFinite(lastFetchedAt) || now - lastFetchedAt > LOCATION_STALE_MS) return true;
  if (allNull(location)) return true;
  const zone = location?.timezone;
  if (!zone) return false;
  const locationOffset = zoneOffsetMinutes(zone, now);
  return locationOffset !== null && normaliseOffsetMinutes(locationOffset) !== normaliseOffsetMinutes(browserOffset);
}
