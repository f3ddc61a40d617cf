// Who a realtime connection is, as the rules see it: the identity its own verified ID token proved, while
// that token is unexpired and its access has not ended; otherwise signed out (null). Pure functions, and
// the in-process announcement the api makes when it ends someone's access (a cancelled or finished
// booking, a closed account, a log-out everywhere), which the supervisor hands to the realtime worker at
// once: the next frame of that identity is refused.

/** Who a connection is signed in as (its ID token, checked with the shared secret). */
export interface RealtimeIdentity {
  uid: string;
  /** The token's haven_* claims (what the api checks access by). */
  claims: Record<string, unknown>;
  /** The whole verified token payload: what the rules see as auth.token. */
  token: Record<string, unknown>;
  issuedAtMs: number;
  expiresAtMs: number;
}

/** What the rules see as `auth`. */
export interface RuleAuth {
  uid: string;
  provider: string;
  token: Record<string, unknown>;
}

/**
 * Access that ended: every identity of the user `uid`, or of the session room `room`, whose token was
 * issued before `beforeMs` is refused from now on (a token issued later is a new decision of the api).
 */
export type AccessEnded = { uid: string; beforeMs: number } | { room: string; beforeMs: number };

export interface Revocations {
  /** identityKey -> refused when issued at or before this time (the periodic access check's findings). */
  identities: Map<string, number>;
  users: Map<string, number>;
  rooms: Map<string, number>;
}

export const newRevocations = (): Revocations => ({ identities: new Map(), users: new Map(), rooms: new Map() });

const roomOf = (i: Pick<RealtimeIdentity, 'claims'>) => (typeof i.claims.haven_room === 'string' ? i.claims.haven_room : '');
export const identityKey = (i: Pick<RealtimeIdentity, 'uid' | 'claims'>) => `${i.uid}|${roomOf(i)}`;

export function recordEnded(rev: Revocations, e: AccessEnded): void {
  const [map, key] = 'uid' in e ? [rev.users, e.uid] : [rev.rooms, e.room];
  map.set(key, Math.max(map.get(key) ?? 0, e.beforeMs));
}

/** Whether the api ended this identity's access (as announced, or found by the periodic check). */
export function accessEnded(i: RealtimeIdentity, rev: Revocations): boolean {
  const key = rev.identities.get(identityKey(i));
  if (key !== undefined && key >= i.issuedAtMs) return true;
  const user = rev.users.get(i.uid);
  if (user !== undefined && i.issuedAtMs < user) return true;
  const room = roomOf(i) ? rev.rooms.get(roomOf(i)) : undefined;
  return room !== undefined && i.issuedAtMs < room;
}

/** The `auth` the rules evaluate for a connection: its own identity while valid, else null (signed out). */
export function ruleAuth(i: RealtimeIdentity | null, nowMs: number, rev: Revocations): RuleAuth | null {
  if (!i || nowMs >= i.expiresAtMs || accessEnded(i, rev)) return null;
  return { uid: i.uid, provider: 'custom', token: i.token };
}

/** Entries older than any token they could still refuse (ID tokens live at most an hour) are dropped. */
export function pruneRevocations(rev: Revocations, nowMs: number, keepMs = 2 * 3600_000): void {
  for (const map of [rev.identities, rev.users, rev.rooms]) for (const [k, at] of map) if (nowMs - at > keepMs) map.delete(k);
}

export const listRevocations = (rev: Revocations): AccessEnded[] => [
  ...[...rev.users].map(([uid, beforeMs]) => ({ uid, beforeMs })),
  ...[...rev.rooms].map(([room, beforeMs]) => ({ room, beforeMs })),
];

// ---- the api's announcement (in-process; the supervisor forwards it to its worker) ----

type Listener = (e: AccessEnded) => Promise<void>;
const listeners = new Set<Listener>();
/** How long the api waits for the realtime worker to apply an ended access before answering anyway. */
export const ANNOUNCE_TIMEOUT_MS = 1000;

/**
 * The api ended access: the realtime server of this process refuses the identity's next frame. Resolves
 * once it has applied it (or after ANNOUNCE_TIMEOUT_MS; the periodic access check is the backstop, and
 * the one for realtime servers of other processes).
 */
export async function announceAccessEnded(e: AccessEnded): Promise<void> {
  await Promise.all(
    [...listeners].map((fn) =>
      Promise.race([fn(e).catch(() => undefined), new Promise<void>((resolve) => setTimeout(resolve, ANNOUNCE_TIMEOUT_MS).unref())]),
    ),
  );
}

/** Subscribes (the supervisor); returns the unsubscribe function. */
export function onAccessEnded(fn: Listener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
