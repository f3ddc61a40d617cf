// The firebase names the platform uses. In the federated build `firebase/app`, `firebase/auth` and
// `firebase/database` are shared through facades exporting exactly these (tooling/shared-facades/
// firebase-*.js, tree-shaken at build time; facades.test.ts keeps the lists equal): a name used
// outside these types fails the typecheck instead of being undefined at runtime.
export type FirebaseAppSdk = Pick<typeof import('firebase/app'), 'getApps' | 'initializeApp'>;

export type FirebaseAuthSdk = Pick<
  typeof import('firebase/auth'),
  | 'initializeAuth'
  | 'indexedDBLocalPersistence'
  | 'browserLocalPersistence'
  | 'browserSessionPersistence'
  | 'inMemoryPersistence'
  | 'connectAuthEmulator'
  | 'signInWithCustomToken'
  | 'signOut'
>;

export type FirebaseDatabaseSdk = Pick<
  typeof import('firebase/database'),
  | 'forceWebSockets'
  | 'getDatabase'
  | 'connectDatabaseEmulator'
  | 'ref'
  | 'get'
  | 'set'
  | 'update'
  | 'push'
  | 'onValue'
  | 'onChildAdded'
  | 'onDisconnect'
  | 'serverTimestamp'
>;
