#!/usr/bin/env node
// The start-up work check: cold-loads every route of the production build (scripts/lib/route-scripts.mjs'
// ROUTES, as the byte budgets do) with V8's block coverage on and holds each route's work (units of
// scripts/lib/startup-work.mjs: counted, not timed) to its line in tooling/startup-work.json. A route is
// loaded twice, a third time when the two differ by more than 2%, up to five times while over its line, and the least counts (a load whose render
// was interrupted and redone runs more; a change that adds work adds it to every load). `npm test` runs it in the browser suite (e2e/startup-work.check.ts)
// against the servers the suite starts. Alone: `node scripts/check-startup-work.mjs [--plant-ms 100]
// [--route /dashboard]`; --plant-ms adds that much script at 4x (a fixed loop) to the shell's main.js, the
// way a change that makes every page's start heavier would: the check must fail.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROUTES, ensurePlatform, launchChromium, loadRoute } from './lib/route-scripts.mjs';
import { startupWorkFailures, workUnits } from './lib/startup-work.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// Turns of the planted loop per millisecond of script at 4x, measured on this machine (4 M turns ran 80 to
// 125 ms with Chromium's CPU slowed 4x): about 52 M units per 100 ms. A count says how much script ran, not
// how long it took: tight arithmetic runs many units a millisecond, DOM and layout work few.
const PLANT_TURNS_PER_MS = 40_000;

async function workOfOneLoad(browser, route, plantMs) {
  let cdp;
  const { context } = await loadRoute(browser, route, {
    onPage: async (page) => {
      cdp = await page.context().newCDPSession(page);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.startPreciseCoverage', { callCount: true, detailed: true });
      if (plantMs > 0) {
        const turns = plantMs * PLANT_TURNS_PER_MS;
        await page.route(/\/main\.js/, async (request) => {
          const response = await request.fetch();
          const planted = `;(()=>{let x=0;for(let i=0;i<${turns};i++)x=(x*31+i)|0;window.__hvPlanted=x})();`;
          await request.fulfill({ response, body: (await response.text()) + planted });
        });
      }
    },
  });
  try {
    const { result } = await cdp.send('Profiler.takePreciseCoverage');
    return workUnits(result);
  } finally {
    await context.close();
  }
}

/**
 * Measures every route (or `only`) in `browser` (the platform serving the production build on :3000).
 * @returns {Promise<{ table: string, failures: string[], measured: Array<{ route: string, millionUnits: number, runs: number[] }> }>}
 */
export async function checkStartupWork(browser, { plantMs = 0, only = null } = {}) {
  const lines = JSON.parse(readFileSync(join(root, 'tooling/startup-work.json'), 'utf8'));
  const routes = ROUTES.filter((route) => !only || route.route === only);
  // One load first, not counted: the servers' first answers (a cold api, cold caches) take other paths.
  await workOfOneLoad(browser, routes[0], 0);
  const measured = [];
  for (const route of routes) {
    const runs = [];
    for (let run = 0; run < 2; run += 1) runs.push((await workOfOneLoad(browser, route, plantMs)) / 1e6);
    if (Math.abs(runs[0] - runs[1]) > 0.02 * Math.min(...runs)) runs.push((await workOfOneLoad(browser, route, plantMs)) / 1e6);
    // Over its line: two more loads before it counts as over (a render interrupted by the data of the hour
    // arriving in another order runs more; a change that adds work adds it to every load).
    const line = lines.routes[route.route]?.maxMillionUnits ?? Infinity;
    while (Math.min(...runs) > line && runs.length < 5) runs.push((await workOfOneLoad(browser, route, plantMs)) / 1e6);
    measured.push({ route: route.route, millionUnits: Math.min(...runs), runs });
  }
  const table = [
    'route                           start-up work   line     runs (M units)',
    ...measured.map(
      ({ route, millionUnits, runs }) =>
        `${route.padEnd(32)}${millionUnits.toFixed(2).padStart(9)} M ${String(lines.routes[route]?.maxMillionUnits ?? '-').padStart(6)} M   ${runs.map((r) => r.toFixed(2)).join(', ')}`,
    ),
  ].join('\n');
  const failures = startupWorkFailures(
    only ? { routes: Object.fromEntries(Object.entries(lines.routes).filter(([route]) => route === only)) } : lines,
    measured,
  );
  return { table, failures, measured };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : null);
  const server = await ensurePlatform(root, { reuse: true });
  const browser = await launchChromium(root);
  let result;
  try {
    result = await checkStartupWork(browser, { plantMs: Number(option('--plant-ms') ?? 0), only: option('--route') });
  } finally {
    await browser.close();
    server?.kill('SIGTERM');
  }
  console.log(result.table);
  if (result.failures.length > 0) {
    console.error(`\nstart-up work: ${result.failures.length} over\n  ${result.failures.join('\n  ')}`);
    process.exit(1);
  }
  console.log('\nstart-up work: every route within its line');
}
