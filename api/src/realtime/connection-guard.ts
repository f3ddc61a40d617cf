// Every connection is guarded here: frames are size-limited, reassembled and validated (frames.ts) before
// firebase-server's handler sees them, a bad request gets an error answer for that request only, the
// handler runs inside try/catch, every check runs as the connection's own identity, writes spend a budget,
// and slow, idle or flooding sockets are closed.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { checkMessage, FrameAssembler, type Verdict } from './frames.js';
import { accessEnded, newRevocations, ruleAuth, type RealtimeIdentity } from './access.js';
import { quotaRefusal } from './quota.js';
import {
  CLOSE_POLICY,
  CLOSE_TOO_BIG,
  CLOSE_TRY_LATER,
  LIMITS,
  type Conn,
  type FirebaseServerInstance,
  type HavenHooks,
  type Shared,
  type Socket,
} from './server-types.js';

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
  const issuedAtMs = typeof payload.auth_time_ms === 'number' ? payload.auth_time_ms : authTime * 1000;
  return { uid, claims, token: payload, issuedAtMs, expiresAtMs: payload.exp * 1000 };
}

/** Takes `bytes` from the identity's write budget; false when it is spent. */
export function spend(shared: Shared, key: string, bytes: number, now: number): boolean {
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

export function guardConnection(
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
