// Realtime quotas: the rules file's size and shape rules (.validate) refuse what no client writes, and the
// stored-bytes budget stops a steady writer however slowly it writes (a writer under the byte rate
// still could fill megabytes in a minute). Real SDK clients, and the pure budget functions with tables.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ref, set, update, remove, get } from 'firebase/database';
import { realtimeSuite } from './realtime-helpers.js';
import { as, call, signIn, within } from './helpers.js';
import { DEFAULT_RULES_FILE } from '../src/realtime/server.js';
import { QUOTAS, nodeBytes, quotaRefusal, regionBytes, regionOf, type DataNode } from '../src/realtime/quota.js';
import type { RuleAuth } from '../src/realtime/access.js';
import { LIMITS } from '../src/realtime/server-types.js';
import { createRequire } from 'node:module';

const { server, client, clientWithToken } = realtimeSuite();
const withTimeout = <T>(p: Promise<T>, ms = 5000) => within(p, ms, 'a realtime operation');
const denied = /permission_denied/i;

async function roomClient(email: string) {
  const r = await call(`${server().api}/dev/session_room`, { body: { email, starts_in_minutes: 5 } });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  const uuid = r.body.data.uuid as string;
  const token = (await as(await signIn(server().api, email), `${server().api}/session_room/${uuid}/join`, { body: {} })).body.data
    .fb_token as string;
  return { uuid, c: await clientWithToken(token, `room-${uuid.slice(0, 6)}`) };
}

