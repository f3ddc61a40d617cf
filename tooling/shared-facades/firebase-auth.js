// What the platform shares as `firebase/auth`: custom-token sign-in and the persistences, without the
// popup and redirect resolvers, phone and multi-factor sign-in that getAuth() and the whole package carry
// (see firebase-app.js).
export {
  initializeAuth,
  indexedDBLocalPersistence,
  browserLocalPersistence,
  browserSessionPersistence,
  inMemoryPersistence,
  connectAuthEmulator,
  signInWithCustomToken,
  signOut,
} from '@firebase/auth';
