// An account's own things beyond who it is (identity/): its profiles and members, consents, details and
// contacts, e-mail and phone changes, documents, location, and closing it for good.
// The public surface of api/src/accounts: routes and the other domains import from here.
export * from './cf-activation.js';
export * from './closing.js';
export * from './consents.js';
export * from './contact-change.js';
export * from './contacts.js';
export * from './document-records.js';
export * from './documents.js';
export * from './location.js';
export * from './ip-location.js';
export * from './members.js';
export * from './profile.js';