test('shapes: each path takes what its clients write and refuses other fields, types and oversized strings', async () => {
  const a = await client('patient@haven.test');
  const { uuid, c: p } = await roomClient('patient@haven.test');
  const room = `rooms/${uuid}`;
  const ok = (db: typeof a.db, path: string, v: unknown) => withTimeout(set(ref(db, path), v));
  const refused = (db: typeof a.db, path: string, v: unknown, what: string) =>
    assert.rejects(withTimeout(set(ref(db, path), v)), denied, what);
  // What the clients write.
  await withTimeout(update(ref(a.db, `users/${a.uid}`), { appVersion: '2.3.4', appConfig: { platform: 'web' } }));
  await ok(a.db, `Status/${a.uid}`, 'Online');
  await ok(a.db, `experiments/${a.uid}`, { isInOrganicUser: true });
  const utm = { utm_medium: 'cpc', utm_source: 'g', utm_campaign: 'c', utm_content: 'null', utm_term: 'null' };
  const marketing = {
    marketing_activity: 'cpc',
    marketing_channel: 'g',
    marketing_campaign: 'c',
    marketing_content: 'null',
    marketing_term: 'null',
  };
  const record = {
    marketing_data: marketing,
    utm_data: utm,
    timestamp: Date.now(),
    is_consumed: false,
    added_by: 'web',
    clickid: 'gclid-1',
  };
  await ok(a.db, `attribution/${a.user.id}`, record);
  await ok(p.db, `${room}/peers/patient`, { page: 'abc', state: 'joined', audio: true, video: false, online: true });
  // A chat public key with the api's proof for it (docs/session-room.md, Chat encryption).
  await ok(p.db, `${room}/keys/patient`, {
    key: { kty: 'EC', crv: 'P-256', x: 'x'.repeat(43), y: 'y'.repeat(43) },
    proof: 'p'.repeat(560),
  });
  await ok(p.db, `${room}/candidates/patient/pc1/c1`, {
    candidate: 'candidate:1 1 udp 1 192.0.2.1 1 typ host',
    sdpMid: '0',
    sdpMLineIndex: 0,
    usernameFragment: 'u',
  });
  await ok(p.db, `${room}/signal/provider`, { kind: 'offer', id: 'o', from: 'a', to: 'b', pc: 'pc1', sdp: 'v=0\r\n'.repeat(2000) });
  await ok(p.db, `${room}/chat/m1`, { from: 'patient', iv: 'AAAAAAAAAAAAAAAA', ct: 'c'.repeat(10_000), at: { '.sv': 'timestamp' } });
  // What they do not.
  const table: Array<[typeof a.db, string, unknown, string]> = [
    [a.db, `users/${a.uid}`, { appVersion: '1', junk: 'x' }, 'an unknown field of the user record'],
    [a.db, `users/${a.uid}/gaid`, 'g'.repeat(201), 'a long gaid'],
    [a.db, `users/${a.uid}/appConfig`, { platform: { nested: 'x'.repeat(1000) } }, 'an object in appConfig'],
    [a.db, `Status/${a.uid}`, 'Busy', 'a status other than Online / Offline'],
    [a.db, `Status/${a.uid}`, { payload: 'x' }, 'an object as status'],
    [a.db, `experiments/${a.uid}`, { isInOrganicUser: 'yes' }, 'a string organic mark'],
    [a.db, `experiments/${a.uid}/blob`, 'x'.repeat(60_000), 'an unknown experiments field'],
    [a.db, `attribution/${a.user.id}`, { ...record, extra: 'x' }, 'an unknown attribution field'],
    [a.db, `attribution/${a.user.id}`, { ...record, utm_data: { ...utm, utm_term: 't'.repeat(1001) } }, 'a long utm value'],
    [a.db, `attribution/${a.user.id}`, { utm_data: utm }, 'a record without its timestamp'],
    [p.db, `${room}/peers/patient`, { page: 'abc', state: 'gone' }, 'an unknown peer state'],
    [p.db, `${room}/peers/patient/blob`, 'x'.repeat(60_000), 'an unknown peer field'],
    [p.db, `${room}/keys/patient`, { key: { kty: 'EC', crv: 'P-256', x: 'x'.repeat(257), y: 'y' }, proof: 'p' }, 'an oversized key field'],
    [p.db, `${room}/keys/patient`, { key: { kty: 'EC', crv: 'P-256', x: 'x', y: 'y' }, proof: 'p'.repeat(2049) }, 'an oversized proof'],
    [p.db, `${room}/keys/patient`, { kty: 'EC', crv: 'P-256', x: 'x', y: 'y' }, 'a bare key without its proof'],
    [p.db, `${room}/keys/patient`, 'a-string-key', 'a key that is not an object'],
    [p.db, `${room}/candidates/patient/pc1/c2`, { candidate: 'c'.repeat(1025) }, 'an oversized candidate'],
    [p.db, `${room}/candidates/patient/pc1/c3`, { sdpMid: '0' }, 'a candidate without its candidate line'],
    [p.db, `${room}/candidates/patient/pc1`, 'x'.repeat(60_000), 'a string instead of candidates'],
    [
      p.db,
      `${room}/signal/provider`,
      { kind: 'offer', id: 'o', from: 'a', to: 'b', pc: 'pc1', sdp: 's'.repeat(48_001) },
      'an oversized SDP',
    ],
    [p.db, `${room}/signal/provider`, { kind: 'offer', sdp: 'v=0' }, 'a description without its ids'],
    [p.db, `${room}/chat/m2`, { from: 'patient', iv: 'AAAA', ct: 'c'.repeat(16_385) }, 'an oversized chat message'],
    [p.db, `${room}/chat/m3`, { from: 'patient', iv: 'AAAA', ct: 'x', attachment: 'y' }, 'an unknown chat field'],
    [p.db, `${room}/chat/m4`, { from: 'patient', text: 'plain' }, 'a chat message without ciphertext'],
  ];
  for (const [db, path, v, what] of table) await refused(db, path, v, what);
});

