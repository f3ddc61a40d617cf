// Bookings: a session's row and answer shape, its states and moves, the details asked at booking,
// the waitlist, children-first care's intake rule and the session room (who may enter, and until when).
// The public surface of api/src/bookings: routes and the other domains import from here.
export * from './appointments.js';
export * from './booking-details.js';
export * from './booking-state.js';
export * from './children-first.js';
export * from './patient-bookings.js';
export * from './patient-sessions.js';
export * from './realtime-access.js';
export * from './serialize.js';
export * from './session-room.js';
export * from './waitlist.js';
export * from './waitlist-entries.js';
