#!/usr/bin/env node
// The bundle budget test: cold-loads every route of the production build in Debian's chromium and checks
// tooling/bundle-budgets.json: gzip JS per route (before its heading is on screen, and in all until the
// network is idle), each module once. Byte counts only (deterministic); timings belong to the benchmarks.
// `npm test` runs it as the browser suite's first project (e2e/bundle-budgets.check.ts), against the
// servers the suite starts. Run alone (`node scripts/check-budgets.mjs`) it starts its own platform: it
// must not measure someone else's server, so it fails if the ports are taken. With the ratchet on, a line
// the build has shrunk away from fails too; `--lower` (alone) writes the lowered lines into the file. And a
// line raised since the base (BUDGET_BASE, else where this branch left main, else the previous commit) fails
// unless the same change lowers other routes' lines of the same kind by more.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { changeFailures } from './lib/budget-history.mjs';
import { budgetFailures, staleLines } from './lib/budgets.mjs';
import { ROUTES, duplicatesOf, ensurePlatform, gzipSize, launchChromium, loadRoute } from './lib/route-scripts.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const FILE = 'tooling/bundle-budgets.json';

/**
 * Measures every route in `browser` (the platform already serving the production build on :3000).
 * @returns {Promise<{ table: string, failures: string[], stale: ReturnType<typeof staleLines> }>} the printed
 *   table, one line per broken rule (stale lines included when the ratchet is on), and the stale lines
 */
export async function checkBudgets(browser) {
  const budgets = JSON.parse(readFileSync(join(root, FILE), 'utf8'));
  const measured = [];
  for (const route of ROUTES) {
    const { context, scripts } = await loadRoute(browser, route);
    const sum = (list) => list.reduce((total, { body }) => total + gzipSize(body), 0);
    const firstPaint = scripts.filter((script) => script.firstPaint);
    measured.push({
      route: route.route,
      gzipBytes: sum(firstPaint),
      totalGzipBytes: sum(scripts),
      files: firstPaint.length,
      totalFiles: scripts.length,
      duplicates: await duplicatesOf(scripts),
    });
    await context.close();
  }
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  const lines = ['route                           first paint   budget  files      total   budget  files'];
  for (const { route, gzipBytes, totalGzipBytes, files, totalFiles } of measured) {
    const budget = budgets.routes[route];
    const cell = (bytes) => (bytes ? kb(bytes) : '-').padStart(9);
    lines.push(
      `${route.padEnd(32)}${kb(gzipBytes).padStart(11)}${cell(budget?.maxGzipBytes)}  ${String(files).padStart(5)}  ${kb(totalGzipBytes).padStart(9)}${cell(budget?.maxTotalGzipBytes)}  ${String(totalFiles).padStart(5)}`,
    );
  }
  const stale = staleLines(budgets, measured);
  const failures = budgetFailures(budgets, measured);
  if (budgets.ratchet) failures.push(...stale.map((line) => line.message), ...changeFailures(root, budgets));
  return { table: lines.join('\n'), failures, stale };
}

/** Writes the stale lines lowered into the budgets file, with a dated note of what moved. */
function lowerStaleLines(stale) {
  const file = join(root, FILE);
  const budgets = JSON.parse(readFileSync(file, 'utf8'));
  for (const { route, key, lowerTo } of stale) budgets.routes[route][key] = lowerTo;
  const moved = stale.map(
    ({ route, key, line, lowerTo }) => `${route} ${key === 'maxGzipBytes' ? 'first paint' : 'total'} ${line} -> ${lowerTo}`,
  );
  budgets.changes.push(`${new Date().toISOString().slice(0, 10)} (ratchet): lowered to this build: ${moved.join('; ')}.`);
  writeFileSync(file, `${JSON.stringify(budgets, null, 2)}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const server = await ensurePlatform(root, { reuse: false });
  const browser = await launchChromium(root);
  let result;
  try {
    result = await checkBudgets(browser);
  } finally {
    await browser.close();
    server?.kill('SIGTERM');
  }
  console.log(result.table);
  if (process.argv.includes('--lower') && result.stale.length > 0) {
    lowerStaleLines(result.stale);
    console.log(`\nlowered ${result.stale.length} line(s) in tooling/bundle-budgets.json: commit them`);
    result.failures = result.failures.filter((failure) => !result.stale.some((line) => line.message === failure));
  }
  if (result.failures.length > 0) {
    console.error(`\nbundle budgets: ${result.failures.length} broken\n  ${result.failures.join('\n  ')}`);
    process.exit(1);
  }
  console.log('\nbundle budgets: every route within budget, every module downloaded once');
}
