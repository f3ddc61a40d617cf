// Validation of incoming realtime (Firebase wire protocol v5) messages, before firebase-server sees them.
// firebase-server trusts its input (a `.` in a path throws inside its message handler), so every frame is
// checked here: shape, actions, request ids, paths and keys per Firebase's key rules, sizes and depth.
// Pure functions: the connection guard in server.ts applies them and answers per request.

/** Firebase limits: a key is at most 768 bytes, a tree at most 32 levels deep. */
export const MAX_KEY_BYTES = 768;
export const MAX_PATH_BYTES = 768;
export const MAX_DEPTH = 32;
/** One WebSocket frame (the SDK splits messages into 16 384-character frames). */
export const MAX_FRAME_BYTES = 64 * 1024;
/** One whole message after reassembly, and the number of frames it may be split into. */
export const MAX_MESSAGE_BYTES = 1024 * 1024;
export const MAX_FRAMES_PER_MESSAGE = Math.ceil(MAX_MESSAGE_BYTES / 16384);
export const MAX_CREDENTIAL_LENGTH = 8192;

/** Data actions the server understands (listen, query listen, unlisten, put, merge, get, onDisconnect, auth, stats, app check). */
const ACTIONS = new Set(['l', 'q', 'n', 'p', 'm', 'g', 'o', 'om', 'oc', 'auth', 'gauth', 'unauth', 's', 'appcheck', 'unappcheck']);
const WITH_PATH = new Set(['l', 'q', 'n', 'p', 'm', 'g', 'o', 'om', 'oc']);
const WITH_DATA = new Set(['p', 'm', 'o', 'om']);
/** Keys Firebase itself uses inside data (priority, wrapped values, server values). */
const SPECIAL_KEYS = new Set(['.priority', '.value', '.sv']);

// eslint-disable-next-line no-control-regex -- control characters are exactly what Firebase forbids in keys
const FORBIDDEN_KEY_CHARS = /[.#$[\]/\u0000-\u001f\u007f]/;

export type Verdict =
  | { ok: true; kind: 'data'; requestId: number | undefined; action: string; path: string }
  | { ok: true; kind: 'control' }
  | { ok: false; requestId: number | undefined; reason: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

/** Why `key` is not a valid Firebase key, or null. */
export function keyProblem(key: string, allowSpecial = false): string | null {
  if (key.length === 0) return 'empty key';
  if (allowSpecial && SPECIAL_KEYS.has(key)) return null;
  if (bytes(key) > MAX_KEY_BYTES) return `key longer than ${MAX_KEY_BYTES} bytes`;
  if (FORBIDDEN_KEY_CHARS.test(key)) return `key "${key.slice(0, 40)}" contains . # $ [ ] / or a control character`;
  return null;
}

/** Why `path` is not a valid Firebase path ("/a/b", "a/b", "" for the root; a final ".priority" allowed), or null. */
export function pathProblem(path: string): string | null {
  if (bytes(path) > MAX_PATH_BYTES) return `path longer than ${MAX_PATH_BYTES} bytes`;
  const segments = path.split('/').filter((s) => s !== '');
  if (segments.length > MAX_DEPTH) return `path deeper than ${MAX_DEPTH} levels`;
  for (const [i, s] of segments.entries()) {
    const p = keyProblem(s, i === segments.length - 1 && s === '.priority');
    if (p) return `invalid path: ${p}`;
  }
  return null;
}

export const pathDepth = (path: string) => path.split('/').filter((s) => s !== '').length;

/** Why `value` is not storable at `depth` levels below the root (keys, depth, value types), or null. Iterative: no stack to exhaust. */
export function dataProblem(value: unknown, depth: number): string | null {
  const stack: Array<[unknown, number]> = [[value, depth]];
  while (stack.length > 0) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v === 'string' || typeof v === 'boolean') continue;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) return 'numbers must be finite';
      continue;
    }
    if (typeof v !== 'object') return `unsupported value type ${typeof v}`;
    if (d >= MAX_DEPTH) return `data deeper than ${MAX_DEPTH} levels`;
    const entries = Array.isArray(v) ? v.map((x, i) => [String(i), x] as const) : Object.entries(v);
    for (const [k, x] of entries) {
      const p = keyProblem(k, true);
      if (p) return `invalid data: ${p}`;
      stack.push([x, d + 1]);
    }
  }
  return null;
}

