// The shapes and limits the realtime server works with: the parts of `ws` and of firebase-server it touches,
// one connection as the shared state sees it, the close codes it uses, and the connection limits.
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import { type RealtimeIdentity, type Revocations, type RuleAuth } from './access.js';
import { type DataNode } from './quota.js';

/** The parts of a `ws` WebSocket the guard uses. */
export interface Socket {
  on(event: string, fn: (...args: never[]) => void): Socket;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  readyState: number;
}
export interface Wss {
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
export interface HavenHooks {
  auth(): RuleAuth | null;
  written?: (acknowledge: () => void) => void;
  recheckListens?: () => void;
  dropDisconnectOps?: () => void;
}
/** What one rule check of targaryen answers (a write's result carries the database it would make). */
export interface RuleCheck {
  allowed: boolean;
  newDatabase: unknown;
}
export interface FirebaseServerInstance {
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
export type FirebaseServerCtor = new (
  opts: { port?: number; server?: HttpServer; maxPayload?: number; perMessageDeflate?: boolean },
  name?: string,
  data?: unknown,
) => FirebaseServerInstance;

/** One connection as the server's shared state sees it. */
export interface Conn {
  /** The identity its own last valid auth frame proved; null: never signed in, signed out, or refused. */
  identity: RealtimeIdentity | null;
  /** Ends the connection because its access ended (its queued onDisconnect writes are dropped). */
  cut(reason: string): void;
}

/** What every connection of one server shares: who is signed in where, whose access ended, write budgets. */
export interface Shared {
  secret: string;
  connections: Map<Socket, Conn>;
  revocations: Revocations;
  budgets: Map<string, { tokens: number; last: number }>;
  /** When a write may be acknowledged (undefined: at once). */
  written?: (acknowledge: () => void) => void;
}

export const CLOSE_POLICY = 1008;
export const CLOSE_TOO_BIG = 1009;
export const CLOSE_TRY_LATER = 1013;

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
