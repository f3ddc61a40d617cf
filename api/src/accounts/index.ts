// An account's own things beyond who it is (identity/): its documents.
// The public surface of api/src/accounts.
export * from './documents.js';
