// The patient's zone for session times comes from the user location of spec §7 ("GET user location,
// param system_timezone"), loaded by the shared location refresh (ensureLocation): one request for
// the page and the refresh on load. Until it answers (or if it fails) the browser's zone is used.

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
