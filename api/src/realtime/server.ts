// Local Firebase Realtime Database: firebase-server 1.1.0 (from @haven/realtime, completed by the
// project's patch in patches/) with per-user security rules and ID tokens checked by the shared secret.
import { createRequire } from 'node:module';

// Resolve from the @haven/realtime package, which owns firebase-server and its firebase@8 dependency.
const requireFromRealtime = createRequire(new URL('../../realtime/package.json', import.meta.url));

interface FirebaseServerInstance {
  setRules(rules: object): void;
  setAuthSecret(secret: string): void;
  getValue(ref?: unknown): Promise<unknown>;
  getPort(): number;
  close(): Promise<void>;
  wss: { clients: Set<{ terminate(): void }> };
}
type FirebaseServerCtor = new (opts: { port: number; address?: string }, name?: string, data?: unknown) => FirebaseServerInstance;

const own = (v: string) => `auth != null && auth.uid == ${v}`;
/** Each client reads/writes only its own records. attribution/{userId} also accepts the api user id or uuid (token claims). */
export const REALTIME_RULES = {
  rules: {
    '.read': false,
    '.write': false,
    users: { $firebaseid: { '.read': own('$firebaseid'), '.write': own('$firebaseid') } },
    Status: { $uid: { '.read': own('$uid'), '.write': own('$uid') } },
    experiments: { $firebaseid: { '.read': own('$firebaseid'), '.write': own('$firebaseid') } },
    attribution: {
      $userId: {
        '.read': `${own('$userId')} || (auth != null && (auth.token.haven_user_id == $userId || auth.token.haven_uuid == $userId))`,
        '.write': `${own('$userId')} || (auth != null && (auth.token.haven_user_id == $userId || auth.token.haven_uuid == $userId))`,
      },
    },
  },
};

export interface RealtimeServer { port: number; url: string; server: FirebaseServerInstance; close(): Promise<void> }

export async function startRealtime(opts: { port: number; host?: string; secret: string; namespace?: string }): Promise<RealtimeServer> {
  const FirebaseServer = requireFromRealtime('firebase-server') as FirebaseServerCtor;
  const host = opts.host ?? '127.0.0.1';
  const server = new FirebaseServer({ port: opts.port, address: host }, opts.namespace ?? 'haven-local', null);
  server.setRules(REALTIME_RULES);
  // ID tokens minted by the api's auth emulator are HS256 with this secret; firebase-server verifies them.
  server.setAuthSecret(opts.secret);
  await new Promise<void>((resolve, reject) => {
    const wss = server.wss as unknown as { address(): unknown; once(e: string, cb: (err?: Error) => void): void };
    if (wss.address()) return resolve();
    wss.once('listening', () => resolve());
    wss.once('error', (e) => reject(e));
  });
  const port = server.getPort();
  return {
    port,
    url: `http://${host === '127.0.0.1' ? 'localhost' : host}:${port}?ns=${opts.namespace ?? 'haven-local'}`,
    server,
    close: async () => {
      for (const c of server.wss.clients) c.terminate();
      await server.close();
    },
  };
}