test(
  'the stored-bytes budget: a steady writer of valid chat messages is refused with quota_exceeded past 1 MB of its side, its own small writes that still fit go through',
  { timeout: 120_000 },
  async () => {
    const { uuid, c: p } = await roomClient('patient@haven.test');
    const chat = `rooms/${uuid}/chat`;
    const message = (i: number) => ({ from: 'patient', iv: 'AAAAAAAAAAAAAAAA', ct: `${i}`.padEnd(16_000, 'c'), at: i });
    // Paced so that the write bucket (a burst, then a rate) never runs dry before the stored budget is
    // reached: only the budget can stop this writer.
    const paceMs = 30;
    const perWrite = JSON.stringify(message(199)).length;
    const writes = Math.ceil(QUOTAS.roomSideBytes / perWrite) + 1;
    assert.ok(
      LIMITS.writeBurstBytes - writes * perWrite + ((writes * paceMs) / 1000) * LIMITS.writeBytesPerSecond > 100_000,
      'paced under the bucket',
    );
    let stored = 0;
    let refusal: unknown = null;
    for (let i = 0; i < 200 && !refusal; i += 1) {
      try {
        await withTimeout(set(ref(p.db, `${chat}/m${String(i).padStart(3, '0')}`), message(i)), 15_000);
        stored += 1;
      } catch (e) {
        refusal = e;
      }
      await new Promise((r) => setTimeout(r, paceMs));
    }
    assert.match(String(refusal), /QUOTA_EXCEEDED.*at most 1048576 bytes/, 'refused with a status and a reason that say why');
    assert.ok(stored >= 50 && stored * 16_000 <= QUOTAS.roomSideBytes, `${stored} messages stored before the refusal`);
    const all = (await withTimeout(get(ref(p.db, chat)))).val() as Record<string, unknown>;
    assert.equal(Object.keys(all).length, stored, 'nothing of the refused write is stored');
    // A deletable part of the side (its candidates): deleting is never refused, and frees room.
    await withTimeout(remove(ref(p.db, `rooms/${uuid}/candidates/patient`)));
    await withTimeout(set(ref(p.db, `rooms/${uuid}/peers/patient`), { page: 'p', state: 'joined' }));
  },
);

test("the user records' budget: appConfig settings pile up to 64 KB, then quota_exceeded", { timeout: 60_000 }, async () => {
  const a = await client('couple@haven.test');
  let refusal: unknown = null;
  let settings = 0;
  // 20 settings of 200 characters a write (about 4 KB): the budget, not the shape rules, stops it.
  for (let i = 0; i < 50 && !refusal; i += 1) {
    const batch = Object.fromEntries(Array.from({ length: 20 }, (_, j) => [`s${i}_${j}`, 'v'.repeat(200)]));
    try {
      await withTimeout(update(ref(a.db, `users/${a.uid}/appConfig`), batch));
      settings += 20;
    } catch (e) {
      refusal = e;
    }
  }
  assert.match(String(refusal), /QUOTA_EXCEEDED/);
  assert.ok(settings * 200 <= QUOTAS.userBytes && settings * 200 >= QUOTAS.userBytes / 2, `${settings} settings stored`);
  // Another user is not affected.
  const b = await client('employee@acme.test');
  await withTimeout(update(ref(b.db, `users/${b.uid}/appConfig`), { platform: 'web' }));
});

// ---- the pure budget ----

const require = createRequire(createRequire(new URL('../realtime/package.json', import.meta.url)).resolve('firebase-server/package.json'));
const targaryen = require('targaryen') as { store: (data: unknown) => DataNode };
const userAuth: RuleAuth = { uid: 'fb-1', provider: 'custom', token: { haven_user_id: '7', haven_uuid: 'u-7' } };
const roomAuth = (role: string): RuleAuth => ({ uid: 'fb-1', provider: 'custom', token: { haven_room: 'r1', haven_room_role: role } });

