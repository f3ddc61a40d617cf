/* global close */
// The first Intl date formatter a page builds costs ~40-70 ms of main thread on this project's
// machines (~4x that on a cheap phone): ICU loads its calendar, locale and time-zone data. That data is
// shared by the whole renderer process, so building the formatters the app uses here, on a worker's
// thread, leaves the page's own first formatter (the X-Timezone read, a session's time) under 1 ms.
// Started by every app's entry (warmIntlOffMainThread, @haven/shared/boot). The shapes mirror
// rules/src/time/zoned-time.ts; a plain file, not a bundle: it needs no runtime.
var zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h12',
  timeZoneName: 'shortOffset',
  timeZone: zone,
}).formatToParts(0);
new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hourCycle: 'h12',
  timeZoneName: 'long',
  timeZone: zone,
}).format(0);
close();
