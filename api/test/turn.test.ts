// TURN relays for the session room: each join answers a credential in coturn's shared-secret scheme
// ("<expiry>:<who>", base64 HMAC-SHA1 under the secret shared with the relays), naming the room and the
// side, valid until the room closes. The configuration refuses half a setup and, in production, a weak
// secret. When Debian's coturn is installed, a real relay allocates with the api's credential and refuses
// a tampered or expired one.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, turnConfig } from '../src/core/config.js';
import { turnServer } from '../src/identity/index.js';
import { ROOM_GRACE_AFTER_END_MS } from '../src/bookings/index.js';
import { as, boot, call, signIn } from './helpers.js';
import { coturnInstalled, turnRelayArgs } from '../../scripts/lib/turn-relay.mjs';

const SECRET = 'turn-shared-secret-for-the-test-0123456789';
const URLS = 'turn:127.0.0.1:3478?transport=udp,turns:turn.example.com:5349';
/** What a relay computes for a username (independently of the api's code). */
const expected = (secret: string, username: string) => createHmac('sha1', secret).update(username).digest('base64');

describe('the credential', () => {
  test('username "<expiry>:<who>", password the HMAC-SHA1 of it under the shared secret', () => {
    const s = turnServer({ urls: ['turn:a.example:3478'], secret: SECRET }, 'room-1.patient', 1_900_000_000.7);
    assert.deepEqual(s.urls, ['turn:a.example:3478']);
    assert.equal(s.username, '1900000000:room-1.patient');
    assert.equal(s.credential, expected(SECRET, s.username));
    assert.notEqual(s.credential, expected(`${SECRET}x`, s.username), 'another secret, another password');
    // coturn reads the expiry up to the first ':': a name never carries one.
    assert.equal(turnServer({ urls: [], secret: SECRET }, 'a:b', 1).username, '1:a.b');
  });
});

describe('the configuration', () => {
  const strong = 't'.repeat(40);
  test('neither variable: no relay; both: the relays and the secret', () => {
    assert.equal(turnConfig(true, {}), null);
    assert.deepEqual(turnConfig(false, { HAVEN_TURN_URLS: URLS, HAVEN_TURN_SECRET: 's' }), {
      urls: ['turn:127.0.0.1:3478?transport=udp', 'turns:turn.example.com:5349'],
      secret: 's',
    });
    assert.deepEqual(turnConfig(true, { HAVEN_TURN_URLS: 'turns:t.example.com:5349', HAVEN_TURN_SECRET: strong })?.secret, strong);
  });
  for (const [what, production, env, message] of [
    ['a secret without relays', false, { HAVEN_TURN_SECRET: strong }, /HAVEN_TURN_URLS/],
    ['relays without a secret', false, { HAVEN_TURN_URLS: URLS }, /HAVEN_TURN_SECRET/],
    ['relays without a secret (production)', true, { HAVEN_TURN_URLS: URLS }, /HAVEN_TURN_SECRET is required/],
    ['a short secret in production', true, { HAVEN_TURN_URLS: URLS, HAVEN_TURN_SECRET: 'short' }, /HAVEN_TURN_SECRET is shorter/],
    ['a stun: or web address', false, { HAVEN_TURN_URLS: 'stun:s.example.com', HAVEN_TURN_SECRET: 's' }, /not a turn: or turns:/],
    ['a web address', false, { HAVEN_TURN_URLS: 'https://turn.example.com', HAVEN_TURN_SECRET: 's' }, /not a turn: or turns:/],
  ] as const) {
    test(`refused: ${what}`, () => {
      assert.throws(
        () => turnConfig(production, env),
        (e: unknown) => e instanceof ConfigError && message.test(e.message),
      );
    });
  }
});

/** A free port on 127.0.0.1. */
const freePort = () =>
  new Promise<number>((ok) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });

