#!/usr/bin/env node
// Lighthouse benchmark: builds the platform and a bare React 19 page (the floor), serves both,
// and runs Lighthouse (mobile, simulated throttling, 5 runs, medians) on /auth/log-in/, /, /providers,
// /dashboard signed in as the demo patient, a provider profile, the standalone session room (app webviews),
// and on the floor. Prints score, LCP, TBT, CLS, JS bytes and each route's ratio to the floor; JSON in
// .bench/lighthouse.json. Timings live here, never in tests.
//   node scripts/bench-lighthouse.mjs [--no-build] [--runs N] [--only /dashboard,/provider/] [--save-lhr]
//   (--only: the floor and the routes whose path starts with one of the prefixes; --save-lhr: every run's full
//   Lighthouse report in .bench/lhr/, for bootup-time, main-thread work and the LCP element)
// Holds the platform ports while it runs: start it under `flock /tmp/haven-ports.lock` on shared machines.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { CHROMIUM_ARGS, ensurePlatform, BASE } from './lib/route-scripts.mjs';
import { serveStatic } from './lib/static-server.mjs';
import { API_PORT } from './lib/runtime-config.mjs';

const API_BASE = `http://localhost:${API_PORT}/api/v1`;

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const args = process.argv.slice(2);
const RUNS = Number(args[args.indexOf('--runs') + 1]) || 5;
const ONLY = args.includes('--only') ? args[args.indexOf('--only') + 1].split(',') : null;
const SAVE_LHR = args.includes('--save-lhr');
const ALL_ROUTES = [
  { label: '/auth/log-in/', path: '/auth/log-in/' },
  { label: '/', path: '/' },
  { label: '/providers', path: '/providers' },
  { label: '/dashboard (demo patient)', path: '/dashboard', signedIn: 'patient@haven.test' },
  // The first public provider's profile (its address is read from the api when the run starts).
  { label: '/provider/<uuid>/ (a profile)', path: '/provider/', profile: true },
  // What the Android and iOS apps' webviews load: the session room's own page on its own origin.
  { label: 'session room, standalone (app webviews)', path: '/session-room/42/e30/website', origin: 'http://localhost:3005' },
];
const ROUTES = ONLY ? ALL_ROUTES.filter((route) => ONLY.some((prefix) => route.path.startsWith(prefix))) : ALL_ROUTES;

async function routeUrl({ path, profile, origin = BASE }) {
  if (!profile) return origin + path;
  const { data } = await (await fetch(`${API_BASE}/public/providers`)).json();
  return `${origin}${path}${encodeURIComponent(data[0].uuid)}/`;
}

