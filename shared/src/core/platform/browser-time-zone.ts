// The zone the device is set to, for the X-Timezone header, the location refresh (product rules, Booking and time zones: system_timezone)
// and times shown before the location service has answered.

const REREAD_AFTER_MS = 60_000;
let lastRead: { zone: string | null; at: number } | null = null;

/**
 * The device's IANA zone, or `fallback` when Intl cannot say. Read at most once a minute: every api
 * request and every render of a session time asks, and each read builds an Intl formatter (~1 ms on a
 * slow phone); a minute still notices a traveller's device changing zone.
 */
export function browserTimeZone(fallback = 'UTC', now: number = Date.now()): string {
  if (!lastRead || now - lastRead.at >= REREAD_AFTER_MS) {
    let zone: string | null = null;
    try {
      zone = Intl.DateTimeFormat().resolvedOptions().timeZone || null;
    } catch {
      // no Intl time-zone support
    }
    lastRead = { zone, at: now };
  }
  return lastRead.zone ?? fallback;
}
