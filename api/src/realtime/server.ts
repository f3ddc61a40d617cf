// Local Firebase Realtime Database: firebase-server 1.1.0 (from @haven/realtime, completed by the
// project's patch in patches/) with per-user security rules and ID tokens checked by the shared secret.
// Every connection is guarded here: frames are size-limited, reassembled and validated (frames.ts)
// before firebase-server's handler sees them, a bad request gets an error answer for that request
// only, the handler runs inside try/catch, and slow, idle or flooding sockets are closed.
// It runs in its own process (worker.ts) under a supervisor (supervisor.ts); see api/README.md.
import { createRequire } from 'node:module';
import { createServer } from 'node:http';
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { Duplex } from 'node:stream';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { checkMessage, FrameAssembler, MAX_FRAME_BYTES, type Verdict } from './frames.js';
import { isAllowedOrigin } from '../core/origins.js';
import { API_ROOT } from '../config/paths.js';
import {
  accessEnded,
  identityKey,
  newRevocations,
  pruneRevocations,
  recordEnded,
  ruleAuth,
  type AccessEnded,
  type RealtimeIdentity,
  type Revocations,
  type RuleAuth,
} from './access.js';
import { quotaRefusal, type DataNode } from './quota.js';

export type { AccessEnded, RealtimeIdentity } from './access.js';

// Resolve from the @haven/realtime package, which owns firebase-server and its firebase@8 dependency.
const requireFromRealtime = createRequire(path.join(API_ROOT, 'realtime', 'package.json'));

/** The parts of a `ws` WebSocket the guard uses. */
interface Socket {
  on(event: string, fn: (...args: never[]) => void): Socket;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  readyState: number;
}
interface Wss {
  clients: Set<Socket>;
  listeners(event: 'connection'): Array<(ws: Socket, req: IncomingMessage) => void>;
  removeAllListeners(event: 'connection'): void;
  on(event: 'connection', fn: (ws: Socket, req: IncomingMessage) => void): void;
}
/**
 * What the guard gives firebase-server's connection handler (the project's patch reads it): the identity
 * every check of this connection runs as, and when a write may be acknowledged. The patch fills in the
 * rest: re-checking the connection's listens, and dropping its queued onDisconnect writes.
 */
interface HavenHooks {
  auth(): RuleAuth | null;
  written?: (acknowledge: () => void) => void;
  recheckListens?: () => void;
  dropDisconnectOps?: () => void;
}
/** What one rule check of targaryen answers (a write's result carries the database it would make). */
interface RuleCheck {
  allowed: boolean;
  newDatabase: unknown;
}
interface FirebaseServerInstance {
  targaryen: { root: DataNode };
  /** The patch's: the rules over the current data, evaluated as exactly `auth`; and a database kept without auth. */
  rulesAs(auth: RuleAuth | null): { update(path: string, data: unknown, now: number): RuleCheck };
  dataOnly(db: unknown): { root: DataNode };
  setRules(rules: object): void;
  setAuthSecret(secret: string): void;
  getValue(ref?: unknown): Promise<unknown>;
  exportData(ref?: unknown): Promise<unknown>;
  baseRef: { on(event: 'value', cb: () => void): void; child(path: string): { update(value: object): Promise<void> } };
  getPort(): number;
  close(): Promise<void>;
  wss: Wss;
}
type FirebaseServerCtor = new (
  opts: { port?: number; server?: HttpServer; maxPayload?: number; perMessageDeflate?: boolean },
  name?: string,
  data?: unknown,
) => FirebaseServerInstance;

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

/** Connection limits (the SDK sends a keep-alive every 45 s and frames of at most 16 384 characters). */
export const LIMITS = {
  maxConnections: 1000,
  /** No frame for this long: the socket is closed (the SDK reconnects by itself). */
  idleMs: 120_000,
  /** A message announced in several frames must be complete within this time. */
  partialMessageMs: 10_000,
  /** Token bucket per connection: burst, then this many messages per second. */
  burst: 1000,
  perSecond: 200,
  /** Server-side state one socket may hold: live listens, and onDisconnect operations queued. */
  maxListens: 500,
  maxDisconnectOps: 200,
  /** Time for the HTTP upgrade request's headers (slow-loris). */
  headersTimeoutMs: 10_000,
  /** One write (set, update, onDisconnect) at most this many bytes of JSON: SDP offers and chat lines are a few KB. */
  maxWriteBytes: 64 * 1024,
  /** Bytes written per identity (all its connections together): a burst, then this many per second. */
  writeBurstBytes: 1024 * 1024,
  writeBytesPerSecond: 128 * 1024,
};

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

