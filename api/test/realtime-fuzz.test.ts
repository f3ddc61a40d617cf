// Protocol fuzzer: hostile and malformed frames against the realtime server over a raw WebSocket
// (127.0.0.1 only, bounded in count). Every bad request that carries a request id gets an error answer
// for that request; nothing crashes the realtime process (same pid, no restart); a real firebase
// client then still reads and writes its own record and is still refused another user's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { SignJWT } from 'jose';
import { ref, set, get } from 'firebase/database';
import { signIn, within } from './helpers.js';
import { realtimeSuite } from './realtime-helpers.js';
import { MAX_FRAME_BYTES, MAX_MESSAGE_BYTES } from '../src/realtime/frames.js';
import { LIMITS, startRealtime } from '../src/realtime/server.js';
import { DEV_SECRET } from '../src/core/config.js';

interface RawSocket {
  on(e: 'open', fn: () => void): void;
  on(e: 'message', fn: (d: Buffer) => void): void;
  on(e: 'close', fn: (code: number) => void): void;
  on(e: 'error', fn: (e: Error) => void): void;
  send(d: string | Buffer, cb?: (e?: Error) => void): void;
  close(): void;
  readyState: number;
}
type WsCtor = new (url: string) => RawSocket;
// `ws` is what firebase-server itself uses; resolve it from there.
const WebSocket = createRequire(
  createRequire(new URL('../realtime/package.json', import.meta.url)).resolve('firebase-server/package.json'),
)('ws') as WsCtor;

const { server, client } = realtimeSuite();

