// `@haven/shared/session-times`: the core's time entry, a Module Federation singleton of its own
// (issue 7): the session-start label, with dayjs and its utc/timezone plugins (~3.5 KB gzip) that only
// pages showing a booked session's time need. Only files without state of the root's (see
// booking-rules.ts).
export { sessionStartLabel, SESSION_DATE_FORMAT } from './rules/session-start-label';
