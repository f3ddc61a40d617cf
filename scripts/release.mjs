#!/usr/bin/env node
// Release one remote alone, promote a release, roll back (README "Deploying"):
//   release <remote> [--from <build folder>]   build only that remote (or take a finished build) into
//                                               releases/<remote>/<version>/
//   promote <remote> <version>                  the runtime config's line of that remote names the version
//   rollback <remote>                           back to the version promoted before the live one
//   list [<remote>]                             released versions, the live one marked
// `--dir <folder>` works on another releases folder (default: ./releases).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_RELEASES_DIR,
  RELEASABLE,
  assertRemote,
  listReleases,
  packageRelease,
  promote,
  readReleaseConfig,
  releaseEntryUrl,
  rollback,
} from './lib/releases.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name) => {
  const index = args.indexOf(`--${name}`);
  if (index < 0) return undefined;
  const [, value] = args.splice(index, 2);
  if (!value) throw new Error(`--${name} needs a value`);
  return value;
};

/** Builds one remote (production) into a fresh folder: the remote's own dist and the other apps are untouched. */
function buildRemote(remote) {
  const out = mkdtempSync(join(tmpdir(), `haven-release-${remote}-`));
  const started = Date.now();
  const result = spawnSync(join(root, 'node_modules/.bin/webpack'), ['--mode', 'production', '--env', `outputPath=${out}`], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, HAVEN_APPS: remote },
  });
  if (result.status !== 0) throw new Error(`the build of ${remote} failed`);
  console.log(`[release] built ${remote} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return out;
}

function main() {
  const releasesDir = resolve(option('dir') ?? DEFAULT_RELEASES_DIR);
  const from = option('from');
  const [command, remote, version] = args;
  switch (command) {
    case 'release': {
      assertRemote(remote);
      const buildDir = from ? resolve(from) : buildRemote(remote);
      try {
        const release = packageRelease({ remote, buildDir, releasesDir });
        console.log(`[release] ${remote} ${release.version} ${release.created ? 'released' : 'was already released'} in ${release.dir}`);
        console.log(`[release] make it live: pnpm release:promote ${remote} ${release.version}`);
      } finally {
        if (!from) rmSync(buildDir, { recursive: true, force: true });
      }
      return;
    }
    case 'promote': {
      if (!version) throw new Error('usage: release:promote <remote> <version>');
      const done = promote({ remote, version, releasesDir });
      console.log(`[release] ${remote} now runs ${done.version} (${done.url})`);
      return;
    }
    case 'rollback': {
      const done = rollback({ remote, releasesDir });
      console.log(`[release] ${remote} rolled back to ${done.version} (${done.url})`);
      return;
    }
    case 'list': {
      const config = existsSync(join(releasesDir, 'config.json')) ? readReleaseConfig(releasesDir) : { remotes: {} };
      for (const name of remote ? [remote] : RELEASABLE) {
        for (const release of listReleases(name, releasesDir)) {
          const live = config.remotes?.[name] === releaseEntryUrl(name, release);
          console.log(`${name.padEnd(17)} ${release}${live ? '  (live)' : ''}`);
        }
      }
      return;
    }
    default:
      throw new Error(
        'usage: release <remote> [--from <dir>] | promote <remote> <version> | rollback <remote> | list [<remote>]  [--dir <releases>]',
      );
  }
}

try {
  main();
} catch (error) {
  console.error(`[release] ${error.message}`);
  process.exit(1);
}
