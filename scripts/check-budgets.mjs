#!/usr/bin/env node
// The bundle budget test (npm test runs it after the build): cold-loads every route of the production
// build in Debian's chromium and checks tooling/bundle-budgets.json: gzip JS per route, each module once.
// Byte counts only (deterministic); timings belong to the benchmarks. Starts its own platform: it must
// not measure someone else's server, so it fails if the ports are taken.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { budgetFailures } from './lib/budgets.mjs';
import { ROUTES, duplicatesOf, ensurePlatform, gzipSize, launchChromium, loadRoute } from './lib/route-scripts.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const budgets = JSON.parse(readFileSync(join(root, 'tooling/bundle-budgets.json'), 'utf8'));

const server = await ensurePlatform(root, { reuse: false });
const browser = await launchChromium(root);
const measured = [];
try {
  for (const route of ROUTES) {
    const { context, scripts } = await loadRoute(browser, route);
    measured.push({ route: route.route, gzipBytes: scripts.reduce((sum, { body }) => sum + gzipSize(body), 0), files: scripts.length, duplicates: await duplicatesOf(scripts) });
    await context.close();
  }
} finally {
  await browser.close();
  server?.kill('SIGTERM');
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log('route                           gzip JS     budget   files');
for (const { route, gzipBytes, files } of measured) {
  const budget = budgets.routes[route]?.maxGzipBytes;
  console.log(`${route.padEnd(32)}${kb(gzipBytes).padStart(9)}  ${(budget ? kb(budget) : '-').padStart(9)}  ${String(files).padStart(5)}`);
}
const failures = budgetFailures(budgets, measured);
if (failures.length > 0) {
  console.error(`\nbundle budgets: ${failures.length} broken\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('\nbundle budgets: every route within budget, every module downloaded once');
