// One api + realtime server per test file, and real modular-SDK clients signed in through the api's
// auth emulator (custom token), cleaned up after the file.
import { after, before } from 'node:test';
import { initializeApp, deleteApp, type FirebaseApp } from 'firebase/app';
import { getAuth, connectAuthEmulator, signInWithCustomToken, signOut } from 'firebase/auth';
import { getDatabase, connectDatabaseEmulator } from 'firebase/database';
import { boot, signIn } from './helpers.js';

/** `env`: extra environment of the api (e.g. HAVEN_REALTIME_RULES). */
export function realtimeSuite(opts: { env?: NodeJS.ProcessEnv } = {}) {
  let srv: Awaited<ReturnType<typeof boot>> | undefined;
  const apps: FirebaseApp[] = [];
  before(async () => {
    srv = await boot({ env: opts.env });
  });
  after(async () => {
    // signOut stops the auth SDK's proactive token refresh timer, which would keep the process alive.
    for (const a of apps) {
      await signOut(getAuth(a)).catch(() => undefined);
      await deleteApp(a).catch(() => undefined);
    }
    await srv?.close();
  });
  const server = () => {
    if (!srv) throw new Error('the server is started in before()');
    return srv;
  };
  /** A client signed in with a custom token (a user's fb_token, or a session-room token). */
  async function clientWithToken(token: string, label: string) {
    const s = server();
    const app = initializeApp(
      { apiKey: 'local-dev-key', projectId: 'haven-local', databaseURL: `http://127.0.0.1:${s.realtimePort}?ns=haven-local` },
      `t-${label}-${apps.length}`,
    );
    apps.push(app);
    const auth = getAuth(app);
    connectAuthEmulator(auth, s.url.replace('localhost', '127.0.0.1'), { disableWarnings: true });
    const db = getDatabase(app);
    connectDatabaseEmulator(db, '127.0.0.1', s.realtimePort);
    const cred = await signInWithCustomToken(auth, token);
    return { app, auth, db, uid: cred.user.uid, token: await cred.user.getIdToken() };
  }
  async function client(email: string) {
    const session = await signIn(server().api, email);
    return { ...(await clientWithToken(session.user.fb_token as string, email)), user: session.user };
  }
  return { server, client, clientWithToken };
}
