// What the platform shares as `firebase/database` (see firebase-app.js).
export {
  forceWebSockets,
  getDatabase,
  connectDatabaseEmulator,
  ref,
  get,
  set,
  update,
  push,
  onValue,
  onChildAdded,
  onDisconnect,
  serverTimestamp,
} from '@firebase/database';