describe('joining a room answers its relays', () => {
  let srv: Awaited<ReturnType<typeof boot>>;
  let turnPort: number;
  before(async () => {
    turnPort = await freePort();
    srv = await boot({ env: { HAVEN_TURN_URLS: `turn:127.0.0.1:${turnPort}`, HAVEN_TURN_SECRET: SECRET } });
  });
  after(async () => {
    await srv.close();
  });

  const liveSession = async () => {
    const r = await call(`${srv.api}/dev/session_room`, {
      body: { email: 'patient@haven.test', status: 'confirmed', starts_in_minutes: 0 },
    });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    return r.body.data as { uuid: string; room_token: string };
  };
  interface Relay {
    urls: string[];
    username: string;
    credential: string;
  }
  const join = async (uuid: string, body: object, session?: Awaited<ReturnType<typeof signIn>>) => {
    const url = `${srv.api}/session_room/${uuid}/join`;
    const r = session ? await as(session, url, { body }) : await call(url, { body });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return r.body.data as { ice_servers: Relay[]; session: { end_time: string } };
  };

  test('each side gets a credential naming the room and itself, valid until the room closes', async () => {
    const s = await liveSession();
    const patient = await join(s.uuid, {}, await signIn(srv.api, 'patient@haven.test'));
    const provider = await join(s.uuid, { room_token: s.room_token });
    const closes = Math.floor((new Date(patient.session.end_time).getTime() + ROOM_GRACE_AFTER_END_MS) / 1000);
    for (const [side, answer] of [
      ['patient', patient],
      ['provider', provider],
    ] as const) {
      assert.equal(answer.ice_servers.length, 1, side);
      const relay = answer.ice_servers[0]!;
      assert.deepEqual(relay.urls, [`turn:127.0.0.1:${turnPort}`]);
      assert.equal(relay.username, `${closes}:${s.uuid}.${side}`);
      assert.equal(relay.credential, expected(SECRET, relay.username), `${side}: the relay's own computation`);
    }
  });

  test(
    "a real relay (Debian's coturn, use-auth-secret) allocates with the api's credential only",
    { skip: coturnInstalled() ? false : 'coturn is not installed' },
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'haven-turn-'));
      const relay: ChildProcess = spawn('turnserver', turnRelayArgs({ port: turnPort, secret: SECRET, dir }), {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      try {
        await new Promise<void>((ok, fail) => {
          let out = '';
          const timer = setTimeout(() => fail(new Error(`turnserver did not start:\n${out}`)), 15_000);
          relay.stdout!.on('data', (d: Buffer) => {
            out += d.toString();
            if (out.includes('IO method (admin thread)')) {
              clearTimeout(timer);
              ok();
            }
          });
          relay.once('exit', (code) => fail(new Error(`turnserver exited ${String(code)}:\n${out}`)));
        });
        const s = await liveSession();
        const { ice_servers } = await join(s.uuid, { room_token: s.room_token });
        const { username, credential } = ice_servers[0]!;
        /** turnutils_uclient allocates a relay and sends one message through it; exit code 0 when it could. */
        const allocate = (u: string, w: string) =>
          new Promise<number | null>((ok) => {
            const c = spawn(
              'turnutils_uclient',
              ['-p', String(turnPort), '-u', u, '-w', w, '-y', '-n', '1', '-c', '-e', '127.0.0.1', '127.0.0.1'],
              {
                stdio: 'ignore',
              },
            );
            const timer = setTimeout(() => c.kill(), 30_000);
            c.once('exit', (code) => {
              clearTimeout(timer);
              ok(code);
            });
          });
        assert.equal(await allocate(username, credential), 0, "the api's credential allocates a relay");
        assert.notEqual(await allocate(username, `x${credential}`), 0, 'a tampered password is refused');
        const past = `${Math.floor(Date.now() / 1000) - 60}:${s.uuid}.provider`;
        assert.notEqual(await allocate(past, expected(SECRET, past)), 0, 'an expired credential is refused');
      } finally {
        relay.kill();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
