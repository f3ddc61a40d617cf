// An account's own things beyond who it is (identity/): its documents.
// The public surface of api/src/accounts.
export * from './consents.js';
export * from './documents.js';
export * from './location.js';
export * from './profile.js';
