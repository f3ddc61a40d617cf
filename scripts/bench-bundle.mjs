#!/usr/bin/env node
/* global window */
// Bundle benchmark: cold-loads each route in Debian's chromium and reports, per route, the JS bytes
// transferred (gzip, as sent), request count, any module fetched twice, LCP and the time until the
// route's remote has mounted. Table on stdout, JSON in .bench/bundle.json.
// Uses the running platform on :3000, or starts one (`platform.mjs serve --memory`) for the run.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { chromium } = await import(join(root, 'node_modules/@playwright/test/index.mjs'));

const ROUTES = [
  { route: '/auth/log-in/', remote: 'mfe-auth' },
  { route: '/', remote: 'mfe-booking' },
  { route: '/therapy-psychiatry/', remote: 'mfe-booking' },
  { route: '/dashboard', remote: 'mfe-dashboard' },
  { route: '/t-p', remote: 'mfe-partner' },
  { route: '/partnerdashboard', remote: 'mfe-partner' },
  { route: '/session-room/42/e30/website', remote: 'mfe-session-room' },
];
const BASE = 'http://localhost:3000';
const LOGIN_BUDGET_BYTES = 150 * 1024;

const listening = (port) =>
  new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => (socket.end(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

async function ensurePlatform() {
  if (await listening(3000)) return null;
  const child = spawn(process.execPath, [join(root, 'scripts/platform.mjs'), 'serve', '--memory', '--stage', 'test'], {
    cwd: root,
    stdio: 'ignore',
  });
  for (let i = 0; i < 300 && !(await listening(3000)); i += 1) await new Promise((r) => setTimeout(r, 200));
  return child;
}

async function measure(browser, { route, remote }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = [];
  let requests = 0;
  page.on('request', () => (requests += 1));
  page.on('requestfinished', async (request) => {
    if (request.resourceType() !== 'script') return;
    const response = await request.response();
    const sizes = await request.sizes().catch(() => null);
    const body = await response?.body().catch(() => null);
    scripts.push({
      url: request.url(),
      transferred: sizes ? sizes.responseBodySize + sizes.responseHeadersSize : 0,
      hash: body ? createHash('sha1').update(body).digest('hex') : request.url(),
    });
  });
  await page.addInitScript(() => {
    window.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto(BASE + route);
  await page.locator(`[data-app="${remote}"] h1`).waitFor({ timeout: 30_000 });
  const mountedMs = await page.evaluate(() => performance.now());
  await page.waitForLoadState('networkidle');
  const lcpMs = await page.evaluate(() => window.__lcp);
  await context.close();

  const seen = new Map();
  const duplicates = [];
  for (const script of scripts) {
    const key = script.hash;
    if (seen.has(key)) duplicates.push(`${seen.get(key)} == ${script.url}`);
    else seen.set(key, script.url);
  }
  return {
    route,
    remote,
    jsBytes: scripts.reduce((sum, script) => sum + script.transferred, 0),
    jsFiles: scripts.length,
    requests,
    duplicates,
    mountedMs: Math.round(mountedMs),
    lcpMs: Math.round(lcpMs),
  };
}

const server = await ensurePlatform();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const results = [];
try {
  for (const route of ROUTES) results.push(await measure(browser, route));
} finally {
  await browser.close();
  server?.kill('SIGTERM');
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log('route                           remote             JS (gzip)  files  requests  mounted  LCP    duplicates');
for (const r of results) {
  console.log(
    `${r.route.padEnd(32)}${r.remote.padEnd(19)}${kb(r.jsBytes).padStart(9)}  ${String(r.jsFiles).padStart(5)}  ${String(r.requests).padStart(8)}  ${`${r.mountedMs}ms`.padStart(7)}  ${`${r.lcpMs}ms`.padStart(6)} ${r.duplicates.length ? r.duplicates.join('; ') : 'none'}`,
  );
}
mkdirSync(join(root, '.bench'), { recursive: true });
writeFileSync(join(root, '.bench/bundle.json'), JSON.stringify({ measuredAt: new Date().toISOString(), results }, null, 2));
const login = results.find((r) => r.route === '/auth/log-in/');
console.log(`\nlog-in route: ${kb(login.jsBytes)} of gzip JS (budget ${kb(LOGIN_BUDGET_BYTES)}): ${login.jsBytes <= LOGIN_BUDGET_BYTES ? 'within budget' : 'OVER BUDGET'}`);
console.log('JSON: .bench/bundle.json');
