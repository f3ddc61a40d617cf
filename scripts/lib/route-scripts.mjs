// What JavaScript a cold load of a route fetches, measured in Debian's chromium against the served
// production build. Shared by the bundle benchmark and the bundle budget check (scripts/check-budgets.mjs).
// Byte counts are deterministic: each script body is gzipped here at a fixed level (what the static
// server sends), not read from the wire, so headers and timing never change a figure.
/* global window, document, MutationObserver -- page.addInitScript runs its function in the browser */
import { spawn } from 'node:child_process';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { gzipSync, constants } from 'node:zlib';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
export const BASE = 'http://localhost:3000';
const API = 'http://localhost:4000/api/v1';
const DEMO_PASSWORD = 'Haven#2026';

/** Signs in through the api; the credentials the log-in page would store under `@Token:`. */
async function storedCredentials(email) {
  const response = await fetch(`${API}/auth/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in as ${email} for the measurement failed: ${response.status}`);
  const h = response.headers;
  return JSON.stringify({ 'access-token': h.get('access-token'), client: h.get('client'), uid: h.get('uid'), expiry: h.get('expiry') });
}

/**
 * The routes every budget and benchmark covers, with the remote whose h1 says the route has mounted.
 * Signed-in pages are measured signed in (as the demo patient): a visitor is sent to log-in from them.
 */
export const ROUTES = [
  { route: '/auth/log-in/', remote: 'mfe-auth' },
  { route: '/', remote: 'mfe-booking' },
  { route: '/therapy-psychiatry/', remote: 'mfe-booking' },
  { route: '/providers', remote: 'mfe-booking' },
  { route: '/dashboard', remote: 'mfe-dashboard', signedIn: 'patient@haven.test' },
  { route: '/t-p', remote: 'mfe-partner' },
  // The card dashboard is for a signed-in employee of a partner whose flag is on.
  { route: '/partnerdashboard', remote: 'mfe-partner', signedIn: 'employee@acme.test' },
  { route: '/session-room/42/e30/website', remote: 'mfe-session-room' },
  { route: '/no-such-page', remote: 'shell' },
];

export const gzipSize = (buffer) => gzipSync(buffer, { level: constants.Z_DEFAULT_COMPRESSION }).length;