/** The claims the rules read, and who: from an ID token signed with `secret` (HS256), or null. */
export function readIdToken(secret: string, token: string): RealtimeIdentity | null {
  const [header, body, signature] = token.split('.');
  if (!header || !body || !signature) return null;
  const expected = createHmac('sha256', secret).update(`${header}.${body}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let payload: Record<string, unknown>;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
  const uid = typeof payload.sub === 'string' ? payload.sub : null;
  if (!uid || typeof payload.exp !== 'number') return null;
  const claims: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(payload)) if (k.startsWith('haven_')) claims[k] = v;
  const authTime = typeof payload.auth_time === 'number' ? payload.auth_time : typeof payload.iat === 'number' ? payload.iat : 0;
  return { uid, claims, token: payload, issuedAtMs: authTime * 1000, expiresAtMs: payload.exp * 1000 };
}

/** One connection as the server's shared state sees it. */
interface Conn {
  /** The identity its own last valid auth frame proved; null: never signed in, signed out, or refused. */
  identity: RealtimeIdentity | null;
  /** Ends the connection because its access ended (its queued onDisconnect writes are dropped). */
  cut(reason: string): void;
}

/** What every connection of one server shares: who is signed in where, whose access ended, write budgets. */
interface Shared {
  secret: string;
  connections: Map<Socket, Conn>;
  revocations: Revocations;
  budgets: Map<string, { tokens: number; last: number }>;
  /** When a write may be acknowledged (undefined: at once). */
  written?: (acknowledge: () => void) => void;
}

const CLOSE_POLICY = 1008;
const CLOSE_TOO_BIG = 1009;
const CLOSE_TRY_LATER = 1013;

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

/** Takes `bytes` from the identity's write budget; false when it is spent. */
function spend(shared: Shared, key: string, bytes: number, now: number): boolean {
  const b = shared.budgets.get(key) ?? { tokens: LIMITS.writeBurstBytes, last: now };
  b.tokens = Math.min(LIMITS.writeBurstBytes, b.tokens + ((now - b.last) / 1000) * LIMITS.writeBytesPerSecond);
  b.last = now;
  shared.budgets.set(key, b);
  if (b.tokens < bytes) return false;
  b.tokens -= bytes;
  return true;
}

let connectionSeq = 0;

/**
 * A room side whose access ended (the booking cancelled, the person signed out everywhere) has left the
 * call: its own "left" write would now be refused, so the server writes it, checked by the rules as that
 * side was a moment before, so the other person learns it at once instead of waiting on a dead call.
 */
function markRoomSideLeft(server: FirebaseServerInstance, identity: RealtimeIdentity, log: (m: string) => void) {
  const room = identity.claims.haven_room;
  const role = identity.claims.haven_room_role;
  if (typeof room !== 'string' || (role !== 'patient' && role !== 'provider')) return;
  const path = `rooms/${room}/peers/${role}`;
  const left = { state: 'left', online: false };
  const check = server.rulesAs(ruleAuth(identity, Date.now(), newRevocations())).update(path, left, Date.now());
  if (!check.allowed) return;
  server.targaryen = server.dataOnly(check.newDatabase);
  server.baseRef
    .child(path)
    .update(left)
    .catch((e: unknown) => log(`could not mark ${path} left: ${String(e)}`));
}

function guardConnection(
  server: FirebaseServerInstance,
  inner: (ws: Socket, req: IncomingMessage) => void,
  ws: Socket,
  req: IncomingMessage,
  log: (m: string) => void,
  shared: Shared,
) {
  const connectionKey = `connection:${++connectionSeq}`;
  if (server.wss.clients.size > LIMITS.maxConnections) {
    ws.close(CLOSE_TRY_LATER, 'too many connections');
    return;
  }
  // Every check firebase-server makes for this connection runs as this connection's own identity.
  const conn: Conn = {
    identity: null,
    cut: (reason) => {
      hooks.dropDisconnectOps?.();
      // A room that ended (its booking cancelled) cuts both sides; a person who signed out everywhere leaves
      // the other side in the call, which must learn that they left.
      const room = conn.identity?.claims.haven_room;
      if (conn.identity && typeof room === 'string' && !shared.revocations.rooms.has(room)) markRoomSideLeft(server, conn.identity, log);
      conn.identity = null;
      if (ws.readyState === 1) ws.send(JSON.stringify({ t: 'd', d: { a: 'ac', b: { s: 'permission_denied', d: reason } } }));
      ws.close(CLOSE_POLICY, reason);
    },
  };
  const hooks: HavenHooks = {
    auth: () => ruleAuth(conn.identity, Date.now(), shared.revocations),
    written: shared.written,
  };
  (ws as Socket & { haven?: HavenHooks }).haven = hooks;
  shared.connections.set(ws, conn);
  // Capture firebase-server's message handler instead of letting it listen on the socket directly.
  let handler: ((data: string) => void) | undefined;
  const realOn = ws.on.bind(ws);
  ws.on = ((event: string, fn: (...args: never[]) => void) => {
    if (event === 'message') handler = fn as unknown as (data: string) => void;
    else realOn(event, fn);
    return ws;
  }) as Socket['on'];
  try {
    inner(ws, req);
  } catch (e) {
    log(`connection set-up failed: ${(e as Error).stack ?? String(e)}`);
    shared.connections.delete(ws);
    ws.terminate();
    return;
  } finally {
    ws.on = realOn as Socket['on'];
  }
  if (!handler) {
    shared.connections.delete(ws);
    ws.terminate();
    return;
  }
  const handle = handler;
  const frames = new FrameAssembler();
  // Each listen and queued onDisconnect operation holds memory until the socket closes: bounded.
  const listens = new Set<string>();
  let disconnectOps = 0;
  const budget = (v: Verdict): Verdict => {
    if (!v.ok || v.kind !== 'data') return v;
    const key = v.path.replace(/^\/+|\/+$/g, '');
    if (v.action === 'n') listens.delete(key);
    else if (v.action === 'l' || v.action === 'q') {
      if (!listens.has(key) && listens.size >= LIMITS.maxListens)
        return { ok: false, requestId: v.requestId, reason: `at most ${LIMITS.maxListens} listens per connection` };
      listens.add(key);
    } else if (v.action === 'o' || v.action === 'om') {
      if (disconnectOps >= LIMITS.maxDisconnectOps)
        return { ok: false, requestId: v.requestId, reason: `at most ${LIMITS.maxDisconnectOps} onDisconnect operations per connection` };
      disconnectOps += 1;
    }
    return v;
  };
  // A hostile client must not flood the log either: the first few rejections, then a count at close.
  let rejected = 0;
  const reject = (reason: string) => {
    if (++rejected <= 5) log(`rejected a message: ${reason}`);
  };
  let tokens = LIMITS.burst;
  let lastRefill = Date.now();
  let lastFrame = Date.now();
  const reply = (requestId: number | undefined, status: string, reason: string) => {
    if (requestId === undefined || ws.readyState !== 1) return;
    ws.send(JSON.stringify({ t: 'd', d: { r: requestId, b: { s: status, d: reason } } }));
  };
  const timer = setInterval(
    () => {
      const now = Date.now();
      const identity = conn.identity;
      if (identity && now >= identity.expiresAtMs) {
        // The SDK signs in again with a fresh token, which the api gives only while access holds.
        // (Every check already runs as signed out once the token has expired.)
        conn.identity = null;
        ws.close(CLOSE_POLICY, 'token expired');
      } else if (now - lastFrame > LIMITS.idleMs) ws.close(CLOSE_POLICY, 'idle');
      else if (frames.pending && now - frames.startedAt > LIMITS.partialMessageMs) ws.close(CLOSE_POLICY, 'incomplete message');
    },
    Math.min(LIMITS.partialMessageMs, LIMITS.idleMs) / 2,
  );
  timer.unref();
  realOn('close', () => {
    clearInterval(timer);
    shared.connections.delete(ws);
    shared.budgets.delete(connectionKey);
    if (rejected > 5) log(`connection closed after ${rejected} rejected messages`);
  });
  realOn('error', (e: Error) => log(`socket error: ${e.message}`));

  const signIn = (cred: string | null, requestId: number | undefined) => {
    const identity = cred === null ? null : readIdToken(shared.secret, cred);
    if (identity && accessEnded(identity, shared.revocations)) {
      conn.identity = null;
      hooks.recheckListens?.();
      reply(requestId, 'permission_denied', 'access ended');
      ws.close(CLOSE_POLICY, 'access ended');
      return;
    }
    conn.identity = identity && Date.now() < identity.expiresAtMs ? identity : null;
    // Listens opened under the previous identity go on only if the new one may read them.
    hooks.recheckListens?.();
    if (requestId === undefined || ws.readyState !== 1) return;
    if (cred === null) ws.send(JSON.stringify({ t: 'd', d: { r: requestId, b: { s: 'ok', d: {} } } }));
    else if (conn.identity)
      ws.send(
        JSON.stringify({
          t: 'd',
          d: { r: requestId, b: { s: 'ok', d: { auth: conn.identity.token, expires: conn.identity.expiresAtMs / 1000 } } },
        }),
      );
    else reply(requestId, identity ? 'expired_token' : 'invalid_token', 'Could not verify the auth token.');
  };

  // ws 7 (firebase-server's) hands text frames over as strings and binary ones as Buffers; ws 8 says isBinary.
  realOn('message', ((data: string | Buffer, isBinary?: boolean) => {
    const now = Date.now();
    lastFrame = now;
    tokens = Math.min(LIMITS.burst, tokens + ((now - lastRefill) / 1000) * LIMITS.perSecond);
    lastRefill = now;
    if (--tokens < 0) {
      ws.close(CLOSE_POLICY, 'too many messages');
      return;
    }
    if (isBinary ?? typeof data !== 'string') {
      ws.close(CLOSE_POLICY, 'binary frames are not part of the protocol');
      return;
    }
    let text: string | null;
    try {
      text = frames.push(String(data), now); // a Buffer's toString is UTF-8
    } catch (e) {
      ws.close(CLOSE_TOO_BIG, (e as Error).message.slice(0, 120));
      return;
    }
    if (text === null) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      reject('a frame that is not JSON');
      return;
    }
    const verdict = budget(checkMessage(parsed));
    if (!verdict.ok) {
      reject(verdict.reason);
      reply(verdict.requestId, 'invalid_request', verdict.reason);
      return;
    }
    if (verdict.kind === 'data') {
      const b = (parsed as { d: { b: { cred?: unknown; d?: unknown } } }).d.b;
      if (verdict.action === 'auth' || verdict.action === 'gauth' || verdict.action === 'unauth') {
        // Sign-in is the guard's alone (firebase-server never sees it): the identity is what this frame's
        // token proves, checked with the shared secret; anything else signs the connection out.
        signIn(verdict.action === 'unauth' ? null : typeof b.cred === 'string' ? b.cred : '', verdict.requestId);
        return;
      }
      if (verdict.action === 'p' || verdict.action === 'm' || verdict.action === 'o' || verdict.action === 'om') {
        const size = Buffer.byteLength(JSON.stringify(b.d ?? null), 'utf8');
        const auth = hooks.auth();
        const refusal =
          size > LIMITS.maxWriteBytes
            ? `a write of at most ${LIMITS.maxWriteBytes} bytes`
            : !spend(shared, auth ? auth.uid : connectionKey, size, now)
              ? 'too many bytes written; slow down'
              : null;
        if (refusal) {
          reject(refusal);
          reply(verdict.requestId, 'write_refused', refusal);
          return;
        }
        const over = quotaRefusal(server.targaryen.root, auth, {
          path: verdict.path.replace(/^\/+|\/+$/g, ''),
          value: b.d,
          merge: verdict.action === 'm' || verdict.action === 'om',
        });
        if (over) {
          reject(over);
          reply(verdict.requestId, 'quota_exceeded', over);
          return;
        }
      }
    }
    try {
      handle(text);
    } catch (e) {
      // Not expected after validation; answer this request and keep the socket and the process alive.
      log(`message handler failed: ${(e as Error).stack ?? String(e)}`);
      reply(verdict.kind === 'data' ? verdict.requestId : undefined, 'internal_error', 'The request could not be handled');
    }
  }) as (...args: never[]) => void);
}
