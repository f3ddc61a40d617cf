// The session room: who gets in (the session's patient with their credentials, its provider
// with the room link), each refusal with its code, the realtime rules of rooms/{uuid} tested with real
// SDK clients (a third party and the other side's box are denied), and the realtime server's Origin check.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { ref, set, get, push } from 'firebase/database';
import { createRequire } from 'node:module';
import { LIMITS } from '../src/realtime/server.js';
import { realtimeSuite } from './realtime-helpers.js';
import { as, call, signIn, within, type Session } from './helpers.js';

// The realtime server re-checks access every 300 ms here (20 s by default), so no test waits long.
const { server, clientWithToken } = realtimeSuite({ env: { HAVEN_REALTIME_ACCESS_CHECK_MS: '300' } });
const withTimeout = <T>(p: Promise<T>, ms = 5000, what = 'operation') => within(p, ms, what);

async function liveSession(email: string, status: 'confirmed' | 'cancelled' = 'confirmed', startsInMinutes = 0) {
  const r = await call(`${server().api}/dev/session_room`, { body: { email, status, starts_in_minutes: startsInMinutes } });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  return r.body.data as { uuid: string; room_token: string };
}
const join = (uuid: string, init: { session?: Session; room_token?: string; headers?: Record<string, string> } = {}) => {
  const url = `${server().api}/session_room/${uuid}/join`;
  const body = init.room_token ? { room_token: init.room_token } : {};
  return init.session ? as(init.session, url, { body }) : call(url, { body, headers: init.headers ?? {} });
};

test('the patient enters with their credentials and the provider with the room link; each gets a realtime token for this room', async () => {
  const patient = await signIn(server().api, 'patient@haven.test');
  const s = await liveSession('patient@haven.test');
  const asPatient = await join(s.uuid, { session: patient });
  assert.equal(asPatient.status, 200, JSON.stringify(asPatient.body));
  assert.equal(asPatient.body.data.role, 'patient');
  assert.equal(asPatient.body.data.session.uuid, s.uuid);
  const asProvider = await join(s.uuid, { room_token: s.room_token });
  assert.equal(asProvider.status, 200, JSON.stringify(asProvider.body));
  assert.equal(asProvider.body.data.role, 'provider');
  // No relay configured (HAVEN_TURN_URLS): none answered (test/turn.test.ts has them).
  assert.deepEqual([asPatient.body.data.ice_servers, asProvider.body.data.ice_servers], [[], []]);
  // The state route: the patient sees it, a second patient gets a 404.
  assert.equal((await as(patient, `${server().api}/session_room/${s.uuid}`)).status, 200);
  const other = await signIn(server().api, 'intl@haven.test');
  assert.equal((await as(other, `${server().api}/session_room/${s.uuid}`)).status, 404);
});

test('refusals: another patient (404), tampered or missing credentials, a wrong or replaced link (403), a cancelled session (409)', async () => {
  const s = await liveSession('patient@haven.test');
  const other = await signIn(server().api, 'intl@haven.test');
  const code = (r: { body: { code?: string } }) => r.body.code;
  const notYours = await join(s.uuid, { session: other });
  assert.equal(notYours.status, 404);
  assert.equal(code(notYours), 'room_not_yours');
  const patient = await signIn(server().api, 'patient@haven.test');
  const tampered = await join(s.uuid, { headers: { ...patient.headers, 'access-token': 'x'.repeat(32) } });
  assert.equal(tampered.status, 403, 'never a 401: the client would take it for session loss');
  assert.equal(code(tampered), 'room_link_invalid');
  assert.equal(code(await join(s.uuid)), 'room_link_invalid');
  assert.equal(code(await join(s.uuid, { room_token: `${s.room_token}x` })), 'room_link_invalid');
  const other2 = await liveSession('patient@haven.test');
  assert.equal(code(await join(s.uuid, { room_token: other2.room_token })), 'room_link_invalid', "another booking's link");
  const reissued = await call(`${server().api}/dev/room_link?booking_uuid=${s.uuid}`);
  assert.equal(reissued.status, 200);
  assert.equal(code(await join(s.uuid, { room_token: s.room_token })), 'room_link_invalid', 'a replaced link stops working');
  assert.equal((await join(s.uuid, { room_token: reissued.body.room_token })).status, 200);
  const cancelled = await liveSession('patient@haven.test', 'cancelled');
  const refused = await join(cancelled.uuid, { session: patient });
  assert.equal(refused.status, 409);
  assert.equal(code(refused), 'session_cancelled');
  assert.equal(code(await join(cancelled.uuid, { room_token: cancelled.room_token })), 'session_cancelled');
});