/** Checks one parsed message. Unknown control messages are harmless (ignored downstream). */
export function checkMessage(msg: unknown): Verdict {
  if (!isObject(msg)) return { ok: false, requestId: undefined, reason: 'message must be a JSON object' };
  if (msg.t === 'c') {
    if (!isObject(msg.d) || typeof msg.d.t !== 'string') return { ok: false, requestId: undefined, reason: 'control message needs d.t' };
    return { ok: true, kind: 'control' };
  }
  if (msg.t !== 'd') return { ok: false, requestId: undefined, reason: 'message type t must be "d" or "c"' };
  const d = msg.d;
  if (!isObject(d)) return { ok: false, requestId: undefined, reason: 'data message needs an object d' };
  const r = d.r;
  if (r !== undefined && !(Number.isSafeInteger(r) && (r as number) >= 0))
    return { ok: false, requestId: undefined, reason: 'request id r must be a non-negative integer' };
  const requestId = r as number | undefined;
  const fail = (reason: string): Verdict => ({ ok: false, requestId, reason });
  if (typeof d.a !== 'string' || !ACTIONS.has(d.a)) return fail(`unknown action ${JSON.stringify(d.a)?.slice(0, 40) ?? 'undefined'}`);
  const a = d.a;
  if (d.b !== undefined && !isObject(d.b)) return fail('body b must be an object');
  const b = (d.b ?? {}) as Record<string, unknown>;
  let path = '';
  if (WITH_PATH.has(a)) {
    if (typeof b.p !== 'string') return fail('path p must be a string');
    const p = pathProblem(b.p);
    if (p) return fail(p);
    path = b.p;
  }
  if (b.h !== undefined && typeof b.h !== 'string') return fail('hash h must be a string');
  if (b.q !== undefined && !isObject(b.q)) return fail('query q must be an object');
  if (b.t !== undefined && !Number.isSafeInteger(b.t)) return fail('tag t must be an integer');
  if (WITH_DATA.has(a)) {
    if (!('d' in b)) return fail('data d is missing');
    const base = pathDepth(path);
    if (a === 'm' || a === 'om') {
      if (!isObject(b.d)) return fail('merge data d must be an object');
      for (const [k, v] of Object.entries(b.d)) {
        const p =
          pathProblem(k) ?? (k.split('/').filter(Boolean).length === 0 ? 'empty merge key' : null) ?? dataProblem(v, base + pathDepth(k));
        if (p) return fail(p);
      }
    } else {
      const p = dataProblem(b.d, base);
      if (p) return fail(p);
    }
  }
  if ((a === 'auth' || a === 'gauth') && (typeof b.cred !== 'string' || b.cred.length === 0 || b.cred.length > MAX_CREDENTIAL_LENGTH)) {
    return fail(`credential cred must be a string of 1 to ${MAX_CREDENTIAL_LENGTH} characters`);
  }
  if (a === 's' && b.c !== undefined && !isObject(b.c)) return fail('stats c must be an object');
  return { ok: true, kind: 'data', requestId, action: a, path };
}

/**
 * Reassembles the SDK's multi-frame messages: a frame holding only a number announces how many frames
 * follow ("0" alone is a keep-alive). Bounded in frames and bytes.
 */
export class FrameAssembler {
  private expected = 0;
  private parts: string[] = [];
  private size = 0;
  /** When the pending message started (for the slow-sender timeout). */
  startedAt = 0;

  get pending() {
    return this.expected > 0;
  }

  /** Returns a whole message text, null when more frames are needed, or throws an Error naming the problem. */
  push(text: string, now = Date.now()): string | null {
    if (this.expected === 0) {
      if (/^\d{1,6}$/.test(text)) {
        const n = Number(text);
        if (n === 0) return null; // keep-alive
        if (n > MAX_FRAMES_PER_MESSAGE) throw new Error(`message announced in ${n} frames; at most ${MAX_FRAMES_PER_MESSAGE}`);
        this.expected = n;
        this.parts = [];
        this.size = 0;
        this.startedAt = now;
        return null;
      }
      return text;
    }
    this.size += text.length;
    if (this.size > MAX_MESSAGE_BYTES) throw new Error(`message larger than ${MAX_MESSAGE_BYTES} bytes`);
    this.parts.push(text);
    if (this.parts.length < this.expected) return null;
    const whole = this.parts.join('');
    this.expected = 0;
    this.parts = [];
    this.size = 0;
    return whole;
  }
}
