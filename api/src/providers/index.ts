// Providers: who they are (a row, its public shapes, the provider roles), their schedule and free slots,
// how a match ranks them, which of them a patient's plan shows, and the assessments they offer.
// The public surface of api/src/providers: routes and the other domains import from here.
export * from './ancillary.js';
export * from './clinics.js';
export * from './lookup.js';
export * from './match-rank.js';
export * from './matching-filters.js';
export * from './matching.js';
export * from './plan-visibility.js';
export * from './public-profiles.js';
export * from './schedule.js';
export * from './search.js';
export * from './serialize.js';
export * from './tagging.js';
export * from './session-choice.js';
export * from './card.js';
