// Supervision: the realtime process is killed (SIGKILL, as an unknown crash would end it); the api keeps
// answering, the supervisor has it back on the same port with the data of its last snapshot, and a
// real firebase client re-syncs by itself (its pending write is acknowledged, its listener sees it). The
// data outlives repeated crashes and a restart of the api itself (it is kept in the database).
// The restart is held to the supervisor's own bound (RESTART_BOUND_MS, 2 s, the promise), measured by
// the supervisor from the worker's death to the new one listening; the client's re-sync (the SDK's own
// reconnect back-off) only to a deadline. The figures are printed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithCustomToken, signOut } from 'firebase/auth';
import { connectDatabaseEmulator, getDatabase, ref, set, get, onValue } from 'firebase/database';
import { call, signIn, within } from './helpers.js';
import { realtimeSuite } from './realtime-helpers.js';
import { RESTART_BOUND_MS } from '../src/realtime/supervisor.js';
import { startApi, type Started } from '../src/server.js';

const { server, client } = realtimeSuite();

test(
  'a killed realtime process is back on its port with its data, the api never stopped, a client re-syncs',
  { timeout: 180_000 },
  async () => {
    const srv = server();
    const a = await client('patient@haven.test');
    const mine = ref(a.db, `users/${a.uid}`);
    const seen: unknown[] = [];
    onValue(mine, (s) => seen.push(s.val()));
    await set(mine, { appConfig: { step: 1 } });
    await new Promise((r) => setTimeout(r, 400)); // the worker's snapshot is debounced (100 ms)

    const oldPid = srv.realtime.pid!;
    const back = new Promise<[number, number]>((resolve) =>
      srv.realtime.events.once('ready', (pid: number, downMs: number) => resolve([pid, downMs])),
    );
    const killedAt = Date.now();
    process.kill(oldPid, 'SIGKILL');
    // The api answers while the realtime process is down or restarting.
    const health = await call(`${srv.url}/health`);
    assert.equal(health.status, 200);
    const [newPid, downMs] = await within(back, 10_000, 'realtime process back');
    const backMs = Date.now() - killedAt;
    assert.notEqual(newPid, oldPid);
    assert.ok(downMs < RESTART_BOUND_MS, `listening again ${downMs} ms after the worker died (bound ${RESTART_BOUND_MS} ms)`);
    assert.equal(srv.realtime.restarts, 1);

    // The client's write while reconnecting is acknowledged once it has re-synced, and its listener sees it.
    await within(set(mine, { appConfig: { step: 2 } }), 30_000, 'write acknowledged after reconnect');
    const resyncMs = Date.now() - killedAt;
    assert.deepEqual((await get(mine)).val(), { appConfig: { step: 2 } });
    assert.deepEqual(seen.at(-1), { appConfig: { step: 2 } });
    // A new client sees the data too (the restarted process holds it).
    const b = await client('patient@haven.test');
    assert.deepEqual((await get(ref(b.db, `users/${b.uid}`))).val(), { appConfig: { step: 2 } });
    console.log(
      `realtime restart: down ${downMs} ms (supervisor), back ${backMs} ms after SIGKILL; client re-synced ${resyncMs} ms after SIGKILL`,
    );
  },
);

test('data written before the crash survives the restart (last snapshot)', { timeout: 180_000 }, async () => {
  const srv = server();
  const a = await client('intl@haven.test');
  await set(ref(a.db, `users/${a.uid}`), { appConfig: { kept: true } });
  await new Promise((r) => setTimeout(r, 400));
  const back = new Promise<void>((resolve) => srv.realtime.events.once('ready', () => resolve()));
  process.kill(srv.realtime.pid!, 'SIGKILL');
  await within(back, 10_000, 'realtime process back');
  const b = await client('intl@haven.test');
  assert.deepEqual((await within(get(ref(b.db, `users/${b.uid}`)), 30_000, 'read after restart')).val(), { appConfig: { kept: true } });
});

test('three deaths within 30 s: each restart still holds the data', { timeout: 180_000 }, async () => {
  const srv = server();
  const a = await client('employee@acme.test');
  await set(ref(a.db, `users/${a.uid}`), { appConfig: { kept: 'through three crashes' } });
  await new Promise((r) => setTimeout(r, 400));
  for (let i = 0; i < 3; i++) {
    const back = new Promise<void>((resolve) => srv.realtime.events.once('ready', () => resolve()));
    process.kill(srv.realtime.pid!, 'SIGKILL');
    await within(back, 10_000, `realtime process back after kill ${i + 1}`);
  }
  const b = await client('employee@acme.test');
  assert.deepEqual((await within(get(ref(b.db, `users/${b.uid}`)), 30_000, 'read after three crashes')).val(), {
    appConfig: { kept: 'through three crashes' },
  });
});

test('the data outlives the api: a restart on the same database starts the realtime server with it', { timeout: 180_000 }, async () => {
  const dir = await mkdtemp(join(tmpdir(), 'haven-realtime-db-'));
  const start = () => startApi({ port: 0, realtimePort: 0, host: '127.0.0.1', database: dir, stage: 'test', realtime: true });
  const apps: FirebaseApp[] = [];
  /** A firebase client of the patient against this api's realtime server. */
  const patient = async (s: Started) => {
    const { user } = await signIn(`${s.url}/api/v1`, 'patient@haven.test');
    const app = initializeApp(
      { apiKey: 'local-dev-key', projectId: 'haven-local', databaseURL: `http://127.0.0.1:${s.realtimePort}?ns=haven-local` },
      `outlives-${apps.length}`,
    );
    apps.push(app);
    connectAuthEmulator(getAuth(app), s.url.replace('localhost', '127.0.0.1'), { disableWarnings: true });
    const db = getDatabase(app);
    connectDatabaseEmulator(db, '127.0.0.1', s.realtimePort!);
    const { user: signedIn } = await signInWithCustomToken(getAuth(app), user.fb_token as string);
    return ref(db, `users/${signedIn.uid}`);
  };
  try {
    const first = await start();
    try {
      await set(await patient(first), { appConfig: { saved: 'before the api stopped' } });
      // Acknowledged means kept in the database (the worker waits for the api's write before answering).
    } finally {
      await first.close();
    }
    const second = await start();
    try {
      assert.deepEqual((await within(get(await patient(second)), 30_000, 'read after the api restarted')).val(), {
        appConfig: { saved: 'before the api stopped' },
      });
    } finally {
      await second.close();
    }
  } finally {
    for (const app of apps) {
      await signOut(getAuth(app)).catch(() => undefined);
      await deleteApp(app).catch(() => undefined);
    }
    await rm(dir, { recursive: true, force: true });
  }
});
