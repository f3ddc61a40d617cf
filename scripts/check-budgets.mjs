#!/usr/bin/env node
// The bundle budget test: cold-loads every route of the production build in Debian's chromium and checks
// tooling/bundle-budgets.json: gzip JS per route (before its heading is on screen, and in all until the
// network is idle), each module once. Byte counts only (deterministic); timings belong to the benchmarks.
// `npm test` runs it as the browser suite's first project (e2e/bundle-budgets.check.ts), against the
// servers the suite starts. Run alone (`node scripts/check-budgets.mjs`) it starts its own platform: it
// must not measure someone else's server, so it fails if the ports are taken.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { budgetFailures } from './lib/budgets.mjs';
import { ROUTES, duplicatesOf, ensurePlatform, gzipSize, launchChromium, loadRoute } from './lib/route-scripts.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Measures every route in `browser` (the platform already serving the production build on :3000).
 * @returns {Promise<{ table: string, failures: string[] }>} the printed table, and one line per broken rule
 */
export async function checkBudgets(browser) {
  const budgets = JSON.parse(readFileSync(join(root, 'tooling/bundle-budgets.json'), 'utf8'));
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
  return { table: lines.join('\n'), failures: budgetFailures(budgets, measured) };
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
  if (result.failures.length > 0) {
    console.error(`\nbundle budgets: ${result.failures.length} broken\n  ${result.failures.join('\n  ')}`);
    process.exit(1);
  }
  console.log('\nbundle budgets: every route within budget, every module downloaded once');
}
