/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// The release command line (scripts/release.mjs) on a temp releases folder and a small stand-in build;
// the browser side (one origin, promote/rollback on a live page) is e2e/release.spec.ts.
const ROOT = path.resolve(__dirname, '..');
let work: string;
let releases: string;

function cli(...args: string[]): { status: number; out: string } {
  try {
    return {
      status: 0,
      out: execFileSync(process.execPath, [path.join(ROOT, 'scripts/release.mjs'), ...args, '--dir', releases], {
        encoding: 'utf8',
        stdio: 'pipe',
      }),
    };
  } catch (error) {
    const failed = error as { status: number; stderr: string };
    return { status: failed.status, out: failed.stderr };
  }
}

function build(name: string, body: string): string {
  const dir = path.join(work, name);
  mkdirSync(path.join(dir, 'static'), { recursive: true });
  writeFileSync(path.join(dir, 'remoteEntry.js'), body);
  writeFileSync(path.join(dir, 'static/chunk.0123456789.js'), 'chunk');
  return dir;
}

const versionIn = (out: string) => /\] mfe-booking (\S+) /.exec(out)?.[1] ?? '';
const config = () => readFileSync(path.join(releases, 'config.json'), 'utf8');

beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), 'haven-release-cli-'));
  releases = path.join(work, 'releases');
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

describe('pnpm release / release:promote / release:rollback', () => {
  it('versions a build by package version and content hash; the same build is released once', () => {
    const first = cli('release', 'mfe-booking', '--from', build('a', 'one'));
    expect(first.status).toBe(0);
    const version = versionIn(first.out);
    expect(version).toMatch(/^\d+\.\d+\.\d+-[0-9a-f]{10}$/);
    expect(readFileSync(path.join(releases, 'mfe-booking', version, 'static/chunk.0123456789.js'), 'utf8')).toBe('chunk');
    const again = cli('release', 'mfe-booking', '--from', build('b', 'one'));
    expect(again.out).toContain(`${version} was already released`);
    expect(versionIn(cli('release', 'mfe-booking', '--from', build('c', 'two')).out)).not.toBe(version);
  });

  it('a release never holds a source map, even from a build folder that has one', () => {
    const dir = build('a', 'one');
    writeFileSync(path.join(dir, 'remoteEntry.js.map'), '{}');
    writeFileSync(path.join(dir, 'static/chunk.0123456789.js.map'), '{}');
    const version = versionIn(cli('release', 'mfe-booking', '--from', dir).out);
    const released = path.join(releases, 'mfe-booking', version);
    expect(readdirSync(released, { recursive: true }).map(String).sort()).toEqual([
      'remoteEntry.js',
      'static',
      'static/chunk.0123456789.js',
    ]);
  });

  it('promote and rollback each change the one line of that remote in the runtime config', () => {
    const v1 = versionIn(cli('release', 'mfe-booking', '--from', build('a', 'one')).out);
    const v2 = versionIn(cli('release', 'mfe-booking', '--from', build('b', 'two')).out);
    expect(cli('promote', 'mfe-booking', v1).status).toBe(0);
    const withV1 = config();
    expect(JSON.parse(withV1).remotes['mfe-booking']).toBe(`/remotes/mfe-booking/${v1}/remoteEntry.js`);

    expect(cli('promote', 'mfe-booking', v2).status).toBe(0);
    const withV2 = config();
    const changed = withV2.split('\n').filter((line, index) => line !== withV1.split('\n')[index]);
    expect(changed).toEqual([`    "mfe-booking": "/remotes/mfe-booking/${v2}/remoteEntry.js"`]);

    expect(cli('rollback', 'mfe-booking').out).toContain(`rolled back to ${v1}`);
    expect(config()).toBe(withV1);
    expect(cli('list', 'mfe-booking').out).toContain(`${v1}  (live)`);
  });

  it.each([
    ['an unknown remote', ['release', 'mfe-nope', '--from', '.'], 'unknown remote "mfe-nope"'],
    ['a version never released', ['promote', 'mfe-booking', '9.9.9-0000000000'], 'no release 9.9.9-0000000000 of mfe-booking'],
    ['a version that is a path', ['promote', 'mfe-booking', '../../etc'], 'is not a release version'],
    ['a rollback with nothing before', ['rollback', 'mfe-booking'], 'no earlier promoted release'],
    ['a folder that is not a build', ['release', 'mfe-booking', '--from', ROOT], 'has no remoteEntry.js'],
  ])('refuses %s', (_name, args, message) => {
    const result = cli(...args);
    expect(result.status).toBe(1);
    expect(result.out).toContain(message);
  });
});
