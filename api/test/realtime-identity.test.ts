// The realtime server evaluates every read, write, listen and onDisconnect of a connection as that
// connection's own proven identity, or as signed out: never as whoever wrote last. Several users write
// their own records and their rooms' sides, and between their writes a socket that never signed in,
// other users and the other side of a room read, write, listen and queue onDisconnect writes on EVERY
// path of database.rules.json; each answer must be what the rules give that connection's own identity,
// and every listener may only ever receive data it may read.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ref, set } from 'firebase/database';
import { realtimeSuite, rawRealtime, type RawRealtime } from './realtime-helpers.js';
import { as, call, signIn } from './helpers.js';
import { DEFAULT_RULES_FILE } from '../src/realtime/server.js';

const { server, client, clientWithToken } = realtimeSuite();

async function liveSession(email: string) {
  const r = await call(`${server().api}/dev/session_room`, { body: { email, starts_in_minutes: 5 } });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  return r.body.data as { uuid: string; room_token: string };
}
async function roomTokens(email: string) {
  const s = await liveSession(email);
  const session = await signIn(server().api, email);
  const join = (body: Record<string, unknown>, auth: boolean) =>
    auth
      ? as(session, `${server().api}/session_room/${s.uuid}/join`, { body })
      : call(`${server().api}/session_room/${s.uuid}/join`, { body });
  const patient = (await join({}, true)).body.data.fb_token as string;
  const provider = (await join({ room_token: s.room_token }, false)).body.data.fb_token as string;
  return { uuid: s.uuid, patient, provider };
}

type SdkClient = Awaited<ReturnType<typeof clientWithToken>>;
interface Actor {
  name: string;
  sdk: SdkClient | null;
  raw: RawRealtime;
}

/** Valid values of every writable path (the shapes the web clients write). */
const values = {
  user: (n: number) => ({ appVersion: `1.0.${n}`, appConfig: { platform: 'web' } }),
  status: (n: number) => (n % 2 ? 'Online' : 'Offline'),
  experiments: (n: number) => ({ isInOrganicUser: n % 2 === 0 }),
  attribution: (n: number) => ({
    marketing_data: {
      marketing_activity: 'cpc',
      marketing_channel: 'g',
      marketing_campaign: `c${n}`,
      marketing_content: 'null',
      marketing_term: 'null',
    },
    utm_data: { utm_medium: 'cpc', utm_source: 'g', utm_campaign: `c${n}`, utm_content: 'null', utm_term: 'null' },
    timestamp: 1_700_000_000_000 + n,
    is_consumed: false,
    added_by: 'web',
  }),
  peer: (n: number) => ({ page: `page${n}`, state: 'joined', audio: true, video: n % 2 === 0, online: true }),
  key: (n: number) => ({ key: { kty: 'EC', crv: 'P-256', x: `x${n}`.padEnd(43, 'A'), y: `y${n}`.padEnd(43, 'B') }, proof: `proof-${n}` }),
  candidate: (n: number) => ({
    candidate: `candidate:${n} 1 udp 2122260223 192.0.2.1 544${n % 10}0 typ host`,
    sdpMid: '0',
    sdpMLineIndex: 0,
  }),
  signal: (n: number) => ({ kind: 'offer', id: `o${n}`, from: 'pa', to: 'pb', pc: 'pc1', sdp: `v=0\r\no=- ${n} 2 IN IP4 127.0.0.1\r\n` }),
  chat: (role: string) => (n: number) => ({ from: role, iv: 'AAAAAAAAAAAAAAAA', ct: `Y3Q${n}`, at: 1_700_000_000_000 + n }),
};

interface Entry {
  /** Path without a leading slash. */
  path: string;
  /** The rules-file path it exercises (every one must be covered). */
  rule: string;
  owner: string;
  value: (n: number) => unknown;
  readers: string[];
  writers: string[];
  /** A write needs a fresh child each time (chat messages are written once). */
  fresh?: boolean;
}

