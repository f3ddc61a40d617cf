#!/usr/bin/env node
// Which scripts each route fetches, one line per file: gzip bytes (what the budgets count), the bytes
// over the wire (body as sent + response headers, what Lighthouse's "JS transfer" adds up) and whether it
// was requested before the route's heading (first paint). The budget routes, a provider profile and the
// standalone session room (Lighthouse's pages). Finds what a route loads and does not need:
//   node scripts/route-files.mjs [--only /providers,/dashboard] [--json out.json]
// Starts its own platform (fails if the ports are taken): run it under `flock /tmp/haven-ports.lock`.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROUTES, ensurePlatform, gzipSize, launchChromium, loadRoute } from './lib/route-scripts.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : null);
const only = option('--only')?.split(',') ?? null;

async function profileRoute() {
  const response = await fetch('http://localhost:4000/api/v1/public/providers');
  const { data } = await response.json();
  return { route: `/provider/${encodeURIComponent(data[0].uuid)}/`, remote: 'mfe-booking', label: 'a provider profile' };
}

/** What went over the wire for each script: encoded body and response headers (Lighthouse's transferSize). */
function wireSizes(page) {
  const sizes = new Map();
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    sizes.set(
      request.url(),
      request.sizes().then(({ responseBodySize, responseHeadersSize }) => responseBodySize + responseHeadersSize),
    );
  });
  return sizes;
}

/** The standalone room (its own origin, what app webviews load): every script until the network is idle. */
async function standaloneRoom(browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const sizes = wireSizes(page);
  const bodies = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    bodies.push(
      request.response().then(async (r) => ({ url: request.url(), body: (await r?.body().catch(() => null)) ?? Buffer.alloc(0) })),
    );
  });
  await page.goto('http://localhost:3005/session-room/42/e30/website');
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(3000);
  const scripts = (await Promise.all(bodies)).map((s) => ({ ...s, firstPaint: true }));
  const wire = new Map(await Promise.all([...sizes].map(async ([url, size]) => [url, await size])));
  await context.close();
  return { scripts, wire };
}

const server = await ensurePlatform(root, { reuse: false });
const browser = await launchChromium(root);
const results = [];
try {
  const routes = [...ROUTES, await profileRoute(), { route: 'standalone room (:3005)', standalone: true }];
  for (const route of routes.filter((r) => !only || only.some((prefix) => r.route.startsWith(prefix)))) {
    let scripts;
    let wire;
    if (route.standalone) ({ scripts, wire } = await standaloneRoom(browser));
    else {
      let sizes;
      const loaded = await loadRoute(browser, route, { onPage: (page) => (sizes = wireSizes(page)) });
      await loaded.page.waitForTimeout(3000);
      scripts = loaded.scripts;
      wire = new Map(await Promise.all([...sizes].map(async ([url, size]) => [url, await size])));
      await loaded.context.close();
    }
    const files = scripts.map(({ url, body, firstPaint }) => ({
      url: url.replace(/^http:\/\/localhost:/, ':'),
      gzip: gzipSize(body),
      wire: wire.get(url) ?? 0,
      firstPaint,
    }));
    const sum = (list, key) => list.reduce((total, file) => total + file[key], 0);
    const first = files.filter((f) => f.firstPaint);
    const row = { route: route.route, firstGzip: sum(first, 'gzip'), totalGzip: sum(files, 'gzip'), wire: sum(files, 'wire'), files };
    results.push(row);
    console.log(
      `\n${row.route}: first paint ${row.firstGzip} B gzip (${first.length} files), total ${row.totalGzip} B gzip (${files.length} files), over the wire ${row.wire} B`,
    );
    for (const f of [...files].sort((a, b) => b.gzip - a.gzip)) {
      console.log(`  ${f.firstPaint ? 'P' : ' '} ${String(f.gzip).padStart(7)} ${String(f.wire).padStart(7)}  ${f.url}`);
    }
  }
} finally {
  await browser.close();
  server?.kill('SIGTERM');
}
console.log('\nroute                              first paint      total       wire  files');
for (const r of results)
  console.log(
    `${r.route.padEnd(34)} ${String(r.firstGzip).padStart(10)} ${String(r.totalGzip).padStart(10)} ${String(r.wire).padStart(10)}  ${r.files.length}`,
  );
if (option('--json')) writeFileSync(option('--json'), JSON.stringify(results, null, 2));