test('realtime rules: only the two people of the session read and write rooms/{uuid}, each on its own side', async () => {
  const s = await liveSession('patient@haven.test');
  const patientToken = (await join(s.uuid, { session: await signIn(server().api, 'patient@haven.test') })).body.data.fb_token as string;
  const providerToken = (await join(s.uuid, { room_token: s.room_token })).body.data.fb_token as string;
  const p = await clientWithToken(patientToken, 'room-patient');
  const d = await clientWithToken(providerToken, 'room-provider');
  const room = `rooms/${s.uuid}`;
  await withTimeout(set(ref(p.db, `${room}/peers/patient`), { page: 'a', state: 'joined' }), 5000, 'patient peer');
  await withTimeout(set(ref(d.db, `${room}/peers/provider`), { page: 'b', state: 'joined' }), 5000, 'provider peer');
  await withTimeout(
    set(ref(p.db, `${room}/signal/provider`), { kind: 'offer', id: 'o1', from: 'a', to: 'b', pc: 'pc1', sdp: 'v=0' }),
    5000,
    'offer',
  );
  await withTimeout(
    push(ref(d.db, `${room}/chat`), { from: 'provider', iv: 'aXY=', ct: 'Y3Q=' }).then(() => undefined),
    5000,
    'chat',
  );
  assert.deepEqual((await withTimeout(get(ref(d.db, `${room}/peers/patient`)))).val(), { page: 'a', state: 'joined' });
  assert.equal((await withTimeout(get(ref(p.db, `${room}/signal/provider`)))).val().kind, 'offer');
  const denied = /permission_denied/i;
  await assert.rejects(
    withTimeout(set(ref(p.db, `${room}/peers/provider`), { page: 'a', state: 'left' })),
    denied,
    "the patient cannot write the provider's side",
  );
  await assert.rejects(
    withTimeout(set(ref(p.db, `${room}/signal/patient`), { kind: 'answer', id: 'o1', from: 'a', to: 'b', pc: 'pc1', sdp: 'v=0' })),
    denied,
    'nor its own inbox',
  );
  await assert.rejects(
    withTimeout(push(ref(p.db, `${room}/chat`), { from: 'provider', iv: 'aXY=', ct: 'x' }).then(() => undefined)),
    denied,
    'nor chat in the other name',
  );
  // A third party: another patient, signed in with their own fb_token and with a room token of their own session.
  const other = await signIn(server().api, 'intl@haven.test');
  const stranger = await clientWithToken(other.user.fb_token as string, 'stranger');
  await assert.rejects(withTimeout(get(ref(stranger.db, room))), /permission|denied/i);
  await assert.rejects(withTimeout(set(ref(stranger.db, `${room}/peers/patient`), { page: 'a', state: 'left' })), denied);
  const theirs = await liveSession('intl@haven.test');
  const theirToken = (await join(theirs.uuid, { session: other })).body.data.fb_token as string;
  const otherRoom = await clientWithToken(theirToken, 'other-room');
  await assert.rejects(withTimeout(get(ref(otherRoom.db, room))), /permission|denied/i, 'a room token opens only its own room');
  await assert.rejects(
    withTimeout(push(ref(otherRoom.db, `${room}/chat`), { from: 'patient', iv: 'aXY=', ct: 'x' }).then(() => undefined)),
    denied,
  );
});

test('a live session cannot be cancelled by the patient (after its start); its identity stays good', async () => {
  const patient = await signIn(server().api, 'patient@haven.test');
  const s = await liveSession('patient@haven.test');
  const token = (await join(s.uuid, { room_token: s.room_token })).body.data.fb_token as string;
  const fb = await call(`${server().url}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=k`, {
    body: { token, returnSecureToken: true },
  });
  assert.equal(fb.status, 200);
  const refresh = () =>
    call(`${server().url}/securetoken.googleapis.com/v1/token?key=k`, {
      body: { grant_type: 'refresh_token', refresh_token: fb.body.refreshToken },
    });
  assert.equal((await refresh()).status, 200);
  // The cut-off: a session that started is being held; it ends completed or a no-show, never cancelled.
  assert.equal((await as(patient, `${server().api}/bookings/${s.uuid}/cancel`, { body: { reason: 'test' } })).status, 409);
  assert.equal((await refresh()).status, 200);
});