test(
  'every check of a connection runs as its own identity: a signed-out socket, other users and the other side are refused on every path of the rules file, whoever wrote last',
  { timeout: 170_000 },
  async () => {
    const a = await client('patient@haven.test');
    const b = await client('employee@acme.test');
    const roomA = await roomTokens('patient@haven.test');
    const roomB = await roomTokens('employee@acme.test');
    const sdk: Record<string, SdkClient> = {
      a,
      b,
      roomAPatient: await clientWithToken(roomA.patient, 'ra-p'),
      roomAProvider: await clientWithToken(roomA.provider, 'ra-v'),
      roomBPatient: await clientWithToken(roomB.patient, 'rb-p'),
    };
    const port = server().realtimePort;
    const actors: Actor[] = [{ name: 'signedOut', sdk: null, raw: await rawRealtime(port) }];
    for (const [name, c] of Object.entries(sdk)) {
      const raw = await rawRealtime(port);
      assert.equal((await raw.ask('auth', { cred: c.token })).s, 'ok', name);
      actors.push({ name, sdk: c, raw });
    }
    // A socket that signed in and then signed out again is signed out.
    const wasA = await rawRealtime(port);
    assert.equal((await wasA.ask('auth', { cred: a.token })).s, 'ok');
    assert.equal((await wasA.ask('unauth', {})).s, 'ok');
    actors.push({ name: 'signedOutAgain', sdk: null, raw: wasA });
    // A socket that sent a forged token is signed out too.
    const forged = await rawRealtime(port);
    const [h, body] = a.token.split('.');
    assert.equal((await forged.ask('auth', { cred: `${h}.${body}.${'A'.repeat(43)}` })).s, 'invalid_token');
    actors.push({ name: 'forgedToken', sdk: null, raw: forged });

    const aId = String(a.user.id);
    const bId = String(b.user.id);
    const userEntries = (who: 'a' | 'b', uid: string, id: string, roomPatient: string): Entry[] => [
      {
        path: `users/${uid}`,
        rule: 'users/$firebaseid',
        owner: who,
        value: values.user,
        readers: [who, roomPatient],
        writers: [who, roomPatient],
      },
      {
        path: `Status/${uid}`,
        rule: 'Status/$uid',
        owner: who,
        value: values.status,
        readers: [who, roomPatient],
        writers: [who, roomPatient],
      },
      {
        path: `experiments/${uid}`,
        rule: 'experiments/$firebaseid',
        owner: who,
        value: values.experiments,
        readers: [who, roomPatient],
        writers: [who, roomPatient],
      },
      { path: `attribution/${id}`, rule: 'attribution/$userId', owner: who, value: values.attribution, readers: [who], writers: [who] },
    ];
    const room = roomA.uuid;
    const inRoom = ['roomAPatient', 'roomAProvider'];
    const entries: Entry[] = [
      ...userEntries('a', a.uid, aId, 'roomAPatient'),
      ...userEntries('b', b.uid, bId, 'roomBPatient'),
      {
        path: `rooms/${room}/peers/patient`,
        rule: 'rooms/$sessionId/peers/$role',
        owner: 'roomAPatient',
        value: values.peer,
        readers: inRoom,
        writers: ['roomAPatient'],
      },
      {
        path: `rooms/${room}/peers/provider`,
        rule: 'rooms/$sessionId/peers/$role',
        owner: 'roomAProvider',
        value: values.peer,
        readers: inRoom,
        writers: ['roomAProvider'],
      },
      {
        path: `rooms/${room}/keys/patient`,
        rule: 'rooms/$sessionId/keys/$role',
        owner: 'roomAPatient',
        value: values.key,
        readers: inRoom,
        writers: ['roomAPatient'],
      },
      {
        path: `rooms/${room}/keys/provider`,
        rule: 'rooms/$sessionId/keys/$role',
        owner: 'roomAProvider',
        value: values.key,
        readers: inRoom,
        writers: ['roomAProvider'],
      },
      {
        path: `rooms/${room}/candidates/patient/pc1/c1`,
        rule: 'rooms/$sessionId/candidates/$role',
        owner: 'roomAPatient',
        value: values.candidate,
        readers: inRoom,
        writers: ['roomAPatient'],
      },
      {
        path: `rooms/${room}/signal/provider`,
        rule: 'rooms/$sessionId/signal/$toRole',
        owner: 'roomAPatient',
        value: values.signal,
        readers: inRoom,
        writers: ['roomAPatient'],
      },
      {
        path: `rooms/${room}/signal/patient`,
        rule: 'rooms/$sessionId/signal/$toRole',
        owner: 'roomAProvider',
        value: values.signal,
        readers: inRoom,
        writers: ['roomAProvider'],
      },
      {
        path: `rooms/${room}/chat/m-patient`,
        rule: 'rooms/$sessionId/chat/$messageId',
        owner: 'roomAPatient',
        value: values.chat('patient'),
        readers: inRoom,
        writers: ['roomAPatient'],
        fresh: true,
      },
      {
        path: `rooms/${room}/chat/m-provider`,
        rule: 'rooms/$sessionId/chat/$messageId',
        owner: 'roomAProvider',
        value: values.chat('provider'),
        readers: inRoom,
        writers: ['roomAProvider'],
        fresh: true,
      },
      { path: `rooms/${room}`, rule: 'rooms/$sessionId', owner: '', value: () => null, readers: inRoom, writers: [] },
      {
        path: `rooms/${roomB.uuid}/peers/patient`,
        rule: 'rooms/$sessionId/peers/$role',
        owner: 'roomBPatient',
        value: values.peer,
        readers: ['roomBPatient'],
        writers: ['roomBPatient'],
      },
      { path: 'users', rule: '', owner: '', value: () => null, readers: [], writers: [] },
      { path: '', rule: '', owner: '', value: () => null, readers: [], writers: [] },
    ];

    // Every path of the rules file that has a rule is exercised.
    const rulePaths: string[] = [];
    const walk = (node: Record<string, unknown>, at: string[]) => {
      if ('.read' in node || '.write' in node) rulePaths.push(at.join('/'));
      for (const [k, v] of Object.entries(node))
        if (!k.startsWith('.') && v && typeof v === 'object') walk(v as Record<string, unknown>, [...at, k]);
    };
    walk((JSON.parse(readFileSync(DEFAULT_RULES_FILE, 'utf8')) as { rules: Record<string, unknown> }).rules, []);
    for (const p of rulePaths)
      assert.ok(
        entries.some((e) => e.rule === p),
        `the rules path ${p || '(root)'} is exercised`,
      );

    // Listeners opened first, by everyone on everything: only the readers' are accepted.
    const expectStatus = (actual: string, allowed: boolean, what: string) =>
      assert.equal(actual, allowed ? 'ok' : 'permission_denied', what);
    for (const e of entries) {
      for (const actor of actors) {
        const r = await actor.raw.ask('q', { p: `/${e.path}`, h: '' });
        expectStatus(r.s, e.readers.includes(actor.name), `${actor.name} listens to /${e.path} before any write`);
      }
    }

    let n = 0;
    const problems: string[] = [];
    const check = (actual: string, allowed: boolean, what: string) => {
      if (actual !== (allowed ? 'ok' : 'permission_denied')) problems.push(`${what}: ${actual}`);
    };
    // Two rounds, so that each path is checked after every other user's write too.
    for (let round = 0; round < 2; round += 1) {
      for (const e of entries) {
        if (e.owner) await set(ref(sdk[e.owner]!.db, e.fresh ? `${e.path}-${round}` : e.path), e.value(++n));
        for (const actor of actors) {
          if (actor.name === e.owner) continue;
          const target = e.fresh ? `${e.path}-${actor.name}-${round}` : e.path;
          check(
            (await actor.raw.ask('g', { p: `/${e.path}`, q: {} })).s,
            e.readers.includes(actor.name),
            `${actor.name} gets /${e.path} after ${e.owner || 'nobody'} wrote`,
          );
          const l = await actor.raw.ask('q', { p: `/${e.path}`, h: '' });
          check(l.s, e.readers.includes(actor.name), `${actor.name} listens to /${e.path} after ${e.owner || 'nobody'} wrote`);
          if (l.s === 'ok' && !e.readers.includes(actor.name)) await actor.raw.ask('n', { p: `/${e.path}` });
          const canWrite = e.writers.includes(actor.name) && e.path !== '' && e.path !== 'users';
          check(
            (await actor.raw.ask('p', { p: `/${target}`, d: e.value(++n) })).s,
            canWrite,
            `${actor.name} sets /${target} after ${e.owner || 'nobody'} wrote`,
          );
          const mergeKey = e.path.split('/').pop()!;
          const parent = e.path.split('/').slice(0, -1).join('/');
          if (!e.fresh && e.path.includes('/'))
            check(
              (await actor.raw.ask('m', { p: `/${parent}`, d: { [mergeKey]: e.value(++n) } })).s,
              canWrite,
              `${actor.name} updates /${parent} {${mergeKey}} after ${e.owner || 'nobody'} wrote`,
            );
          check(
            (await actor.raw.ask('o', { p: `/${target}`, d: e.value(++n) })).s,
            canWrite,
            `${actor.name} queues an onDisconnect set of /${target}`,
          );
        }
      }
    }
    assert.deepEqual(problems, []);

    // Whatever was written meanwhile, no listener received data it may not read.
    await set(ref(sdk.a!.db, `users/${a.uid}`), values.user(++n)); // one more push to everyone who listens there
    await new Promise((r) => setTimeout(r, 200));
    for (const actor of actors) {
      for (const push of actor.raw.pushes) {
        const e = entries.find(
          (x) => push.p === x.path || push.p.startsWith(`${x.path}/`) || (x.path !== '' && x.path.startsWith(`${push.p}/`)),
        );
        const readable = entries.some((x) => (push.p === x.path || push.p.startsWith(`${x.path}/`)) && x.readers.includes(actor.name));
        assert.ok(readable, `${actor.name} received a push of /${push.p} (${e?.path ?? 'unknown'})`);
      }
    }
    // The owner's own listener did receive the owner's writes (the test is not vacuous).
    assert.ok(actors.find((x) => x.name === 'a')!.raw.pushes.some((p) => p.p === `users/${a.uid}`));
  },
);

