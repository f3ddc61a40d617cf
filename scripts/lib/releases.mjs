// Releases of one remote at a time (README "Deploying"): a release is an immutable folder
// `releases/<remote>/<version>/` holding one production build of the remote; the runtime config
// (`releases/config.json`) names the version each remote runs, one line per remote. Promoting or rolling
// back rewrites that one line; nothing is rebuilt. scripts/release.mjs is the command line over these.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APPS, localRuntimeConfig } from './runtime-config.mjs';
import { PRERENDER_DIR } from '../../shell/src/prerender/prerendered-routes.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
export const RELEASABLE = APPS.filter(({ app }) => app !== 'shell').map(({ app }) => app);
export const DEFAULT_RELEASES_DIR = join(root, 'releases');
/** Where releases are served on the one origin: `/remotes/<remote>/<version>/<file>`. */
export const RELEASE_PREFIX = '/remotes/';
// A version is a folder name and a path segment: no separators, no dots-only names.
const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+_-]*$/;
// Files of a release a browser must revalidate: the manifests describe the release and carry no hash.
const RELEASE_MANIFESTS = new Set(['mf-manifest.json', 'mf-stats.json']);

export function assertRemote(remote) {
  if (!RELEASABLE.includes(remote)) throw new Error(`unknown remote "${remote}"; one of: ${RELEASABLE.join(', ')}`);
}

function assertVersion(version) {
  if (typeof version !== 'string' || !VERSION.test(version)) throw new Error(`"${version}" is not a release version`);
}

/**
 * Whether a build file (its path inside the build folder) belongs in a release. A remote's build also holds
 * its standalone page (index.html) whose scripts are root paths (/main.js, /boot-timeout.js): served from
 * /remotes/<remote>/<version>/ it would load the shell's files, so a release ships no page at all, only the
 * federated entry, its chunks and assets. Nor what only that page uses: the picture the platform build
 * paints into it (the session room's, under prerendered/: its stylesheet and start-after-paint script), so
 * the same code gets the same version whether or not its build was painted. Never a source map: they are
 * not public (a build keeps them beside its folder; one taken `--from` an older build may still hold them).
 */
export const isReleasedFile = (path) => {
  const parts = path.split(/[\\/]/);
  return parts[0] !== PRERENDER_DIR && !path.endsWith('.html') && !path.endsWith('.map');
};

function filesUnder(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => isReleasedFile(relative(dir, file)))
    .sort();
}

/** sha256 over every file's path and bytes: the same build gives the same version, any change a new one. */
export function contentHash(dir) {
  const hash = createHash('sha256');
  for (const file of filesUnder(dir)) {
    hash.update(relative(dir, file).split(sep).join('/')).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 10);
}

/** `<package version>-<content hash>` of a remote's build. */
export function releaseVersion(remote, buildDir) {
  const { version } = JSON.parse(readFileSync(join(root, remote, 'package.json'), 'utf8'));
  return `${version}-${contentHash(buildDir)}`;
}

export function releaseDir(releasesDir, remote, version) {
  return join(releasesDir, remote, version);
}

/** The address of a release's entry as the runtime config names it (same origin, path prefix). */
export function releaseEntryUrl(remote, version) {
  return `${RELEASE_PREFIX}${remote}/${version}/remoteEntry.js`;
}

/**
 * Copies a finished build into its versioned folder. A folder that exists is never written again
 * (immutable: browsers and CDNs cache its files forever); the same build simply gets the same version.
 * @returns {{ version: string, dir: string, created: boolean }}
 */
export function packageRelease({ remote, buildDir, releasesDir = DEFAULT_RELEASES_DIR }) {
  assertRemote(remote);
  if (!existsSync(join(buildDir, 'remoteEntry.js'))) throw new Error(`${buildDir} has no remoteEntry.js: not a build of ${remote}`);
  const version = releaseVersion(remote, buildDir);
  const dir = releaseDir(releasesDir, remote, version);
  if (existsSync(dir)) return { version, dir, created: false };
  // Copy beside, then rename: a half-copied release is never visible under its version.
  const staging = `${dir}.partial-${process.pid}`;
  mkdirSync(dirname(dir), { recursive: true });
  rmSync(staging, { recursive: true, force: true });
  cpSync(buildDir, staging, {
    recursive: true,
    filter: (source) => {
      const path = relative(buildDir, source);
      return path === '' || (statSync(source).isDirectory() ? path !== PRERENDER_DIR : isReleasedFile(path));
    },
  });
  renameSync(staging, dir);
  return { version, dir, created: true };
}

const configPath = (releasesDir) => join(releasesDir, 'config.json');
const historyPath = (releasesDir, remote) => join(releasesDir, remote, 'promotions.json');

/** The runtime config the one-origin server hands out, read on every request (never cached). */
export function readReleaseConfig(releasesDir = DEFAULT_RELEASES_DIR) {
  return JSON.parse(readFileSync(configPath(releasesDir), 'utf8'));
}

function readHistory(releasesDir, remote) {
  const file = historyPath(releasesDir, remote);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : [];
}

