// The zone the device is set to, for the X-Timezone header, the location refresh (spec §7 system_timezone)
// and times shown before the location service has answered.

const REREAD_AFTER_MS = 60_000;
let lastRead: { zone: string; at: number } | null = null;

/**
 * The device's IANA zone ('UTC' when Intl cannot say). Read at most once a minute: every api request
 * and every render of a session time asks, and each read builds an Intl formatter (~1 ms on a slow
 * phone, issue 7); a minute still notices a traveller's device changing zone.
 */
export function browserTimeZone(now: number = Date.now()): string {
  if (lastRead && now - lastRead.at < REREAD_AFTER_MS) return lastRead.zone;
  let zone = 'UTC';
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    // no Intl time-zone support
  }
  lastRead = { zone, at: now };
  return zone;
}
