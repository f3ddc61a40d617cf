// One api + realtime server per test file, and real modular-SDK clients signed in through the api's
// auth emulator (custom token), cleaned up after the file.
import { after, before } from 'node:test';
import { initializeApp, deleteApp, type FirebaseApp } from 'firebase/app';
import { getAuth, connectAuthEmulator, signInWithCustomToken, signOut } from 'firebase/auth';
import { getDatabase, connectDatabaseEmulator } from 'firebase/database';
import { createRequire } from 'node:module';
import { boot, signIn, type RealtimeTestServer } from './helpers.js';

/** `env`: extra environment of the api (e.g. HAVEN_REALTIME_RULES). */
export function realtimeSuite(opts: { env?: NodeJS.ProcessEnv } = {}) {
  let srv: RealtimeTestServer | undefined;
  const apps: FirebaseApp[] = [];
  before(async () => {
    srv = await boot({ env: opts.env, realtime: true });
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

/** One answer of the realtime server to a request: its status and data. */
export interface RawAnswer {
  s: string;
  d: unknown;
}

/**
 * A bare WebSocket client of the realtime server (the wire protocol, no SDK cache in between): each
 * request's answer, the data pushed to its listens, the listens the server revoked, and its close.
 */
export async function rawRealtime(port: number) {
  const require = createRequire(
    createRequire(new URL('../realtime/package.json', import.meta.url)).resolve('firebase-server/package.json'),
  );
  const WebSocket = require('ws') as new (url: string) => {
    on(e: string, fn: (...a: never[]) => void): void;
    send(d: string): void;
    close(): void;
  };
  const ws = new WebSocket(`ws://127.0.0.1:${port}/.ws?v=5&ns=haven-local`);
  const waiting = new Map<number, (answer: RawAnswer) => void>();
  const pushes: Array<{ p: string; d: unknown }> = [];
  const revoked: string[] = [];
  const authRevoked: string[] = [];
  let isClosed = false;
  const closed = new Promise<void>((resolve) =>
    ws.on('close', () => {
      isClosed = true;
      resolve();
    }),
  );
  ws.on('error', () => undefined);
  let expected = 0;
  let parts: string[] = [];
  const onMessage = (text: string) => {
    const m = JSON.parse(text) as { t?: string; d?: { r?: number; a?: string; b?: { s?: string; d?: unknown; p?: string } } };
    if (m.t !== 'd' || !m.d) return;
    if (typeof m.d.r === 'number' && m.d.b?.s) waiting.get(m.d.r)?.({ s: m.d.b.s, d: m.d.b.d });
    else if (m.d.a === 'd' || m.d.a === 'm') pushes.push({ p: String(m.d.b?.p ?? ''), d: m.d.b?.d });
    else if (m.d.a === 'c') revoked.push(String(m.d.b?.p ?? ''));
    else if (m.d.a === 'ac') authRevoked.push(String(m.d.b?.s ?? ''));
  };
  ws.on('message', ((data: Buffer) => {
    const text = data.toString();
    if (expected === 0 && /^\d{1,6}$/.test(text)) {
      expected = Number(text);
      parts = [];
      return;
    }
    if (expected > 0) {
      parts.push(text);
      if (parts.length < expected) return;
      expected = 0;
      onMessage(parts.join(''));
      return;
    }
    onMessage(text);
  }) as (...a: never[]) => void);
  await new Promise<void>((resolve, reject) => {
    ws.on('open', resolve);
    ws.on('error', reject as (...a: never[]) => void);
  });
  let seq = 0;
  const ask = (a: string, b: unknown, ms = 5000) =>
    new Promise<RawAnswer>((resolve, reject) => {
      const r = ++seq;
      const timer = setTimeout(() => reject(new Error(`no answer to ${a} ${JSON.stringify(b).slice(0, 80)}`)), ms);
      waiting.set(r, (answer) => {
        clearTimeout(timer);
        waiting.delete(r);
        resolve(answer);
      });
      ws.send(JSON.stringify({ t: 'd', d: { r, a, b } }));
    });
  after(() => ws.close());
  return {
    ask,
    pushes,
    revoked,
    authRevoked,
    closed,
    get isClosed() {
      return isClosed;
    },
    close: () => ws.close(),
  };
}
export type RawRealtime = Awaited<ReturnType<typeof rawRealtime>>;
