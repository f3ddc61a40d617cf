// TURN relays for the session room: each join answers a credential in coturn's shared-secret scheme
// ("<expiry>:<who>", base64 HMAC-SHA1 under the secret shared with the relays), naming the room and the
// side, valid for minutes and never past the session (the room asks again before it ends; a cancelled
// session is refused). The configuration refuses half a setup and, in production, a weak
// secret. When Debian's coturn is installed, a real relay allocates with the api's credential and refuses
// a tampered or expired one.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { BlockList, createServer, isIPv6 } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, turnConfig } from '../src/core/config.js';
import { turnServer } from '../src/identity/index.js';
import { RELAY_CREDENTIAL_TTL_MS } from '../src/bookings/index.js';
import { as, boot, call, signIn } from './helpers.js';
import { coturnInstalled, DENIED_PEER_RANGES, LOCAL_RELAY_IP, turnRelayArgs } from '../../scripts/lib/turn-relay.mjs';

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

describe('the peers a relay refuses', () => {
  // One list per family: a BlockList also reads an IPv4 address as its IPv4-mapped IPv6 form.
  const denied = { ipv4: new BlockList(), ipv6: new BlockList() };
  for (const [range] of DENIED_PEER_RANGES) {
    const [first, last] = range.split('-') as [string, string];
    const family = isIPv6(first) ? 'ipv6' : 'ipv4';
    denied[family].addRange(first, last, family);
  }
  const refused = (address: string) => {
    const family = isIPv6(address) ? 'ipv6' : 'ipv4';
    return denied[family].check(address, family);
  };
  // One address of every IANA special-purpose range (and both ends of the private ones), then public ones.
  for (const address of [
    '0.0.0.0',
    '10.0.0.1',
    '10.255.255.255',
    '100.64.0.1',
    '100.127.255.254',
    '127.0.0.1',
    '127.0.0.2',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.0.0.8',
    '192.0.2.1',
    '192.88.99.1',
    '192.168.1.1',
    '198.18.0.1',
    '198.51.100.7',
    '203.0.113.9',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '::ffff:169.254.169.254',
    '::ffff:10.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b:1::1',
    '100::1',
    '2001::1',
    '2001:db8::1',
    '2002:a9fe:a9fe::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fec0::1',
    'ff02::1',
  ]) {
    test(`refused: ${address}`, () => assert.ok(refused(address), address));
  }
  for (const address of ['8.8.8.8', '1.1.1.1', '100.63.255.255', '100.128.0.1', '172.32.0.1', '2606:4700::1111', '2a00:1450::1']) {
    test(`public, reachable: ${address}`, () => assert.ok(!refused(address), address));
  }

  test("docs/session-room.md's coturn configuration refuses exactly these ranges", () => {
    const doc = readFileSync(new URL('../../docs/session-room.md', import.meta.url), 'utf8');
    const lines = doc.split('\n').filter((l) => l.startsWith('denied-peer-ip='));
    assert.deepEqual(
      lines.map((l) => l.slice('denied-peer-ip='.length)),
      DENIED_PEER_RANGES.map(([range]) => range),
    );
    assert.ok(!/^allow-loopback-peers/m.test(doc), 'production never allows loopback peers');
  });

  test('the local relay refuses the same ranges and lets a caller reach only its own allocation address', () => {
    const args = turnRelayArgs({ port: 3478, secret: SECRET, dir: '/tmp/x' });
    assert.deepEqual(
      args.filter((a) => a.startsWith('--denied-peer-ip=')).map((a) => a.slice('--denied-peer-ip='.length)),
      DENIED_PEER_RANGES.map(([range]) => range),
    );
    assert.deepEqual(
      args.filter((a) => a.startsWith('--allowed-peer-ip=')),
      [`--allowed-peer-ip=${LOCAL_RELAY_IP}`],
    );
    assert.ok(args.includes(`--relay-ip=${LOCAL_RELAY_IP}`));
  });
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

  test('each side gets a credential naming the room and itself, for minutes and never past the session', async () => {
    const s = await liveSession();
    const before = Math.floor(Date.now() / 1000);
    const patient = await join(s.uuid, {}, await signIn(srv.api, 'patient@haven.test'));
    const provider = await join(s.uuid, { room_token: s.room_token });
    const after = Math.ceil(Date.now() / 1000);
    const sessionEnds = Date.parse(patient.session.end_time) / 1000;
    for (const [side, answer] of [
      ['patient', patient],
      ['provider', provider],
    ] as const) {
      assert.equal(answer.ice_servers.length, 1, side);
      const relay = answer.ice_servers[0]!;
      assert.deepEqual(relay.urls, [`turn:127.0.0.1:${turnPort}`]);
      const [expiry, who] = relay.username.split(':') as [string, string];
      assert.equal(who, `${s.uuid}.${side}`);
      // Short: a cancelled session's credential dies within RELAY_CREDENTIAL_TTL_MS; never past the end.
      assert.ok(Number(expiry) <= after + RELAY_CREDENTIAL_TTL_MS / 1000, `${side}: ${expiry} is minutes away`);
      assert.ok(Number(expiry) >= before + RELAY_CREDENTIAL_TTL_MS / 1000 - 1 || Number(expiry) === Math.floor(sessionEnds), side);
      assert.ok(Number(expiry) <= sessionEnds, `${side}: not past the session's end`);
      assert.equal(relay.credential, expected(SECRET, relay.username), `${side}: the relay's own computation`);
    }
  });

  test('after a cancellation no fresh credential is issued: the last one ends within minutes', async () => {
    const s = await liveSession();
    const patient = await signIn(srv.api, 'patient@haven.test');
    const last = (await join(s.uuid, {}, patient)).ice_servers[0]!;
    await srv.db.query(`UPDATE bookings SET status = 'cancelled' WHERE uuid::text = $1`, [s.uuid]);
    const again = await as(patient, `${srv.api}/session_room/${s.uuid}/join`, { body: {} });
    assert.equal(again.body.code, 'session_cancelled', JSON.stringify(again.body));
    assert.equal(
      (await call(`${srv.api}/session_room/${s.uuid}/join`, { body: { room_token: s.room_token } })).body.code,
      'session_cancelled',
    );
    assert.ok(
      Number(last.username.split(':')[0]) * 1000 <= Date.now() + RELAY_CREDENTIAL_TTL_MS,
      'the last credential is minutes from its end',
    );
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
        /** A channel from an allocation to `peer` (not another allocation); exit code and output. */
        const peerBind = (u: string, w: string, peer: string) =>
          new Promise<{ code: number | null; output: string }>((ok) => {
            const c = spawn('turnutils_uclient', ['-p', String(turnPort), '-u', u, '-w', w, '-n', '1', '-c', '-e', peer, '127.0.0.1'], {
              stdio: ['ignore', 'pipe', 'pipe'],
            });
            let output = '';
            c.stdout!.on('data', (d: Buffer) => (output += d.toString()));
            c.stderr!.on('data', (d: Buffer) => (output += d.toString()));
            const timer = setTimeout(() => c.kill(), 30_000);
            c.once('exit', (code) => {
              clearTimeout(timer);
              ok({ code, output });
            });
          });
        assert.equal(await allocate(username, credential), 0, "the api's credential allocates a relay");
        // Relayed to a non-public peer: the cloud's metadata address, carrier NAT, a private network, the
        // api's own loopback address. The relay refuses the channel (403 Forbidden IP).
        for (const peer of ['169.254.169.254', '100.64.0.1', '10.0.0.1', '192.168.1.1', '127.0.0.1']) {
          const answer = await peerBind(username, credential, peer);
          assert.notEqual(answer.code, 0, `${peer}: the relay must refuse it`);
          assert.match(answer.output, /403 \(Forbidden IP\)/, peer);
        }
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
