#!/usr/bin/env node
/* global window */
// Bundle benchmark: cold-loads each route in Debian's chromium and reports, per route, the JS bytes
// (gzip; before the route's heading was on screen, and in all), files and requests, any module fetched
// twice, LCP and the time until the route's remote has mounted. Table on stdout, JSON in .bench/bundle.json. The budgets themselves are checked by
// scripts/check-budgets.mjs (npm test); this prints the timings a test must not assert.
// Uses the running platform on :3000, or starts one (`platform.mjs serve --memory`) for the run.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROUTES, duplicatesOf, ensurePlatform, gzipSize, launchChromium, loadRoute } from './lib/route-scripts.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const budgets = JSON.parse(readFileSync(join(root, 'tooling/bundle-budgets.json'), 'utf8'));

async function measure(browser, route) {
  const { context, page, scripts, requests, mountedMs } = await loadRoute(browser, route, {
    onPage: (page) =>
      page.addInitScript(() => {
        window.__lcp = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) window.__lcp = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  });
  const lcpMs = await page.evaluate(() => window.__lcp);
  await context.close();
  return {
    ...route,
    // Before the route's heading was on screen (what the budgets hold), and in all until the network was idle.
    jsBytes: scripts.filter((script) => script.firstPaint).reduce((sum, { body }) => sum + gzipSize(body), 0),
    totalJsBytes: scripts.reduce((sum, { body }) => sum + gzipSize(body), 0),
    jsFiles: scripts.length,
    files: scripts.map(({ url, body, firstPaint }) => ({ url, gzipBytes: gzipSize(body), firstPaint })),
    requests,
    duplicates: await duplicatesOf(scripts),
    mountedMs: Math.round(mountedMs),
    lcpMs: Math.round(lcpMs),
  };
}

const server = await ensurePlatform(root);
const browser = await launchChromium(root);
const results = [];
try {
  for (const route of ROUTES) results.push(await measure(browser, route));
} finally {
  await browser.close();
  server?.kill('SIGTERM');
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(
  'route                           remote           JS first paint   budget   JS total  files  requests  mounted  LCP    duplicates',
);
for (const r of results) {
  const budget = budgets.routes[r.route]?.maxGzipBytes;
  console.log(
    `${r.route.padEnd(32)}${r.remote.padEnd(19)}${kb(r.jsBytes).padStart(12)}  ${(budget ? kb(budget) : '-').padStart(8)}  ${kb(r.totalJsBytes).padStart(9)}  ${String(r.jsFiles).padStart(5)}  ${String(r.requests).padStart(8)}  ${`${r.mountedMs}ms`.padStart(7)}  ${`${r.lcpMs}ms`.padStart(6)} ${r.duplicates.length ? r.duplicates.join('; ') : 'none'}`,
  );
}
mkdirSync(join(root, '.bench'), { recursive: true });
writeFileSync(join(root, '.bench/bundle.json'), JSON.stringify({ measuredAt: new Date().toISOString(), results }, null, 2));
console.log('\nJSON: .bench/bundle.json');
