// Local Firebase Realtime Database: firebase-server 1.1.0 (from @haven/realtime, completed by the
// project's patch in patches/) with per-user security rules and ID tokens checked by the shared secret.
// Every connection is guarded (connection-guard.ts); this file starts the server, re-checks access, and
// acknowledges a write once it is kept. It runs in its own process (worker.ts) under a supervisor (supervisor.ts); see api/README.md.
import { createRequire } from 'node:module';
import { createServer } from 'node:http';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { readFileSync } from 'node:fs';
import { MAX_FRAME_BYTES } from './frames.js';
import { isAllowedOrigin } from '../core/origins.js';
import { API_ROOT } from '../config/paths.js';
import {
  accessEnded,
  identityKey,
  newRevocations,
  pruneRevocations,
  recordEnded,
  type AccessEnded,
  type RealtimeIdentity,
} from './access.js';
import path from 'node:path';
import { LIMITS, type FirebaseServerCtor, type FirebaseServerInstance, type Shared } from './server-types.js';
import { guardConnection } from './connection-guard.js';

export type { AccessEnded, RealtimeIdentity } from './access.js';
export { LIMITS } from './server-types.js';
export { readIdToken } from './connection-guard.js';

// Resolve from the @haven/realtime package, which owns firebase-server and its firebase@8 dependency.
const requireFromRealtime = createRequire(path.join(API_ROOT, 'realtime', 'package.json'));

/**
 * The security rules: the checked-in database.rules.json at the repository root, in the Realtime Database
 * rules format, so a real Firebase project takes the same file (`firebase deploy --only database`).
 * HAVEN_REALTIME_RULES names another file. Each client reads/writes only its own records; rooms only
 * their two members, each its own side (docs/session-room.md).
 */
export const DEFAULT_RULES_FILE = path.join(API_ROOT, '..', 'database.rules.json');

/** Reads and checks a rules file; throws naming the file and the problem (the server then does not start). */
export function loadRules(file = DEFAULT_RULES_FILE): { rules: Record<string, unknown> } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new Error(`realtime rules ${file}: ${(e as Error).message}`);
  }
  const rules = (parsed as { rules?: unknown } | null)?.rules;
  if (!rules || typeof rules !== 'object' || Array.isArray(rules)) throw new Error(`realtime rules ${file}: no "rules" object at the top`);
  return { rules: rules as Record<string, unknown> };
}

/** Default interval of the access re-check (a cancelled booking's room is closed within it). */
export const ACCESS_CHECK_MS = 20_000;

export interface RealtimeServer {
  port: number;
  url: string;
  server: FirebaseServerInstance;
  /** The api ended this access: its connections are cut and its next frame refused. */
  endAccess(e: AccessEnded): void;
  close(): Promise<void>;
}
export interface RealtimeOptions {
  port: number;
  host?: string;
  secret: string;
  namespace?: string;
  /** Initial data (a snapshot kept by the supervisor across restarts). */
  data?: unknown;
  /**
   * Keeps the data: called with an export of the whole tree after changes (one call at a time; the
   * changes meanwhile go in the next). A write is acknowledged to its client only once a snapshot holding
   * it is kept (the promise resolved). Without it, writes are acknowledged at once (memory only).
   */
  persist?: (data: unknown) => Promise<void>;
  /** Ended access announced before this server started (a restarted worker keeps refusing it). */
  ended?: AccessEnded[];
  log?: (message: string) => void;
  /** Browser origins allowed to connect (the api's CORS origins of this stage); connections without an Origin (non-browser clients) are not limited by it. */
  allowedOrigins?: string[];
  /** Also any localhost / *.localhost / 127.0.0.1 origin (development and test stages only). */
  allowLocalhost?: boolean;
  /** The security rules file (default: the repository's database.rules.json). */
  rulesFile?: string;
  /**
   * Asks the api, for each identity, whether its access ended (a cancelled or finished booking, a closed
   * account, a logout everywhere): those connections are closed and their tokens refused from then on.
   */
  checkAccess?: (identities: RealtimeIdentity[]) => Promise<boolean[]>;
  /** How often checkAccess runs (default ACCESS_CHECK_MS). */
  accessCheckMs?: number;
}

/** Loads firebase-server and firebase@8 (the slow part of starting; a standby worker does it ahead). */
export const loadFirebaseServer = () => requireFromRealtime('firebase-server') as FirebaseServerCtor;

