import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

// Release worlds for e2e/release.spec.ts: a temp releases folder with every remote released from the
// production build the suite already made, served on one origin by the production-like server, and the
// fixture releases (e2e/fixtures/release-remote) built once and cached by their inputs' hash.

const ROOT = path.resolve(__dirname, '../..');
export const REMOTES = ['mfe-auth', 'mfe-dashboard', 'mfe-booking', 'mfe-partner', 'mfe-session-room'] as const;
export type Remote = (typeof REMOTES)[number];
export type FixtureVariant = 'v2' | 'core-minor' | 'core-major' | 'throws';

/** The fixture builds' folder (scripts/build-release-fixtures.mjs: built when their inputs changed, else reused). */
export function fixtureBuilds(): Record<FixtureVariant, string> {
  const printed = execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-release-fixtures.mjs')], { cwd: ROOT, encoding: 'utf8' });
  const out = printed.trim().split('\n').at(-1) as string;
  const variant = (name: FixtureVariant) => path.join(out, name);
  return { v2: variant('v2'), 'core-minor': variant('core-minor'), 'core-major': variant('core-major'), throws: variant('throws') };
}

/** Runs the release command line as a deployer would (`pnpm release…`); returns what it printed. */
function releaseCli(dir: string, ...args: string[]): string {
  return execFileSync(process.execPath, [path.join(ROOT, 'scripts/release.mjs'), ...args, '--dir', dir], { cwd: ROOT, encoding: 'utf8' });
}

export interface ReleaseWorld {
  origin: string;
  dir: string;
  /** The version each remote was first released and promoted at (from the suite's production build). */
  initial: Record<Remote, string>;
  release(remote: Remote, buildDir: string): string;
  promote(remote: Remote, version: string): void;
  rollback(remote: Remote): void;
  configText(): string;
  close(): Promise<void>;
}

type ServeReleases = (options: { releasesDir: string; port: number }) => Promise<Server>;
type LocalRuntimeConfig = (options: { stage: string; ports: Record<string, number> }) => Record<string, unknown>;

export async function createReleaseWorld(): Promise<ReleaseWorld> {
  const dir = mkdtempSync(path.join(tmpdir(), 'haven-releases-'));
  const release = (remote: Remote, buildDir: string) => {
    const printed = releaseCli(dir, 'release', remote, '--from', buildDir);
    const match = new RegExp(`\\[release\\] ${remote} (\\S+) `).exec(printed);
    if (!match?.[1]) throw new Error(`no version in: ${printed}`);
    return match[1];
  };
  const initial = Object.fromEntries(REMOTES.map((remote) => [remote, release(remote, path.join(ROOT, remote, 'dist'))])) as Record<
    Remote,
    string
  >;

  const { serveReleases } = (await import(path.join(ROOT, 'scripts/lib/releases.mjs'))) as { serveReleases: ServeReleases };
  const { localRuntimeConfig } = (await import(path.join(ROOT, 'scripts/lib/runtime-config.mjs'))) as {
    localRuntimeConfig: LocalRuntimeConfig;
  };
  const configFile = path.join(dir, 'config.json');
  // The deployer's per-environment file: this origin's address, the suite's api; remotes come by promotion.
  const writeConfig = (port: number) =>
    writeFileSync(
      configFile,
      `${JSON.stringify({ ...localRuntimeConfig({ stage: 'test', ports: { shell: port } }), remotes: {} }, null, 2)}\n`,
    );
  writeConfig(0);
  const server = await serveReleases({ releasesDir: dir, port: 0 });
  const { port } = server.address() as AddressInfo;
  writeConfig(port);
  for (const remote of REMOTES) releaseCli(dir, 'promote', remote, initial[remote]);

  return {
    origin: `http://localhost:${port}`,
    dir,
    initial,
    release,
    promote: (remote, version) => void releaseCli(dir, 'promote', remote, version),
    rollback: (remote) => void releaseCli(dir, 'rollback', remote),
    configText: () => readFileSync(configFile, 'utf8'),
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Path, size, mtime and sha256 of every file under the folders: equal before and after = not rebuilt. */
export function fingerprint(folders: string[]): Record<string, string> {
  const prints: Record<string, string> = {};
  for (const folder of folders) {
    for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const file = path.join(entry.parentPath, entry.name);
      const { size, mtimeMs } = statSync(file);
      prints[file] = `${size} ${mtimeMs} ${createHash('sha256').update(readFileSync(file)).digest('hex')}`;
    }
  }
  return prints;
}

/** The lines that differ between two versions of the runtime config. */
export function changedLines(before: string, after: string): string[] {
  const old = before.split('\n');
  return after.split('\n').filter((line, index) => line !== old[index]);
}

/** Runs a test body in its own release world and always closes it (server stopped, folder removed). */
export async function withReleaseWorld(body: (world: ReleaseWorld) => Promise<void>): Promise<void> {
  const world = await createReleaseWorld();
  try {
    await body(world);
  } finally {
    await world.close();
  }
}
