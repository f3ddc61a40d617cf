#!/usr/bin/env node
// Builds the fixture releases e2e/release.spec.ts promotes and rolls back (e2e/fixtures/release-remote):
// once, cached under node_modules/.cache by their inputs' hash. `npm test` runs it in its build stage so
// the browser suite finds them built; the spec runs it too (a no-op when cached) and reads the folder
// from the last line printed.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const FIXTURE_DIR = join(ROOT, 'e2e/fixtures/release-remote');
const inputs = [
  ...readdirSync(FIXTURE_DIR).map((name) => join(FIXTURE_DIR, name)),
  join(ROOT, 'tooling/federation.js'),
  join(ROOT, 'tooling/webpack.base.js'),
  join(ROOT, 'shared/package.json'),
  join(ROOT, 'pnpm-lock.yaml'),
];
const hash = createHash('sha256');
for (const file of inputs) hash.update(file).update(readFileSync(file));
const out = join(ROOT, 'node_modules/.cache/haven-release-fixtures', hash.digest('hex').slice(0, 16));
if (!existsSync(out)) {
  const staging = `${out}.partial-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const started = Date.now();
  execFileSync(join(ROOT, 'node_modules/.bin/webpack'), ['--config', join(FIXTURE_DIR, 'webpack.config.js'), '--env', `out=${staging}`], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  console.log(`[release fixtures] built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  renameSync(staging, out);
}
console.log(out);
