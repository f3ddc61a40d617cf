// A local TURN relay (Debian's coturn) for one run: the flags in one place, used by the platform's
// `--turn` (the browser suite's relay) and by the api's test against a real relay, so both start the
// same relay. The peers a relay refuses (every address that is not a public one) are listed once here;
// docs/session-room.md's production configuration carries the same list (api/test/turn.test.ts compares).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * Every IANA special-purpose range (IPv4 and IPv6 registries) a relay must never reach for a caller: a
 * patient's relay must not become a way into the relay's own network, its cloud's metadata service
 * (169.254.169.254), a carrier's shared space or a private network. coturn's syntax: "first-last".
 */
export const DENIED_PEER_RANGES = [
  ['0.0.0.0-0.255.255.255', '"this network"'],
  ['10.0.0.0-10.255.255.255', 'private (10/8)'],
  ['100.64.0.0-100.127.255.255', 'shared address space, carrier NAT (100.64/10)'],
  ['127.0.0.0-127.255.255.255', 'loopback (127/8)'],
  ['169.254.0.0-169.254.255.255', 'link-local, cloud metadata (169.254/16)'],
  ['172.16.0.0-172.31.255.255', 'private (172.16/12)'],
  ['192.0.0.0-192.0.0.255', 'IETF protocol assignments (192.0.0/24)'],
  ['192.0.2.0-192.0.2.255', 'documentation (TEST-NET-1)'],
  ['192.88.99.0-192.88.99.255', '6to4 relay anycast (deprecated)'],
  ['192.168.0.0-192.168.255.255', 'private (192.168/16)'],
  ['198.18.0.0-198.19.255.255', 'benchmarking (198.18/15)'],
  ['198.51.100.0-198.51.100.255', 'documentation (TEST-NET-2)'],
  ['203.0.113.0-203.0.113.255', 'documentation (TEST-NET-3)'],
  ['224.0.0.0-239.255.255.255', 'multicast (224/4)'],
  ['240.0.0.0-255.255.255.255', 'reserved and broadcast (240/4)'],
  ['::-::1', 'unspecified and loopback (::/128, ::1/128)'],
  ['::ffff:0.0.0.0-::ffff:255.255.255.255', 'IPv4-mapped (every IPv4 address again)'],
  ['64:ff9b::-64:ff9b::ffff:ffff', 'NAT64 (64:ff9b::/96, IPv4 behind a translator)'],
  ['64:ff9b:1::-64:ff9b:1:ffff:ffff:ffff:ffff:ffff', 'local-use NAT64 (64:ff9b:1::/48)'],
  ['100::-100::ffff:ffff:ffff:ffff', 'discard-only (100::/64)'],
  ['2001::-2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff', 'IETF protocol assignments, Teredo (2001::/23)'],
  ['2001:db8::-2001:db8:ffff:ffff:ffff:ffff:ffff:ffff', 'documentation (2001:db8::/32)'],
  ['2002::-2002:ffff:ffff:ffff:ffff:ffff:ffff:ffff', '6to4 (2002::/16, IPv4 inside)'],
  ['fc00::-fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'unique local (fc00::/7)'],
  ['fe80::-febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'link-local (fe80::/10)'],
  ['fec0::-feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'site-local, deprecated (fec0::/10)'],
  ['ff00::-ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'multicast (ff00::/8)'],
];

/** The address the local relay allocates on: its own, and the only loopback peer it lets a caller reach. */
export const LOCAL_RELAY_IP = '127.0.0.2';

/** Whether coturn's turnserver is installed (without it the relay tests skip themselves). */
export function coturnInstalled() {
  return spawnSync('turnserver', ['--version'], { stdio: 'ignore' }).error === undefined;
}

/**
 * turnserver's arguments: on 127.0.0.1:`port`, shared-secret credentials under `secret`, its state in
 * `dir` (a folder of this run). Every non-public peer is refused as in production, except the relay's
 * own allocation address (LOCAL_RELAY_IP): both browsers of a one-machine call relay there, to each
 * other, and nothing else on the machine (the api, its database: 127.0.0.1) can be reached through it.
 */
export function turnRelayArgs({ port, secret, dir }) {
  return [
    // In the foreground, no admin console, plain UDP/TCP only; its state in a folder of this run.
    '-n',
    '--no-cli',
    '--no-tls',
    '--no-dtls',
    `--pidfile=${join(dir, 'turnserver.pid')}`,
    `--db=${join(dir, 'turndb')}`,
    // The log on stdout: what the relay refused shows beside the caller's output (and tells when it is up).
    '--log-file=stdout',
    '--listening-ip=127.0.0.1',
    `--listening-port=${port}`,
    `--relay-ip=${LOCAL_RELAY_IP}`,
    // Loopback is let past coturn's own loopback switch only to meet the list below, which refuses all of
    // 127/8 but the relay's own address.
    '--allow-loopback-peers',
    '--no-multicast-peers',
    ...DENIED_PEER_RANGES.map(([range]) => `--denied-peer-ip=${range}`),
    `--allowed-peer-ip=${LOCAL_RELAY_IP}`,
    '--use-auth-secret',
    `--static-auth-secret=${secret}`,
    '--realm=haven.test',
  ];
}