test('realtime writes over the size rule are refused, and one account cannot pour megabytes in seconds', async () => {
  const s = await liveSession('patient@haven.test');
  const token = (await join(s.uuid, { session: await signIn(server().api, 'patient@haven.test') })).body.data.fb_token as string;
  const p = await clientWithToken(token, 'room-sizes');
  const room = `rooms/${s.uuid}`;
  await withTimeout(set(ref(p.db, `${room}/peers/patient`), { page: 'a', state: 'joined' }), 5000, 'a small write');
  await assert.rejects(
    withTimeout(set(ref(p.db, `${room}/keys/patient`), 'k'.repeat(LIMITS.maxWriteBytes + 1))),
    /write_refused|a write of at most/i,
  );
  assert.equal((await withTimeout(get(ref(p.db, `${room}/keys/patient`)))).val(), null, 'nothing of it stored');
  // 40 offers of 46 KB at once (1.8 MB written, one path, so little is stored): the account's burst
  // (1 MB) and rate hold; the rest are refused.
  const offer = (i: number) => ({ kind: 'offer', id: `o${i}`, from: 'a', to: 'b', pc: 'pc', sdp: 's'.repeat(46 * 1024) });
  const outcomes = await Promise.allSettled(
    Array.from({ length: 40 }, (_, i) => withTimeout(set(ref(p.db, `${room}/signal/provider`), offer(i)), 15_000, `write ${i}`)),
  );
  const accepted = outcomes.filter((o) => o.status === 'fulfilled').length;
  assert.ok(accepted >= 15 && accepted <= 30, `${accepted} of 40 accepted`);
  for (const o of outcomes) if (o.status === 'rejected') assert.match(String(o.reason), /write_refused|slow down/i);
});

test("a cancelled booking's room is closed to realtime within the access check: the live connection is cut, its token refused on reconnecting", async () => {
  // The room opens before the start, and a session can be cancelled until it starts.
  const s = await liveSession('patient@haven.test', 'confirmed', 5);
  const patient = await signIn(server().api, 'patient@haven.test');
  const token = (await join(s.uuid, { session: patient })).body.data.fb_token as string;
  const fb = await call(`${server().url}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=k`, {
    body: { token, returnSecureToken: true },
  });
  assert.equal(fb.status, 200);
  const idToken = fb.body.idToken as string;
  assert.ok(Number(fb.body.expiresIn) <= 600, 'a room token lives minutes, not an hour');
  const first = await rawClient();
  assert.equal(await first.ask('auth', { cred: idToken }), 'ok');
  assert.equal(await first.ask('g', { p: `/rooms/${s.uuid}`, q: {} }), 'ok', 'the room is open to its patient');
  const cancelledAt = Date.now();
  assert.equal((await as(patient, `${server().api}/bookings/${s.uuid}/cancel`, { body: { reason: 'test' } })).status, 200);
  await withTimeout(first.closed, 60_000, 'the connection to be cut');
  assert.ok(Date.now() - cancelledAt < 5000, `cut after ${Date.now() - cancelledAt} ms (the check runs every 300 ms here)`);
  const again = await rawClient();
  assert.equal(await again.ask('auth', { cred: idToken }), 'permission_denied', 'the same, still unexpired token is refused');
  await withTimeout(again.closed, 5000, 'the second connection to be closed');
});

/** A bare WebSocket client of the realtime server (the wire protocol), to see its answers and its close. */
async function rawClient() {
  const require = createRequire(
    createRequire(new URL('../realtime/package.json', import.meta.url)).resolve('firebase-server/package.json'),
  );
  const WebSocket = require('ws') as new (url: string) => {
    on(e: string, fn: (...a: never[]) => void): void;
    send(d: string): void;
    close(): void;
  };
  const ws = new WebSocket(`ws://127.0.0.1:${server().realtimePort}/.ws?v=5&ns=haven-local`);
  const waiting = new Map<number, (status: string) => void>();
  const closed = new Promise<void>((resolve) => ws.on('close', () => resolve()));
  ws.on('error', () => undefined);
  ws.on('message', ((d: Buffer) => {
    try {
      const m = JSON.parse(d.toString()) as { t?: string; d?: { r?: number; b?: { s?: string } } };
      if (m.t === 'd' && typeof m.d?.r === 'number' && m.d.b?.s) waiting.get(m.d.r)?.(m.d.b.s);
    } catch {
      /* frame counts */
    }
  }) as (...a: never[]) => void);
  await new Promise<void>((resolve, reject) => {
    ws.on('open', resolve);
    ws.on('error', reject as (...a: never[]) => void);
  });
  let seq = 0;
  const ask = (a: string, b: unknown) =>
    withTimeout(
      new Promise<string>((resolve) => {
        const r = ++seq;
        waiting.set(r, resolve);
        ws.send(JSON.stringify({ t: 'd', d: { r, a, b } }));
      }),
      5000,
      `answer to ${a}`,
    );
  after(() => ws.close());
  return { ask, closed };
}

/** The realtime server's answer to a WebSocket handshake from `origin`: 101 (upgraded) or the refusal status. */
function handshake(origin: string | undefined): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port: server().realtimePort,
      path: '/.ws?v=5&ns=haven-local',
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        ...(origin ? { origin } : {}),
      },
    });
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve(res.statusCode ?? 0);
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

test('the realtime server refuses a browser handshake from an origin the stage does not allow', async () => {
  assert.equal(await handshake('http://evil.example'), 403);
  assert.equal(await handshake('https://localhost.evil.example'), 403);
  assert.equal(await handshake('http://localhost:3005'), 101, 'the platform pages (stage test: localhost)');
  assert.equal(await handshake(undefined), 101, 'a client that is not a browser sends no Origin');
});