export async function startRealtime(opts: RealtimeOptions): Promise<RealtimeServer> {
  const FirebaseServer = loadFirebaseServer();
  const host = opts.host ?? '127.0.0.1';
  const log = opts.log ?? ((m: string) => console.error(`[realtime] ${m}`));
  const http = createServer((_req, res) => {
    res.writeHead(426, { 'content-type': 'text/plain' }).end('WebSocket only\n');
  });
  http.headersTimeout = LIMITS.headersTimeoutMs;
  http.requestTimeout = LIMITS.headersTimeoutMs;
  http.maxHeadersCount = 100;
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(opts.port, host, () => resolve());
  });
  const port = (http.address() as { port: number }).port;
  // firebase-server passes its options to the ws server: frames over the limit close the socket (1009).
  const server = new FirebaseServer(
    { server: http, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false },
    opts.namespace ?? 'haven-local',
    opts.data ?? null,
  );
  server.setRules(loadRules(opts.rulesFile));
  // ID tokens minted by the api's auth emulator are HS256 with this secret; firebase-server verifies them.
  server.setAuthSecret(opts.secret);

  const [inner] = server.wss.listeners('connection');
  if (!inner) throw new Error('firebase-server registered no connection handler');
  server.wss.removeAllListeners('connection');
  const shared: Shared = { secret: opts.secret, connections: new Map(), revocations: newRevocations(), budgets: new Map() };
  for (const e of opts.ended ?? []) recordEnded(shared.revocations, e);
  if (opts.persist) shared.written = keepBeforeAcknowledging(server, opts.persist, log);
  server.wss.on('connection', (ws, req) => guardConnection(server, inner, ws, req, log, shared));
  const accessTimer = opts.checkAccess ? watchAccess(shared, opts.checkAccess, opts.accessCheckMs ?? ACCESS_CHECK_MS, log) : undefined;

  // A page on another site must not use a visitor's browser to talk to the database (WebSockets have
  // no CORS): the handshake from a browser Origin this stage does not allow is refused with 403.
  // Clients without an Origin (servers, the apps' native code) are not browsers and are not limited by it.
  const upgrade = http.listeners('upgrade') as Array<(req: IncomingMessage, socket: Duplex, head: Buffer) => void>;
  http.removeAllListeners('upgrade');
  http.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const origin = req.headers.origin;
    if (origin !== undefined && !isAllowedOrigin(origin, opts.allowedOrigins ?? [], opts.allowLocalhost ?? false)) {
      log(`refused a connection from origin ${origin.slice(0, 100)}`);
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    for (const listener of upgrade) listener.call(http, req, socket, head);
  });

  return {
    port,
    url: `http://${host === '127.0.0.1' ? 'localhost' : host}:${port}?ns=${opts.namespace ?? 'haven-local'}`,
    server,
    endAccess: (e) => {
      recordEnded(shared.revocations, e);
      for (const conn of shared.connections.values())
        if (conn.identity && accessEnded(conn.identity, shared.revocations)) conn.cut('access ended');
    },
    close: async () => {
      if (accessTimer) clearInterval(accessTimer);
      for (const c of server.wss.clients) c.terminate();
      await server.close();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

/**
 * Every `everyMs`, asks whether the signed-in identities still have access; the connections of those
 * that lost it are closed, and their tokens (signed in before now) refused when they come back.
 */
function watchAccess(shared: Shared, checkAccess: NonNullable<RealtimeOptions['checkAccess']>, everyMs: number, log: (m: string) => void) {
  let running = false;
  const timer = setInterval(() => {
    const entries = [...shared.connections.values()].flatMap((conn) => (conn.identity ? [{ conn, identity: conn.identity }] : []));
    if (running || entries.length === 0) return;
    running = true;
    checkAccess(entries.map((e) => e.identity))
      .then((ended) => {
        const now = Date.now();
        entries.forEach(({ conn, identity }, i) => {
          if (!ended[i]) return;
          shared.revocations.identities.set(identityKey(identity), now);
          if (conn.identity === identity) conn.cut('access ended');
        });
        // A refused token cannot outlive its own expiry: older entries are not needed.
        pruneRevocations(shared.revocations, now);
      })
      .catch((e: unknown) => log(`access check failed: ${String(e)}`))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return timer;
}

/**
 * Durability: a write is acknowledged only once a snapshot taken after it was kept by `persist` (the
 * supervisor, and through it the api's database). One snapshot at a time; the changes made while one is
 * being kept go into the next (group commit), so a burst costs a few snapshots, not one per write.
 */
function keepBeforeAcknowledging(server: FirebaseServerInstance, persist: (data: unknown) => Promise<void>, log: (m: string) => void) {
  let taken = 0;
  let inFlight = false;
  let dirty = false;
  let retry: NodeJS.Timeout | undefined;
  const waiting: Array<{ need: number; acknowledge: () => void }> = [];
  const take = () => {
    if (inFlight || !dirty || retry) return;
    inFlight = true;
    dirty = false;
    const seq = ++taken;
    server
      .exportData()
      .then(persist)
      .then(
        () => {
          // Every write applied before this snapshot started is in it.
          for (let i = waiting.length - 1; i >= 0; i -= 1) {
            if (waiting[i]!.need > seq) continue;
            const [w] = waiting.splice(i, 1);
            w!.acknowledge();
          }
        },
        (e: unknown) => {
          // Not kept: nothing of it is acknowledged; tried again shortly with the newest data.
          log(`could not keep the data (writes wait for it): ${String(e)}`);
          dirty = true;
          retry = setTimeout(() => {
            retry = undefined;
            take();
          }, 200);
        },
      )
      .finally(() => {
        inFlight = false;
        take();
      });
  };
  const changed = () => {
    dirty = true;
    setImmediate(take);
  };
  server.baseRef.on('value', changed);
  return (acknowledge: () => void) => {
    waiting.push({ need: taken + 1, acknowledge });
    changed();
  };
}
