// A local TURN relay (Debian's coturn) for one run: the flags in one place, used by the platform's
// `--turn` (the browser suite's relay) and by the api's test against a real relay, so both start the
// same relay.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/** Whether coturn's turnserver is installed (without it the relay tests skip themselves). */
export function coturnInstalled() {
  return spawnSync('turnserver', ['--version'], { stdio: 'ignore' }).error === undefined;
}

/**
 * turnserver's arguments: on 127.0.0.1:`port`, shared-secret credentials under `secret`, its state in
 * `dir` (a folder of this run), peers on loopback allowed (both sides of a one-machine call relay to
 * 127.0.0.1).
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
    '--relay-ip=127.0.0.1',
    '--allow-loopback-peers',
    '--use-auth-secret',
    `--static-auth-secret=${secret}`,
    '--realm=haven.test',
  ];
}