test('regions: whose bytes a write counts against', () => {
  assert.equal(regionOf(null), null);
  assert.deepEqual(regionOf(userAuth)?.paths, [
    'users/fb-1',
    'Status/fb-1',
    'experiments/fb-1',
    'attribution/fb-1',
    'attribution/7',
    'attribution/u-7',
  ]);
  assert.deepEqual(regionOf(roomAuth('patient'))?.paths, [
    'rooms/r1/peers/patient',
    'rooms/r1/keys/patient',
    'rooms/r1/candidates/patient',
    'rooms/r1/signal/provider',
  ]);
  assert.deepEqual(regionOf(roomAuth('provider'))?.chat, { path: 'rooms/r1/chat', from: 'provider' });
  assert.equal(regionOf(roomAuth('stranger'))?.key, 'user:fb-1', 'a made-up role is not a room side');
  // Every path the rules file lets anyone write lies in a region (a new writable path needs one).
  const writable: string[] = [];
  const walk = (node: Record<string, unknown>, at: string[]) => {
    if (node['.write'] !== undefined && node['.write'] !== false) writable.push(at.join('/'));
    for (const [k, v] of Object.entries(node))
      if (!k.startsWith('.') && v && typeof v === 'object') walk(v as Record<string, unknown>, [...at, k]);
  };
  walk((JSON.parse(readFileSync(DEFAULT_RULES_FILE, 'utf8')) as { rules: Record<string, unknown> }).rules, []);
  const concrete = (p: string) =>
    p
      .replace('$firebaseid', 'fb-1')
      .replace('$uid', 'fb-1')
      .replace('$userId', '7')
      .replace('$sessionId', 'r1')
      .replace('$role', 'patient')
      .replace('$toRole', 'provider');
  for (const p of writable) {
    const path = concrete(p);
    const inRegion = [regionOf(userAuth)!, regionOf(roomAuth('patient'))!].some(
      (r) => r.paths.some((x) => path === x || path.startsWith(`${x}/`)) || (r.chat && path.startsWith(`${r.chat.path}/`)),
    );
    assert.ok(inRegion, `the writable path ${p} is counted in a region`);
  }
});

test('quotaRefusal: growing past the limit is refused, shrinking or staying under never', () => {
  const big = 'x'.repeat(30 * 1024);
  const root = targaryen.store({ users: { 'fb-1': { appConfig: { a: big } } }, Status: { 'fb-2': 'Online' } });
  assert.equal(nodeBytes(root.$child('Status')), Buffer.byteLength('fb-2') + Buffer.byteLength('"Online"'));
  const write = (path: string, value: unknown, merge = false) => quotaRefusal(root, userAuth, { path, value, merge });
  assert.equal(write('users/fb-1/appConfig/b', 'y'.repeat(1000)), null, 'under the limit');
  assert.match(write('users/fb-1/appConfig/b', big + big) ?? '', /at most 65536 bytes/);
  assert.match(write('users/fb-1/appConfig', { b: big, c: big }, true) ?? '', /at most 65536/, 'a merge counts all its children');
  assert.equal(write('users/fb-1/appConfig/a', null), null, 'a deletion');
  assert.equal(quotaRefusal(root, null, { path: 'users/fb-1/x', value: big + big, merge: false }), null, 'signed out: the rules refuse it');
  // Over the limit already (a lower limit, an old tree): a write that does not grow the region passes.
  const full = targaryen.store({ users: { 'fb-1': { appConfig: { a: big, b: big, c: big } } } });
  assert.ok(regionBytes(full, regionOf(userAuth)!) > QUOTAS.userBytes);
  assert.equal(quotaRefusal(full, userAuth, { path: 'users/fb-1/appConfig/a', value: 'small', merge: false }), null);
  assert.match(quotaRefusal(full, userAuth, { path: 'users/fb-1/appConfig/d', value: 'more', merge: false }) ?? '', /at most/);
  // A room side counts its own chat messages only.
  const roomTree = targaryen.store({ rooms: { r1: { chat: { m1: { from: 'provider', ct: big + big + big + big } } } } });
  const side = regionOf(roomAuth('patient'))!;
  assert.equal(regionBytes(roomTree, side), 0, "the other side's messages are not the patient's");
  assert.ok(regionBytes(roomTree, regionOf(roomAuth('provider'))!) > 4 * 30 * 1024);
});