interface Raw {
  ws: RawSocket;
  answers: Map<number, string>;
  closed: Promise<number>;
  isClosed: () => boolean;
}
async function raw(): Promise<Raw> {
  const ws = new WebSocket(`ws://127.0.0.1:${server().realtimePort}/.ws?v=5&ns=haven-local`);
  const answers = new Map<number, string>();
  let closedFlag = false;
  const closed = new Promise<number>((resolve) =>
    ws.on('close', (code) => {
      closedFlag = true;
      resolve(code);
    }),
  );
  ws.on('error', () => undefined); // the close code is what the tests look at
  ws.on('message', (d) => {
    try {
      const m = JSON.parse(d.toString()) as { t?: string; d?: { r?: number; b?: { s?: string } } };
      if (m.t === 'd' && typeof m.d?.r === 'number' && m.d.b?.s) answers.set(m.d.r, m.d.b.s);
    } catch {
      /* frame counts and fragments */
    }
  });
  await new Promise<void>((resolve, reject) => {
    ws.on('open', resolve);
    ws.on('error', reject);
  });
  return { ws, answers, closed, isClosed: () => closedFlag };
}
const until = async (cond: () => boolean, what: string, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

/** Hostile frames that carry a request id: each must be answered with a non-ok status. */
function badRequests(): Array<(r: number) => string> {
  const out: Array<(r: number) => string> = [];
  const msg = (r: number, a: unknown, b: unknown) => JSON.stringify({ t: 'd', d: { r, a, b } });
  const badChars = ['.', '#', '$', '[', ']', '\u0000', '\u0001', '\n', '\u001f', '\u007f'];
  const pathActions = ['g', 'l', 'q', 'n', 'p', 'm', 'o', 'om', 'oc'];
  for (const c of badChars) {
    for (const a of pathActions) {
      const d = a === 'm' || a === 'om' ? { x: 1 } : 1;
      out.push(
        (r) => msg(r, a, { p: `users/a${c}b`, d }),
        (r) => msg(r, a, { p: `/${c}`, d }),
      );
    }
  }
  // huge and deep paths, empty-ish merge keys
  out.push(
    (r) => msg(r, 'g', { p: 'x'.repeat(800) }),
    (r) => msg(r, 'p', { p: 'a/'.repeat(40), d: 1 }),
    (r) => msg(r, 'l', { p: `users/${'é'.repeat(400)}` }),
  );
  out.push(
    (r) => msg(r, 'm', { p: 'users/x', d: { '/': 1 } }),
    (r) => msg(r, 'm', { p: 'users/x', d: { 'a.b': 1 } }),
    (r) => msg(r, 'm', { p: 'users/x', d: [1, 2] }),
  );
  // wrong types
  for (const p of [1, null, true, {}, [], ['a']])
    out.push(
      (r) => msg(r, 'g', { p }),
      (r) => msg(r, 'p', { p, d: 1 }),
    );
  for (const b of [1, 'b', [], true]) out.push((r) => msg(r, 'g', b));
  for (const h of [1, {}, []]) out.push((r) => msg(r, 'p', { p: 'users/x', d: 1, h }));
  for (const q of [1, 'q', []]) out.push((r) => msg(r, 'q', { p: 'users/x', q }));
  for (const t of ['t', 1.5, {}]) out.push((r) => msg(r, 'q', { p: 'users/x', t }));
  out.push(
    (r) => msg(r, 'p', { p: 'users/x' }),
    (r) => msg(r, 'm', { p: 'users/x', d: 'flat' }),
    (r) => msg(r, 's', { c: 'x' }),
  );
  // deep objects and bad data keys
  const deep = (n: number) => `${'{"k":'.repeat(n)}1${'}'.repeat(n)}`;
  for (const n of [33, 100, 2000]) {
    out.push(
      (r) => `{"t":"d","d":{"r":${r},"a":"p","b":{"p":"users/x","d":${deep(n)}}}}`,
      (r) => `{"t":"d","d":{"r":${r},"a":"m","b":{"p":"users/x","d":{"a":${deep(n)}}}}}`,
    );
  }
  for (const k of ['a.b', 'a#', '$x', '[0]', 'a/b', '', '\u0000']) out.push((r) => msg(r, 'p', { p: 'users/x', d: { [k]: 1 } }));
  out.push((r) => `{"t":"d","d":{"r":${r},"a":"p","b":{"p":"users/x","d":1e999}}}`);
  // unknown actions
  for (const a of ['x', 'zz', '__proto__', 'constructor', 'toString', '', 'L', 'get', 1, null, {}, []])
    out.push((r) => msg(r, a, { p: 'users/x' }));
  // auth with garbage credentials
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: 'fb-patient', user_id: 'fb-patient', exp: 9_999_999_999 })}.`;
  const rs256 = `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64({ sub: 'fb-patient', user_id: 'fb-patient', exp: 9_999_999_999 })}.c2ln`;
  const creds: unknown[] = ['', 'x'.repeat(9000), 1, null, {}, ['a'], 'garbage', 'a.b.c', unsigned, rs256];
  for (const c of creds)
    out.push(
      (r) => msg(r, 'auth', { cred: c }),
      (r) => msg(r, 'gauth', { cred: c }),
    );
  return out;
}

/** Garbage without a usable request id: dropped without an answer, the connection stays usable. */
const GARBAGE = [
  '{',
  '{"t":',
  'null',
  '[]',
  '"str"',
  '123abc',
  'true',
  '{}',
  '{"t":1}',
  '{"t":"x","d":{}}',
  '{"t":"d"}',
  '{"t":"d","d":[]}',
  '{"t":"d","d":{"r":-1,"a":"g","b":{"p":"a.b"}}}',
  '{"t":"d","d":{"r":"1","a":"g","b":{"p":"a.b"}}}',
  '{"t":"d","d":{"r":1.5,"a":"g"}}',
  '{"t":"c"}',
  '{"t":"c","d":1}',
  '{"t":"c","d":{"t":1}}',
  '{"t":"c","d":{"t":"zz"}}',
  '\u0000\u0001',
  '\uffff',
  '{"__proto__":{"polluted":1}}',
  '{"t":"d","d":{"a":"g","b":{"p":"a.b"}}}',
  '{"t":"d","d":{"a":"p","b":{"p":"users/x","d":{"a":{"b":{"c":{"d":{}}}}}}}}',
  ' ',
  '\t\n',
  ...Array.from({ length: 40 }, (_, i) => String.fromCharCode(...Array.from({ length: 20 + i }, (_, j) => (i * 31 + j * 17) % 256))),
];

test('hostile frames: each bad request answered with an error, garbage dropped, no crash, connection still usable', async () => {
  const srv = server();
  const pid = srv.realtime.pid;
  const c = await raw();
  // The frame from the issue, alone first: it used to throw inside firebase-server and kill the api.
  c.ws.send('{"t":"d","d":{"r":1,"a":"g","b":{"p":"a.b"}}}');
  await until(() => c.answers.has(1), 'answer to the issue frame');
  assert.equal(c.answers.get(1), 'invalid_request');
  const reqs = badRequests();
  let r = 10;
  const ids: number[] = [];
  for (const make of reqs) {
    ids.push(r);
    c.ws.send(make(r++));
  }
  for (const g of GARBAGE) c.ws.send(g);
  // A valid request after all of them: answered (permission denied, not signed in), so the socket is alive.
  c.ws.send(JSON.stringify({ t: 'd', d: { r: 9_999, a: 'g', b: { p: 'users/someone' } } }));
  await until(() => c.answers.has(9_999), 'the valid request after the hostile ones');
  assert.equal(c.answers.get(9_999), 'permission_denied');
  const unanswered = ids.filter((id) => !c.answers.has(id));
  assert.deepEqual(unanswered, [], 'every bad request is answered');
  const ok = ids.filter((id) => c.answers.get(id) === 'ok');
  assert.deepEqual(
    ok.map((id) => reqs[id - 10]!(id).slice(0, 120)),
    [],
    'no bad request is accepted',
  );
  assert.equal(c.isClosed(), false);
  c.ws.close();
  const total = 1 + reqs.length + GARBAGE.length + 1;
  console.log(`realtime fuzzer: ${total} frames on one connection (${reqs.length} bad requests, ${GARBAGE.length} garbage frames)`);
  assert.ok(total >= 300, `at least 300 frames (sent ${total})`);
  assert.equal(srv.realtime.pid, pid, 'the realtime process did not change');
  assert.equal(srv.realtime.restarts, 0);
});

test('size, frame-count, binary and flood limits close only the offending socket', async () => {
  const srv = server();
  const pid = srv.realtime.pid;
  const cases: Array<{ what: string; code: number; send: (c: Raw) => void }> = [
    { what: 'a frame over the frame limit', code: 1009, send: (c) => c.ws.send('x'.repeat(MAX_FRAME_BYTES + 1)) },
    { what: 'an absurd frame count', code: 1009, send: (c) => c.ws.send('99999') },
    {
      what: 'a multi-frame message over the message limit',
      code: 1009,
      send: (c) => {
        const n = Math.ceil(MAX_MESSAGE_BYTES / 16_000) + 2;
        c.ws.send(String(n));
        for (let i = 0; i < n; i++) c.ws.send('y'.repeat(16_000));
      },
    },
    { what: 'a binary frame', code: 1008, send: (c) => c.ws.send(Buffer.from([1, 2, 3])) },
    {
      what: 'a flood of 1 500 messages',
      code: 1008,
      send: (c) => {
        for (let i = 0; i < 1500; i++) c.ws.send('{"t":"c","d":{"t":"p","d":{}}}');
      },
    },
  ];
  for (const k of cases) {
    const c = await raw();
    k.send(c);
    assert.equal(await within(c.closed, 10_000, k.what).catch(() => 'still open'), k.code, k.what);
  }
  // Server-side state per socket is bounded: listens, then queued onDisconnect operations.
  const state = await raw();
  let id = 1;
  for (let i = 0; i < LIMITS.maxListens + 1; i++)
    state.ws.send(JSON.stringify({ t: 'd', d: { r: id++, a: 'l', b: { p: `/users/l${i}`, h: '' } } }));
  for (let i = 0; i < LIMITS.maxDisconnectOps + 1; i++)
    state.ws.send(JSON.stringify({ t: 'd', d: { r: id++, a: 'o', b: { p: `/users/o${i}`, d: 1 } } }));
  const lastListen = LIMITS.maxListens + 1;
  await until(() => state.answers.has(id - 1), 'answers to the listens and onDisconnect operations');
  assert.equal(state.answers.get(lastListen), 'invalid_request', 'one listen too many');
  assert.equal(state.answers.get(id - 1), 'invalid_request', 'one onDisconnect operation too many');
  assert.notEqual(state.answers.get(lastListen - 1), 'invalid_request');
  state.ws.close();
  // A valid message split into frames the SDK's way still works.
  const c = await raw();
  const long = JSON.stringify({ t: 'd', d: { r: 5, a: 'p', b: { p: 'users/nobody', d: { note: 'z'.repeat(40_000) } } } });
  const parts = long.match(/[\s\S]{1,16384}/g)!;
  c.ws.send(String(parts.length));
  for (const p of parts) c.ws.send(p);
  await until(() => c.answers.has(5), 'answer to the multi-frame message');
  assert.equal(c.answers.get(5), 'permission_denied');
  c.ws.close();
  assert.equal(srv.realtime.pid, pid);
  assert.equal(srv.realtime.restarts, 0);
});

test("after the fuzzing a real firebase client reads and writes its own record and is refused another user's", async () => {
  const srv = server();
  const { db, uid } = await client('patient@haven.test');
  const other = await signIn(srv.api, 'intl@haven.test');
  await set(ref(db, `users/${uid}`), { gaid: 'after-fuzz' });
  assert.deepEqual((await get(ref(db, `users/${uid}`))).val(), { gaid: 'after-fuzz' });
  await assert.rejects(set(ref(db, `users/${other.user.firebaseid as string}`), { gaid: 'hacked' }), /permission_denied/i);
  await assert.rejects(get(ref(db, `users/${other.user.firebaseid as string}`)), /permission|denied/i);
  // A token forged with the published development secret is not the realtime secret's: refused.
  const forged = await new SignJWT({ user_id: other.user.firebaseid })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(other.user.firebaseid as string)
    .setAudience('haven-local')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(DEV_SECRET));
  const c = await raw();
  c.ws.send(JSON.stringify({ t: 'd', d: { r: 1, a: 'auth', b: { cred: forged } } }));
  await until(() => c.answers.has(1), 'auth answer');
  assert.equal(c.answers.get(1), 'invalid_token');
  c.ws.close();
  assert.equal(srv.realtime.restarts, 0);
});

test('slow senders: an incomplete multi-frame message and an idle socket are closed (limits shortened for the test)', async () => {
  const saved = { ...LIMITS };
  Object.assign(LIMITS, { partialMessageMs: 300, idleMs: 600 });
  const rt = await startRealtime({ port: 0, secret: 'a-secret-only-for-this-test-0123456789', log: () => undefined });
  try {
    const open = async () => {
      const ws = new WebSocket(`ws://127.0.0.1:${rt.port}/.ws?v=5&ns=haven-local`);
      const closed = new Promise<number>((resolve) => ws.on('close', resolve));
      ws.on('error', () => undefined);
      await new Promise<void>((resolve) => ws.on('open', resolve));
      return { ws, closed };
    };
    const partial = await open();
    partial.ws.send('3');
    partial.ws.send('{"t":"d",');
    assert.equal(await partial.closed, 1008, 'incomplete message');
    const idle = await open();
    assert.equal(await idle.closed, 1008, 'idle socket');
  } finally {
    Object.assign(LIMITS, saved);
    await rt.close();
  }
});
