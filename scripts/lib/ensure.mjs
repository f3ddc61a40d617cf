// Installs what a fresh machine lacks: pnpm (the version package.json pins) and the workspace dependencies.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;

export function ensurePnpm(root) {
  const wanted = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager.split('@')[1];
  const current = has('pnpm') ? execSync('pnpm --version', { encoding: 'utf8' }).trim() : null;
  if (current === wanted) return;
  console.log(`[setup] installing pnpm ${wanted} (found: ${current ?? 'none'})`);
  execSync(`npm install --global pnpm@${wanted}`, { stdio: 'inherit' });
}

export function ensureDependencies(root) {
  ensurePnpm(root);
  const marker = join(root, 'node_modules/.modules.yaml');
  // --frozen-lockfile: the lockfile is the truth; a quick no-op when everything is in place.
  console.log(existsSync(marker) ? '[setup] checking dependencies' : '[setup] installing dependencies (first run)');
  execSync('pnpm install --frozen-lockfile --prefer-offline', {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, CI: process.env.CI ?? '' },
  });
}
