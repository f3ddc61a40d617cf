// `pnpm --filter @haven/api build`, the production build (api/README.md "Production"): the entry points
// bundled to api/dist (plain node at run time, no tsx; packages stay in node_modules, except the workspace's
// '@haven/rules', which is TypeScript source and so is bundled in) and the SQL migrations copied beside
// them. dist/ mirrors src/ (config/paths.ts finds files in either).
import { build } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const api = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(api, 'dist');
/** Bundles the workspace's TypeScript package that `packages: 'external'` would leave for node to load. */
const bundleWorkspaceSource = {
  name: 'bundle-workspace-source',
  setup(b) {
    b.onResolve({ filter: /^@haven\/rules$/ }, () => ({ path: path.join(api, '..', 'rules', 'src', 'index.ts') }));
  },
};
rmSync(dist, { recursive: true, force: true });
await build({
  absWorkingDir: api,
  entryPoints: ['src/main.ts', 'src/realtime/worker.ts', 'src/db/pglite-worker.ts', 'src/seed/cli.ts', 'src/messages/outbox-cli.ts'],
  outbase: 'src',
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  plugins: [bundleWorkspaceSource],
  sourcemap: true,
  logLevel: 'warning',
});
cpSync(path.join(api, 'src', 'db', 'migrations'), path.join(dist, 'db', 'migrations'), { recursive: true });
console.log('api built into api/dist (start: NODE_ENV=production HAVEN_STAGE=production node api/dist/main.js)');
