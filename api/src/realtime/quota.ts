// The realtime database's stored-bytes budget: what one identity may keep in the tree, whatever its write
// rate. A signed-in user's own records (users/, Status/, experiments/, attribution/) together, and each
// side of a session room (its peers, keys, candidates, the signal it sends and the chat messages it
// wrote), are counted from the data itself, so the count is right after a restart too. The regions follow
// database.rules.json: every writable path of the rules file belongs to one (test/realtime-quota.test.ts).
import type { RuleAuth } from './access.js';

export const QUOTAS = {
  /** users/, Status/, experiments/ and attribution/ of one user: a few small records. */
  userBytes: 64 * 1024,
  /** One person's side of one session room: the chat they wrote, their ICE candidates, keys, signal. */
  roomSideBytes: 1024 * 1024,
};

/** The parts of targaryen's immutable data nodes the count reads (children are own enumerable keys). */
export interface DataNode {
  $isPrimitive(): boolean;
  $value(): unknown;
  $child(path: string): DataNode;
  $set(path: string, value: unknown, priority?: unknown, now?: number): DataNode;
  $merge(path: string, patch: Record<string, unknown>, now?: number): DataNode;
}

// Nodes are immutable and a write shares every untouched subtree: each node's size is computed once.
const sizes = new WeakMap<object, number>();
const utf8 = (s: string) => Buffer.byteLength(s, 'utf8');

/** Bytes a node holds: its keys and its values as JSON. */
export function nodeBytes(node: DataNode): number {
  if (node.$isPrimitive()) {
    const v = node.$value();
    return v === null ? 0 : utf8(JSON.stringify(v));
  }
  const known = sizes.get(node);
  if (known !== undefined) return known;
  let total = 0;
  for (const key of Object.keys(node)) total += utf8(key) + nodeBytes((node as unknown as Record<string, DataNode>)[key]!);
  sizes.set(node, total);
  return total;
}

export interface Region {
  /** Whose budget: one user, or one side of one room. */
  key: string;
  limit: number;
  /** Subtrees counted whole. */
  paths: string[];
  /** Chat messages under this path count when their `from` is this role. */
  chat?: { path: string; from: string };
}

/** The region an identity's writes fill; null for signed out. */
export function regionOf(auth: RuleAuth | null): Region | null {
  if (!auth) return null;
  const room = auth.token.haven_room;
  const role = auth.token.haven_room_role;
  if (typeof room === 'string' && (role === 'patient' || role === 'provider')) {
    const other = role === 'patient' ? 'provider' : 'patient';
    const base = `rooms/${room}`;
    return {
      key: `room:${room}:${role}`,
      limit: QUOTAS.roomSideBytes,
      paths: [`${base}/peers/${role}`, `${base}/keys/${role}`, `${base}/candidates/${role}`, `${base}/signal/${other}`],
      chat: { path: `${base}/chat`, from: role },
    };
  }
  const ids = new Set([auth.uid]);
  for (const claim of ['haven_user_id', 'haven_uuid']) if (typeof auth.token[claim] === 'string') ids.add(auth.token[claim]);
  return {
    key: `user:${auth.uid}`,
    limit: QUOTAS.userBytes,
    paths: [`users/${auth.uid}`, `Status/${auth.uid}`, `experiments/${auth.uid}`, ...[...ids].map((id) => `attribution/${id}`)],
  };
}

/** Bytes the region holds in the tree `root`. */
export function regionBytes(root: DataNode, region: Region): number {
  let total = 0;
  for (const p of region.paths) total += nodeBytes(root.$child(p));
  if (region.chat) {
    const chat = root.$child(region.chat.path);
    if (!chat.$isPrimitive()) {
      for (const id of Object.keys(chat)) {
        const message = (chat as unknown as Record<string, DataNode>)[id]!;
        if (message.$child('from').$value() === region.chat.from) total += utf8(id) + nodeBytes(message);
      }
    }
  }
  return total;
}

/**
 * Why a write (`set` of `value` at `path`, or a `merge` of `value`'s children under it) would take the
 * writer's region past its budget, or null. A write that does not grow the region is always let through
 * (deleting is how one gets back under it).
 */
export function quotaRefusal(
  root: DataNode,
  auth: RuleAuth | null,
  write: { path: string; value: unknown; merge: boolean },
  now = Date.now(),
): string | null {
  const region = regionOf(auth);
  if (!region) return null;
  let after: DataNode;
  try {
    after = write.merge
      ? root.$merge(write.path, write.value as Record<string, unknown>, now)
      : root.$set(write.path, write.value, undefined, now);
  } catch {
    return null; // not storable: the rules check refuses it
  }
  const bytesAfter = regionBytes(after, region);
  if (bytesAfter <= region.limit) return null;
  if (bytesAfter <= regionBytes(root, region)) return null;
  const what = region.chat ? 'your side of this session room' : 'your own records';
  return `stored-bytes budget: ${what} may hold at most ${region.limit} bytes (this write would make it ${bytesAfter}); delete something first`;
}
