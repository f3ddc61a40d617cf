// The local realtime database with the REAL modular firebase SDK: custom-token sign-in against the
// api's auth emulator routes, then set/get/update/onValue/onDisconnect and a rules denial.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { signOut } from 'firebase/auth';
import { ref, set, get, update, onValue, onDisconnect, goOffline } from 'firebase/database';
import { within } from './helpers.js';
import { realtimeSuite } from './realtime-helpers.js';

const { client } = realtimeSuite();
const withTimeout = <T>(p: Promise<T>, ms = 5000, what = 'operation') => within(p, ms, what);

test('custom-token sign-in through the api auth emulator gives the user firebaseid as uid', async () => {
  const c = await client('patient@haven.test');
  assert.equal(c.uid, c.user.firebaseid);
  const force = await c.auth.currentUser!.getIdToken(true); // securetoken refresh route
  assert.ok(force.split('.').length === 3);
  await signOut(c.auth);
});

test('set, get, update and live onValue on the own user record; Status; experiments; attribution', async () => {
  const c = await client('patient@haven.test');
  const userRef = ref(c.db, `users/${c.uid}`);
  const seen: unknown[] = [];
  const unsub = onValue(userRef, (snap) => seen.push(snap.val()));
  await withTimeout(set(userRef, { currentCourseName: 'calm', gaid: 'ga-1', appVersion: 'web-1' }), 5000, 'set');
  await withTimeout(update(userRef, { appConfig: { theme: 'light' } }), 5000, 'update');
  const snap = await withTimeout(get(userRef), 5000, 'get');
  assert.deepEqual(snap.val(), { currentCourseName: 'calm', gaid: 'ga-1', appVersion: 'web-1', appConfig: { theme: 'light' } });
  await new Promise((r) => setTimeout(r, 200));
  assert.ok(
    seen.some((v) => (v as { appConfig?: unknown } | null)?.appConfig),
    'onValue saw the update',
  );
  unsub();
  await withTimeout(set(ref(c.db, `Status/${c.uid}`), 'Online'), 5000, 'status');
  await withTimeout(set(ref(c.db, `experiments/${c.uid}`), { isInOrganicUser: true }), 5000, 'experiments');
  const attribution = {
    marketing_data: { marketing_activity: 'organic' },
    utm_data: { utm_medium: 'null' },
    timestamp: Date.now(),
    is_consumed: false,
    added_by: 'WEB',
  };
  await withTimeout(set(ref(c.db, `attribution/${String(c.user.id)}`), attribution), 5000, 'attribution');
  assert.deepEqual((await withTimeout(get(ref(c.db, `attribution/${String(c.user.id)}`)))).val(), attribution);
});

test("rules: another user's records and unknown paths are denied", async () => {
  const a = await client('employee@acme.test');
  const b = await client('intl@haven.test');
  await withTimeout(set(ref(b.db, `users/${b.uid}`), { gaid: 'b' }));
  await assert.rejects(withTimeout(set(ref(a.db, `users/${b.uid}`), { gaid: 'hacked' })), /permission_denied|PERMISSION_DENIED/i);
  await assert.rejects(withTimeout(get(ref(a.db, `users/${b.uid}`))), /permission|denied/i);
  await assert.rejects(withTimeout(set(ref(a.db, `Status/${b.uid}`), 'Offline')), /permission_denied/i);
  await assert.rejects(withTimeout(set(ref(a.db, 'somewhere/else'), 1)), /permission_denied/i);
  assert.deepEqual((await withTimeout(get(ref(b.db, `users/${b.uid}`)))).val(), { gaid: 'b' });
});

test('onDisconnect: Status goes Offline when a client dies (socket closed)', async () => {
  const dying = await client('cf@initech.test');
  const watcher = await client('cf@initech.test');
  const statusRef = ref(dying.db, `Status/${dying.uid}`);
  await withTimeout(onDisconnect(statusRef).set('Offline'), 5000, 'onDisconnect');
  await withTimeout(set(statusRef, 'Online'));
  const values: unknown[] = [];
  const offline = new Promise<void>((resolve) => {
    onValue(ref(watcher.db, `Status/${dying.uid}`), (s) => {
      values.push(s.val());
      if (s.val() === 'Offline') resolve();
    });
  });
  await new Promise((r) => setTimeout(r, 200));
  goOffline(dying.db); // the socket closes, as when a tab dies
  await withTimeout(offline, 5000, 'Offline after disconnect');
  assert.deepEqual(values.slice(-1), ['Offline']);
  // cancel works too
  const c2 = await client('employee@globex.test');
  const r2 = ref(c2.db, `Status/${c2.uid}`);
  const od = onDisconnect(r2);
  await withTimeout(od.set('Offline'));
  await withTimeout(od.cancel());
  await withTimeout(set(r2, 'Online'));
});