const listening = (port) =>
  new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => (socket.end(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

/**
 * Serves the build (fresh in-memory api, stage test) for the run; with `reuse`, uses a platform already
 * on :3000 instead. Without it, taken ports are an error (platform.mjs says which).
 */
export async function ensurePlatform(root, { reuse = true } = {}) {
  if (reuse && (await listening(3000))) return null;
  const child = spawn(process.execPath, [join(root, 'scripts/platform.mjs'), 'serve', '--memory', '--stage', 'test'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  // A script that fails after this (e.g. no browser) must not leave the servers holding the ports.
  process.once('exit', () => child.kill('SIGTERM'));
  for (let i = 0; i < 300 && !exited && !(await listening(3000)); i += 1) await new Promise((r) => setTimeout(r, 200));
  if (exited) throw new Error('the platform could not start (see above)');
  if (!(await listening(3000))) throw new Error('the platform did not start on :3000');
  return child;
}

export async function launchChromium(root) {
  const { chromium } = await import(join(root, 'node_modules/@playwright/test/index.mjs'));
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/**
 * Cold-loads `route` in a fresh context and waits until its remote's h1 is shown and the network is idle.
 * Returns every script fetched (url, body, firstPaint) in request order, plus the page for further
 * measurements. `firstPaint` says the script was requested before the route's heading was in the page
 * (the first paint's critical path, what the budgets hold); the rest (e.g. the realtime client a restored
 * session starts after the page has painted) is counted in the route's total.
 */
export async function loadRoute(browser, { route, remote, signedIn }, { contextOptions = {}, onPage } = {}) {
  const context = await browser.newContext(contextOptions);
  const page = await context.newPage();
  if (signedIn) {
    await page.addInitScript(
      (stored) => {
        if (!window.localStorage.getItem('@Token:')) window.localStorage.setItem('@Token:', stored);
      },
      await storedCredentials(signedIn),
    );
  }
  const scripts = [];
  let requests = 0;
  page.on('request', () => (requests += 1));
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    scripts.push(
      request
        .response()
        .then((response) => response?.body())
        // A worker's script (the ICU warm-up) loses its body with the worker's target when it closes:
        // the same file again from the server, so its bytes still count.
        .catch(() => fetch(request.url()).then(async (response) => Buffer.from(await response.arrayBuffer())))
        .then((body) => ({ url: request.url(), body: body ?? Buffer.alloc(0) })),
    );
  });
  // The live page's heading: a prerendered route's HTML already shows the same heading in its snapshot
  // (whose containers' ids are prefixed), before any script; what is counted is what the live page needs.
  const heading = `#hv-app [data-app="${remote}"] h1`;
  // The moment the heading enters the page, from inside it (a MutationObserver runs before any later task).
  // On a prerendered page the live page renders offstage (out of the document) and takes the picture's place
  // once it is ready: the signed-in home's skeleton only once its data is there. The live containers are
  // watched too (an observer keeps seeing a subtree taken out of the document), so what is counted is what
  // the live page needs for its heading, not what it loads before it takes over.
  await page.addInitScript((selector) => {
    let live = null;
    const observer = new MutationObserver(() => {
      if (!live && document.getElementById('hv-live')) {
        live = document.getElementById('hv-live');
        observer.observe(live, { childList: true, subtree: true });
      }
      if (!document.querySelector(selector) && !live?.querySelector(selector)) return;
      window.__hvHeadingAt = performance.now();
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  }, heading);
  if (onPage) await onPage(page);
  await page.goto(BASE + route);
  await page.locator(heading).first().waitFor({ timeout: 30_000 });
  const mountedMs = await page.evaluate(() => performance.now());
  await page.waitForLoadState('networkidle');
  const headingAt = await page.evaluate(() => window.__hvHeadingAt ?? performance.now());
  const startedBeforeHeading = new Set(
    await page.evaluate(
      (at) =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => entry.startTime <= at)
          .map((entry) => entry.name),
      headingAt,
    ),
  );
  const fetched = (await Promise.all(scripts)).map((script) => ({ ...script, firstPaint: startedBeforeHeading.has(script.url) }));
  return { context, page, scripts: fetched, requests, mountedMs };
}

/** Source files a script was built from (its source map), for the "each module once" check. */
export async function sourcesOf(url) {
  const response = await fetch(`${url.split('?')[0]}.map`);
  if (!response.ok) return [];
  const map = await response.json();
  return (map.sources ?? []).map((source) => source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^\.\//, ''));
}

/**
 * Glue every build carries by design and that cannot be shared: webpack's runtime, the federation
 * bundler runtime bound to it (one per build; runtime-core itself, the federation runtime, is provided
 * once by the shell and counted), and the style/css-loader helpers.
 */
const PER_BUILD_RUNTIME = [
  /^webpack\//,
  /\(webpack\)/,
  /@module-federation\/(webpack-bundler-runtime|sdk|error-codes|runtime)\/dist\//,
  /\/(style-loader|css-loader)\/dist\/runtime\//,
];
export const isPerBuildRuntime = (source) => PER_BUILD_RUNTIME.some((pattern) => pattern.test(source));

/** Modules (source files) present in more than one fetched script, and files fetched twice. */
export async function duplicatesOf(scripts) {
  const owner = new Map();
  const duplicates = [];
  const bodies = new Map();
  for (const { url, body } of scripts) {
    const key = gzipSize(body) + ':' + body.length + ':' + body.subarray(0, 256).toString('hex');
    if (bodies.has(key)) duplicates.push(`${url} is the same file as ${bodies.get(key)}`);
    else bodies.set(key, url);
    for (const source of await sourcesOf(url)) {
      if (isPerBuildRuntime(source)) continue;
      if (owner.has(source) && owner.get(source) !== url) duplicates.push(`${source} in ${owner.get(source)} and ${url}`);
      else owner.set(source, url);
    }
  }
  return duplicates;
}