/**
 * Points the runtime config's line of `remote` at `version`: only that line of the file changes (a
 * deployer's diff is one line). A config that does not exist yet starts from the local one (stage and
 * addresses of this machine; an environment keeps its own file, README "Deploying").
 */
function writeRemoteLine(releasesDir, remote, url) {
  const file = configPath(releasesDir);
  if (!existsSync(file)) {
    mkdirSync(releasesDir, { recursive: true });
    writeFileSync(file, `${JSON.stringify({ ...localRuntimeConfig(), remotes: {} }, null, 2)}\n`);
  }
  const text = readFileSync(file, 'utf8');
  const line = new RegExp(`^(\\s*"${remote}"\\s*:\\s*)"[^"\\n]*"`, 'm');
  if (line.test(text)) {
    writeFileSync(
      file,
      text.replace(line, (_match, key) => `${key}${JSON.stringify(url)}`),
    );
    return;
  }
  // The remote has no line yet: add it (the file is rewritten in the same layout).
  const config = JSON.parse(text);
  config.remotes = { ...config.remotes, [remote]: url };
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
}

/** Makes `version` the live release of `remote`. Refuses a version that was never released here. */
export function promote({ remote, version, releasesDir = DEFAULT_RELEASES_DIR }) {
  assertRemote(remote);
  assertVersion(version);
  if (!existsSync(join(releaseDir(releasesDir, remote, version), 'remoteEntry.js'))) {
    throw new Error(`no release ${version} of ${remote} in ${releasesDir}: run \`pnpm release ${remote}\` first`);
  }
  writeRemoteLine(releasesDir, remote, releaseEntryUrl(remote, version));
  const history = readHistory(releasesDir, remote);
  if (history.at(-1) !== version) history.push(version);
  writeFileSync(historyPath(releasesDir, remote), `${JSON.stringify(history, null, 2)}\n`);
  return { remote, version, url: releaseEntryUrl(remote, version) };
}

/** Puts `remote` back on the version promoted before the live one. */
export function rollback({ remote, releasesDir = DEFAULT_RELEASES_DIR }) {
  assertRemote(remote);
  const history = readHistory(releasesDir, remote);
  if (history.length < 2) throw new Error(`${remote} has no earlier promoted release to roll back to`);
  history.pop();
  const version = history.at(-1);
  writeRemoteLine(releasesDir, remote, releaseEntryUrl(remote, version));
  writeFileSync(historyPath(releasesDir, remote), `${JSON.stringify(history, null, 2)}\n`);
  return { remote, version, url: releaseEntryUrl(remote, version) };
}

/** Released versions of a remote, oldest folder first. */
export function listReleases(remote, releasesDir = DEFAULT_RELEASES_DIR) {
  const dir = join(releasesDir, remote);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && VERSION.test(entry.name) && !entry.name.includes('.partial-'))
    .map((entry) => entry.name)
    .sort((a, b) => statSync(join(dir, a)).mtimeMs - statSync(join(dir, b)).mtimeMs);
}

/**
 * The static server's mount for releases: `/remotes/<remote>/<version>/<file>` -> the file in its
 * release folder, immutable (the folder never changes) except the manifests. Anything else under the
 * prefix (the config, the promotion history) is not served.
 */
export function releaseMount(releasesDir = DEFAULT_RELEASES_DIR) {
  return {
    prefix: RELEASE_PREFIX,
    resolve(pathname) {
      const [remote, version, ...rest] = pathname.slice(RELEASE_PREFIX.length).split('/');
      if (
        !RELEASABLE.includes(remote) ||
        !VERSION.test(version ?? '') ||
        rest.length === 0 ||
        rest.some((part) => part === '' || part.startsWith('.'))
      ) {
        return null;
      }
      return join(releaseDir(releasesDir, remote, version), ...rest);
    },
    cacheControl(fileName) {
      return RELEASE_MANIFESTS.has(fileName) ? 'no-cache' : 'public, max-age=31536000, immutable';
    },
  };
}

/**
 * The production-like origin: the shell's build at `/`, every release under `/remotes/…`, the runtime
 * config from `releasesDir/config.json` (read per request, so a promotion is live on the next load), and
 * the security headers (CSP `script-src 'self'` covers the path-prefixed remotes: one origin).
 */
export async function serveReleases({ shellRoot = join(root, 'shell/dist'), releasesDir = DEFAULT_RELEASES_DIR, port, host }) {
  const { serveStatic } = await import('./static-server.mjs');
  const { isKnownPath } = await import('../../shell/src/routing/route-ownership.mjs');
  if (!existsSync(join(shellRoot, 'index.html'))) throw new Error(`the shell is not built (${shellRoot}): run \`npm run build\` first`);
  if (!existsSync(configPath(releasesDir)))
    throw new Error(`${configPath(releasesDir)} does not exist: release and promote the remotes first (README "Deploying")`);
  return serveStatic({
    root: shellRoot,
    port,
    host,
    runtimeConfig: () => readReleaseConfig(releasesDir),
    isKnownRoute: isKnownPath,
    mounts: [releaseMount(releasesDir)],
  });
}
