// Fault: the realtime worker, then the api itself, is killed (SIGKILL) while a client writes as fast as
// the server acknowledges. Every acknowledged write must be there after the restart (a write is
// acknowledged only once the snapshot holding it is committed), and a worker whose api is gone must stop
// serving at once. Self-contained (node:test, PGlite, its own processes and ports), bounded in seconds.
// Run: cd api && node --import tsx --test test-faults/realtime-kill.test.ts
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect } from 'node:net';
import { readFileSync } from 'node:fs';
import { createHmac } from 'node:crypto';
import { superviseRealtime } from '../src/realtime/supervisor.js';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts.js';

const API_DIR = path.resolve(import.meta.dirname, '..');
const requireWs = createRequire(createRequire(path.join(API_DIR, 'realtime', 'package.json')).resolve('firebase-server/package.json'));
const WebSocket = requireWs('ws') as new (url: string) => {
  on(e: string, fn: (...a: never[]) => void): void;
  send(d: string): void;
  close(): void;
  terminate(): void;
};

async function post(url: string, body: unknown) {
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: r.status, body: (await r.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON answers
}

/** The patient's realtime ID token from this api (sign-in, then the auth emulator's custom-token exchange). */
async function idToken(apiUrl: string): Promise<{ token: string; uid: string }> {
  const s = await post(`${apiUrl}/api/v1/auth/sign_in`, { email: 'patient@haven.test', password: DEMO_PASSWORD });
  assert.equal(s.status, 200);
  const fb = await post(`${apiUrl}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=k`, {
    token: s.body.data.fb_token,
    returnSecureToken: true,
  });
  assert.equal(fb.status, 200);
  return { token: fb.body.idToken as string, uid: s.body.data.firebaseid as string };
}

/** A wire-protocol client: pipelined writes, the request ids acknowledged, and reads. */
async function realtimeClient(port: number, token: string) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/.ws?v=5&ns=haven-local`);
  const answers = new Map<number, (s: { s: string; d: unknown }) => void>();
  let expected = 0;
  let parts: string[] = [];
  const onText = (text: string) => {
    const m = JSON.parse(text) as { t?: string; d?: { r?: number; b?: { s?: string; d?: unknown } } };
    if (m.t === 'd' && typeof m.d?.r === 'number' && m.d.b?.s) answers.get(m.d.r)?.({ s: m.d.b.s, d: m.d.b.d });
  };
  ws.on('message', ((data: Buffer) => {
    const text = data.toString();
    if (expected === 0 && /^\d{1,6}$/.test(text)) {
      expected = Number(text);
      parts = [];
    } else if (expected > 0) {
      parts.push(text);
      if (parts.length === expected) {
        expected = 0;
        onText(parts.join(''));
      }
    } else onText(text);
  }) as (...a: never[]) => void);
  ws.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => ws.on('close', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    ws.on('open', resolve);
    ws.on('error', reject as (...a: never[]) => void);
  });
  let seq = 0;
  const ask = (a: string, b: unknown) =>
    new Promise<{ s: string; d: unknown }>((resolve) => {
      const r = ++seq;
      answers.set(r, resolve);
      ws.send(JSON.stringify({ t: 'd', d: { r, a, b } }));
    });
  assert.equal((await ask('auth', { cred: token })).s, 'ok');
  return { ask, closed, close: () => ws.terminate() };
}

/**
 * Writes users/{uid}/appConfig/k{i} one after another without waiting (8 in flight), until `stop()`;
 * returns the keys whose write was acknowledged.
 */
function writer(client: Awaited<ReturnType<typeof realtimeClient>>, uid: string, prefix: string) {
  const acknowledged: string[] = [];
  let stopped = false;
  let i = 0;
  const lane = async () => {
    while (!stopped) {
      const key = `${prefix}${i++}`;
      const answer = await Promise.race([
        client.ask('m', { p: `/users/${uid}/appConfig`, d: { [key]: i } }),
        client.closed.then(() => null),
      ]);
      if (!answer) return;
      if (answer.s === 'ok') acknowledged.push(key);
    }
  };
  const lanes = Array.from({ length: 8 }, lane);
  return {
    acknowledged,
    stop: async () => {
      stopped = true;
      client.close();
      await Promise.all(lanes);
    },
  };
}

const until = async (what: string, ok: () => boolean | Promise<boolean>, ms: number) => {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
};
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });

async function readBack(port: number, apiUrl: string, uid: string): Promise<Record<string, unknown>> {
  const { token } = await idToken(apiUrl);
  const c = await realtimeClient(port, token);
  const got = await c.ask('g', { p: `/users/${uid}/appConfig`, q: {} });
  c.close();
  assert.equal(got.s, 'ok');
  return (got.d ?? {}) as Record<string, unknown>;
}

/** An ID token the realtime server accepts (HS256 with its secret), for the supervisor-only test. */
function localIdToken(secret: string, uid: string): string {
  const part = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const head = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: uid, iat: now, auth_time: now, exp: now + 600 })}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

test(
  'the realtime worker killed mid-write: no acknowledged write is lost (the supervisor keeps each snapshot)',
  { timeout: 30_000 },
  async () => {
    const secret = 'a-secret-only-for-this-fault-test-0123456789';
    let kept: unknown = null;
    const rt = await superviseRealtime({ port: 0, secret, log: () => undefined, onSnapshot: (data) => void (kept = data) });
    try {
      const uid = 'fault-user';
      const w = writer(await realtimeClient(rt.port, localIdToken(secret, uid)), uid, 'w');
      await until('200 acknowledged writes', () => w.acknowledged.length >= 200, 20_000);
      const back = new Promise<void>((resolve) => rt.events.once('ready', () => resolve()));
      const killedAt = Date.now();
      process.kill(rt.pid!, 'SIGKILL');
      await w.stop();
      await back;
      const c = await realtimeClient(rt.port, localIdToken(secret, uid));
      const got = await c.ask('g', { p: `/users/${uid}/appConfig`, q: {} });
      c.close();
      assert.equal(got.s, 'ok');
      const data = (got.d ?? {}) as Record<string, unknown>;
      const lost = w.acknowledged.filter((k) => !(k in data));
      console.log(`worker kill: ${w.acknowledged.length} acknowledged, ${lost.length} lost, back in ${Date.now() - killedAt} ms`);
      assert.deepEqual(lost, []);
      assert.ok(kept !== null);
    } finally {
      await rt.close();
    }
  },
);

/** The api as its own process (main.ts) on a PGlite directory; its ports read from what it prints. */
async function apiProcess(dir: string): Promise<{ child: ChildProcess; url: string; realtimePort: number; workerPid: number }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(API_DIR, 'src', 'main.ts'),
      '--stage',
      'test',
      '--data',
      dir,
      '--port',
      '0',
      '--realtime-port',
      '0',
      '--quiet',
    ],
    { cwd: API_DIR, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  await until('the api process to start', () => /Realtime db .*pid (\d+)/.test(out), 90_000);
  const url = /Haven api\s+(http:\/\/\S+)\/api\/v1/.exec(out)![1]!.replace('localhost', '127.0.0.1');
  const realtimePort = Number(/Realtime db\s+http:\/\/[^:]+:(\d+)/.exec(out)![1]);
  const workerPid = Number(/pid (\d+)/.exec(out)![1]);
  return { child, url, realtimePort, workerPid };
}
/** Running (an exited process nobody reaped yet, a zombie, is not: in a container nothing may reap it). */
const alive = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
};

test(
  'the api killed mid-write: its orphaned worker stops serving at once, and after a restart no acknowledged write is lost',
  { timeout: 200_000 },
  async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'haven-rt-kill-'));
    let second: ChildProcess | undefined;
    try {
      const first = await apiProcess(dir);
      const { token, uid } = await idToken(first.url);
      const w = writer(await realtimeClient(first.realtimePort, token), uid, 'a');
      await until('200 acknowledged writes', () => w.acknowledged.length >= 200, 20_000);
      const killedAt = Date.now();
      first.child.kill('SIGKILL');
      // The orphan: gone, and its port closed, within a second.
      await until('the orphaned worker to exit', () => !alive(first.workerPid), 2000);
      await until('the realtime port to close', async () => !(await listening(first.realtimePort)), 2000);
      console.log(`api kill: the orphaned worker stopped ${Date.now() - killedAt} ms after`);
      await w.stop();
      const restarted = await apiProcess(dir);
      second = restarted.child;
      const data = await readBack(restarted.realtimePort, restarted.url, uid);
      const lost = w.acknowledged.filter((k) => !(k in data));
      console.log(`api kill: ${w.acknowledged.length} acknowledged, ${lost.length} lost`);
      assert.deepEqual(lost, []);
    } finally {
      second?.kill('SIGTERM');
      if (second) await new Promise((r) => second!.once('exit', r));
      await rm(dir, { recursive: true, force: true });
    }
  },
);