test(
  'a listen ends when its connection may no longer read: unauth and a changed sign-in re-check every listen, and no data follows',
  { timeout: 60_000 },
  async () => {
    const a = await client('patient@haven.test');
    const b = await client('employee@acme.test');
    const port = server().realtimePort;
    const raw = await rawRealtime(port);
    assert.equal((await raw.ask('auth', { cred: a.token })).s, 'ok');
    assert.equal((await raw.ask('q', { p: `/users/${a.uid}`, h: '' })).s, 'ok');
    await set(ref(a.db, `users/${a.uid}`), values.user(1));
    await new Promise((r) => setTimeout(r, 100));
    assert.ok(
      raw.pushes.some((p) => p.p === `users/${a.uid}`),
      'the own record is pushed while signed in',
    );

    // Signed in as another user on the same socket: the listen is revoked at once.
    assert.equal((await raw.ask('auth', { cred: b.token })).s, 'ok');
    await new Promise((r) => setTimeout(r, 100));
    assert.deepEqual(raw.revoked, [`users/${a.uid}`], 'the listen is revoked when the identity changes');
    const before = raw.pushes.length;
    await set(ref(a.db, `users/${a.uid}`), values.user(2));
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(raw.pushes.length, before, "no data of another user's record follows");

    // unauth: the own record's listen ends too.
    assert.equal((await raw.ask('q', { p: `/users/${b.uid}`, h: '' })).s, 'ok');
    assert.equal((await raw.ask('unauth', {})).s, 'ok');
    await new Promise((r) => setTimeout(r, 100));
    assert.deepEqual(raw.revoked, [`users/${a.uid}`, `users/${b.uid}`]);
    const after = raw.pushes.length;
    await set(ref(b.db, `users/${b.uid}`), values.user(3));
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(raw.pushes.length, after, 'a signed-out socket gets no more data');
  },
);