function buildPlatform() {
  const result = spawnSync(process.execPath, [join(root, 'scripts/platform.mjs'), 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the platform build failed');
}

/** The floor page, built in this run with the same webpack, swc and react-dom as the platform. */
async function buildFloor() {
  const webpack = require('webpack');
  const HtmlWebpackPlugin = require('html-webpack-plugin');
  const out = join(root, '.bench/floor');
  const config = {
    mode: 'production',
    context: root,
    entry: join(root, 'scripts/bench/floor.js'),
    output: { path: out, filename: 'main.[contenthash:10].js', clean: true },
    resolve: { modules: [join(root, 'shared/node_modules'), 'node_modules'] },
    plugins: [
      new HtmlWebpackPlugin({
        templateContent:
          '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Floor</title></head><body><div id="root"></div></body></html>',
        scriptLoading: 'defer',
      }),
    ],
    stats: 'errors-warnings',
  };
  await new Promise((resolve, reject) =>
    webpack(config, (error, stats) => (error || stats.hasErrors() ? reject(error ?? new Error(stats.toString('errors-only'))) : resolve())),
  );
  return out;
}

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

async function main() {
  if (!args.includes('--no-build')) buildPlatform();
  const floorDir = await buildFloor();
  const floorServer = await serveStatic({ root: floorDir, port: 0 });
  const floorUrl = `http://127.0.0.1:${floorServer.address().port}/`;
  const platform = await ensurePlatform(root, { reuse: false });
  const { default: lighthouse } = await import('lighthouse');
  const { chromium } = await import(join(root, 'node_modules/@playwright/test/index.mjs'));
  const debuggingPort = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'haven-lighthouse-'));
  // A persistent context is the browser's default one, the one Lighthouse opens its tab in: a sign-in
  // done here is seen by Lighthouse (with storage reset off; the HTTP cache is cleared by hand instead).
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${debuggingPort}`],
  });
  const results = [];
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    const targets = [
      { label: 'bare React 19 page (floor)', url: floorUrl },
      ...(await Promise.all(ROUTES.map(async (route) => ({ ...route, url: await routeUrl(route) })))),
    ];
    for (const target of targets) {
      const runs = [];
      for (let run = 0; run < RUNS; run += 1) {
        // Signed in afresh before every run: a run may stop the page between a token rotation and its
        // storage, and the next run would measure the log-in page instead (seen: /dashboard runs ending
        // on / and /auth/log-in/).
        // Every run starts signed out: Lighthouse's own storage reset leaves local storage, so a route measured
        // after /dashboard was measured signed in (seen: a provider profile restoring the demo patient's session
        // and showing the boot frame instead of its picture).
        await cdp.send('Storage.clearDataForOrigin', { origin: BASE, storageTypes: 'all' });
        if (target.signedIn) {
          // From signed out, so the log-in form is there (a signed-in visitor is sent on).
          await page.goto(`${BASE}/auth/log-in/?redirectPath=%2Fdashboard`);
          const form = page.getByRole('form', { name: 'Log in with e-mail and password' });
          await form.getByLabel('E-mail').fill(target.signedIn);
          await form.getByLabel('Password', { exact: true }).fill('Haven#2026');
          await form.getByRole('button', { name: 'Log in' }).click();
          await page.waitForURL(/\/dashboard$/);
        }
        await page.goto('about:blank');
        await cdp.send('Network.clearBrowserCache');
        // The shell's service worker installs during the sign-in and would serve the run's
        // scripts from its cache: a cold run starts without it (local storage, the sign-in, stays).
        await cdp.send('Storage.clearDataForOrigin', { origin: BASE, storageTypes: 'service_workers,cache_storage' });
        const { lhr } = await lighthouse(target.url, {
          port: debuggingPort,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          // Keep the sign-in (localStorage); the cache was cleared above, so every run is cold.
          disableStorageReset: Boolean(target.signedIn),
        });
        if (SAVE_LHR) {
          const dir = join(root, '.bench/lhr');
          mkdirSync(dir, { recursive: true });
          writeFileSync(join(dir, `${target.label.replace(/[^a-z0-9]+/gi, '_')}-${run + 1}.json`), JSON.stringify(lhr));
        }
        const scripts = (lhr.audits['network-requests'].details?.items ?? []).filter((item) => item.resourceType === 'Script');
        runs.push({
          score: Math.round((lhr.categories.performance.score ?? 0) * 100),
          lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
          tbtMs: lhr.audits['total-blocking-time'].numericValue,
          cls: lhr.audits['cumulative-layout-shift'].numericValue,
          jsBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
          finalUrl: lhr.finalDisplayedUrl,
          // Where the blocking time came from (simulated durations, the script each task is attributed to).
          longTasks: (lhr.audits['long-tasks']?.details?.items ?? []).map((item) => ({
            url: item.url,
            startMs: Math.round(item.startTime),
            durationMs: Math.round(item.duration),
          })),
        });
      }
      const pick = (key) => median(runs.map((run) => run[key]));
      results.push({
        label: target.label,
        url: target.url,
        score: pick('score'),
        lcpMs: pick('lcpMs'),
        tbtMs: pick('tbtMs'),
        cls: pick('cls'),
        jsBytes: pick('jsBytes'),
        runs,
      });
      console.error(`[lighthouse] ${target.label}: done (${RUNS} runs)`);
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    floorServer.close();
    platform?.kill('SIGTERM');
  }

  const floor = results[0];
  const ratio = (value, base) => (base > 0 ? `${(value / base).toFixed(2)}x` : '-');
  const lines = [
    `Lighthouse ${require('lighthouse/package.json').version}, mobile, simulated throttling, median of ${RUNS} runs`,
    '',
    '| page | perf | LCP | TBT | CLS | JS (transfer) | LCP / floor | JS / floor |',
    '|---|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.label} | ${r.score} | ${(r.lcpMs / 1000).toFixed(2)} s | ${Math.round(r.tbtMs)} ms | ${r.cls.toFixed(3)} | ${(r.jsBytes / 1024).toFixed(1)} KB | ${ratio(r.lcpMs, floor.lcpMs)} | ${ratio(r.jsBytes, floor.jsBytes)} |`,
    ),
  ];
  console.log(lines.join('\n'));
  mkdirSync(join(root, '.bench'), { recursive: true });
  writeFileSync(
    join(root, '.bench/lighthouse.json'),
    JSON.stringify({ measuredAt: new Date().toISOString(), runs: RUNS, results }, null, 2),
  );
  console.log('\nJSON: .bench/lighthouse.json');
}

main().catch((error) => {
  console.error(`[bench:lighthouse] ${error.stack ?? error}`);
  process.exit(1);
});
