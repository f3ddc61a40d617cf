// `pnpm --filter @haven/api build`, the production build (api/README.md "Production"): the entry points
// bundled to api/dist (plain node at run time, no tsx; packages stay in node_modules) and the SQL
// migrations copied beside them. dist/ mirrors src/ (lib/paths.ts finds files in either).
import { build } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const api = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(api, 'dist');
rmSync(dist, { recursive: true, force: true });
await build({
  absWorkingDir: api,
  entryPoints: ['src/main.ts', 'src/realtime/worker.ts', 'src/db/pglite-worker.ts', 'src/seed/cli.ts'],
  outbase: 'src',
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
cpSync(path.join(api, 'src', 'db', 'migrations'), path.join(dist, 'db', 'migrations'), { recursive: true });
console.log('api built into api/dist (start: NODE_ENV=production HAVEN_STAGE=production node api/dist/main.js)');
