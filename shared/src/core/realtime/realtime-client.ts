// The realtime database client (product rules, What the client keeps: users/, Status/, experiments/, attribution/). firebase is
// loaded with dynamic import() on first use so it stays out of the first-paint bundle; the app is
// initialised once per page from the runtime config, against the local server off production.
import type { FirebaseApp } from 'firebase/app';
import type { Auth } from 'firebase/auth';
import type { Database } from 'firebase/database';
import { getRuntimeConfig, isProduction } from '../config/runtime-config';
import { reportError } from '../reporting/report-error';
import { yieldToMain } from '../platform/yield-to-main';
import { emulatorHostFromUrl } from './emulator-host';
import type { FirebaseAppSdk, FirebaseAuthSdk, FirebaseDatabaseSdk } from './firebase-surface';

export type PresenceStatus = 'Online' | 'Offline';

export interface Realtime {
  app: FirebaseApp;
  db: Database;
  auth: Auth;
  database: FirebaseDatabaseSdk;
  authSdk: FirebaseAuthSdk;
}

/** A named app, so a page that also uses the default firebase app for something else is not disturbed. */
export const REALTIME_APP_NAME = 'haven-realtime';

let pending: Promise<Realtime> | null = null;
const auths = new Map<string, Auth>();

async function initialise(name = REALTIME_APP_NAME, keepSignIn = true): Promise<Realtime> {
  const config = getRuntimeConfig();
  const [appSdk, database, authSdk]: [FirebaseAppSdk, FirebaseDatabaseSdk, FirebaseAuthSdk] = await Promise.all([
    import('firebase/app'),
    import('firebase/database'),
    import('firebase/auth'),
  ]);
  // Evaluating the SDK, starting the app and database, and starting auth are each tens of milliseconds
  // on a slow phone: three tasks instead of one long one (this ran right after the dashboard's
  // first paint, when a tap is most likely).
  await yieldToMain();
  const existing = appSdk.getApps().find((a) => a.name === name);
  const app =
    existing ??
    appSdk.initializeApp(
      { apiKey: config.firebase.apiKey, projectId: config.firebase.projectId, databaseURL: config.realtimeDatabaseUrl },
      name,
    );
  // WebSocket only: after a dropped connection the SDK would otherwise fall back to long polling, whose
  // script tags the page's Content-Security-Policy (rightly) blocks, and never reconnect.
  database.forceWebSockets();
  const db = database.getDatabase(app);
  await yieldToMain();
  // A sign-in that must not outlive the page (a session room's token) stays in memory only.
  // initializeAuth, not getAuth: getAuth carries the popup and redirect sign-in code this custom-token
  // sign-in never uses (the persistences are getAuth's own). An app is given its auth once (a retried
  // start finds the app already made).
  const auth =
    auths.get(name) ??
    authSdk.initializeAuth(app, {
      persistence: keepSignIn
        ? [authSdk.indexedDBLocalPersistence, authSdk.browserLocalPersistence, authSdk.browserSessionPersistence]
        : authSdk.inMemoryPersistence,
    });
  auths.set(name, auth);
  if (!isProduction() && !existing) {
    const emulator = emulatorHostFromUrl(config.realtimeDatabaseUrl);
    if (emulator) database.connectDatabaseEmulator(db, emulator.host, emulator.port);
    // disableWarnings: the SDK otherwise paints an "emulator" banner into the page.
    if (config.firebase.authEmulatorUrl) authSdk.connectAuthEmulator(auth, config.firebase.authEmulatorUrl, { disableWarnings: true });
  }
  // Callers (subscriptions, sign-in) go on in a task of their own.
  await yieldToMain();
  return { app, db, auth, database, authSdk };
}

const named = new Map<string, Promise<Realtime>>();
/**
 * A realtime connection of its own, apart from the page's (e.g. the session room, signed in with a room
 * token), its sign-in kept in memory only. Created once per name; a failed start is retried on the next call.
 */
export function openRealtimeApp(name: string): Promise<Realtime> {
  let opening = named.get(name);
  if (!opening) {
    opening = initialise(name, false).catch((error: unknown) => {
      named.delete(name);
      throw error;
    });
    named.set(name, opening);
  }
  return opening;
}

/** The page's one realtime connection, created on first call. A failed start is retried on the next call. */
export function getRealtime(): Promise<Realtime> {
  pending ??= initialise().catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}

/** Signs in with the user's fb_token (a custom token) so the per-user rules apply. */
export async function signInRealtime(fbToken: string): Promise<{ uid: string }> {
  const { auth, authSdk } = await getRealtime();
  const credential = await authSdk.signInWithCustomToken(auth, fbToken);
  return { uid: credential.user.uid };
}

/** Writes Status/{uid}; when Online, the server flips it to Offline if the connection drops. */
export async function setStatus(uid: string, status: PresenceStatus): Promise<void> {
  const { db, database } = await getRealtime();
  const node = database.ref(db, `Status/${uid}`);
  if (status === 'Online') await database.onDisconnect(node).set('Offline');
  else await database.onDisconnect(node).cancel();
  await database.set(node, status);
}

export async function readOnce<T = unknown>(path: string): Promise<T | null> {
  const { db, database } = await getRealtime();
  const snapshot = await database.get(database.ref(db, path));
  return snapshot.exists() ? (snapshot.val() as T) : null;
}

export async function write(path: string, value: unknown): Promise<void> {
  const { db, database } = await getRealtime();
  await database.set(database.ref(db, path), value);
}

/** Changes the named children of a path and leaves the others (what another app wrote there) as they are. */
export async function updateRecord(path: string, changes: Record<string, unknown>): Promise<void> {
  const { db, database } = await getRealtime();
  await database.update(database.ref(db, path), changes);
}

/** Live value of a path; returns the unsubscribe function at once (the connection may still be starting). */
export function subscribe<T = unknown>(path: string, callback: (value: T | null) => void): () => void {
  let unsubscribe: (() => void) | null = null;
  let cancelled = false;
  getRealtime()
    .then(({ db, database }) => {
      if (cancelled) return;
      unsubscribe = database.onValue(
        database.ref(db, path),
        (snapshot) => {
          try {
            callback(snapshot.exists() ? (snapshot.val() as T) : null);
          } catch (error) {
            reportError(error, { where: 'realtime subscriber', path }); // a bad subscriber must not break the SDK's event loop
          }
        },
        (error) => reportError(error, { where: 'realtime subscribe', path }),
      );
    })
    .catch((error: unknown) => reportError(error, { where: 'realtime subscribe', path }));
  return () => {
    cancelled = true;
    unsubscribe?.();
  };
}

export async function signOutRealtime(): Promise<void> {
  if (!pending) return; // never connected: nothing to sign out of
  const { auth, authSdk } = await getRealtime();
  await authSdk.signOut(auth);
}

/** Test hook: forget the connection, as on a fresh page. */
export function resetRealtimeForTests(): void {
  pending = null;
  auths.clear();
}
