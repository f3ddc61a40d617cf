#!/usr/bin/env node
// The one entry that builds and runs the whole platform on one machine.
//   start  install what is missing, build every app, serve shell + 5 remotes + api + realtime; print the URL
//   serve  serve existing builds (the browser suite uses it); --memory for a fresh in-memory database
//          (with any command) --turn: a local TURN relay (Debian's coturn) whose credentials the api mints
//   serve-releases  the production-like origin: the shell + every promoted release under /remotes/ on
//          one port (:3000), the runtime config from releases/config.json (--dir another folder); + api
//   build  build every app
//   dev    rebuild on change (development mode) and serve
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDependencies } from './lib/ensure.mjs';
import { coturnInstalled, turnRelayArgs } from './lib/turn-relay.mjs';
import { APPS, API_PORT, REALTIME_PORT, localRuntimeConfig } from './lib/runtime-config.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [command = 'start', ...flags] = process.argv.slice(2);
const flag = (name) => flags.includes(`--${name}`);
const option = (name, fallback) => {
  const index = flags.indexOf(`--${name}`);
  return index >= 0 && flags[index + 1] ? flags[index + 1] : fallback;
};
const children = [];

function run(cmd, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited with ${code}`))));
  });
}

/**
 * Starts a part of the platform. A part that dies is named; with `restart` (the api, which supervises
 * the realtime server itself) it is started again, up to 5 times a minute; otherwise, past that, or
 * when it refused its configuration, everything stops rather than half-run.
 */
function startChild(cmd, args, { name = args.join(' '), restart = false, ...options } = {}) {
  const deaths = [];
  const launch = () => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', ...options });
    children.push(child);
    child.on('exit', (code, signal) => {
      children.splice(children.indexOf(child), 1);
      if (shuttingDown) return;
      const now = Date.now();
      deaths.push(now);
      while (deaths.length > 0 && now - deaths[0] > 60_000) deaths.shift();
      // 78: the api refused its configuration (e.g. a production stage without secrets); retrying cannot help.
      if (restart && code !== 78 && deaths.length <= 5) {
        console.error(`[platform] ${name} (pid ${child.pid}) died (${signal ?? `exit ${code}`}); restarting it`);
        setTimeout(launch, 500);
      } else {
        console.error(
          `[platform] ${name} (pid ${child.pid}) died (${signal ?? `exit ${code}`})${restart ? ' 6 times within a minute' : ''}; stopping everything`,
        );
        shutdown(1);
      }
    });
    return child;
  };
  return launch();
}

function waitForPort(port, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = createConnection({ port, host: '127.0.0.1' });
      socket.once('connect', () => {
        socket.end();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`nothing listens on port ${port} after ${timeoutMs} ms`));
        else setTimeout(attempt, 200);
      });
    };
    attempt();
  });
}

let shuttingDown = false;
function shutdown(code = 0) {
  if (shuttingDown) return;
  shuttingDown = true;
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code; // a failed build exits non-zero even when nothing is left to stop
  setTimeout(() => process.exit(code), 500).unref();
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

async function build(mode = 'production') {
  console.log(`[platform] building shell and remotes (${mode})`);
  await run(join(root, 'node_modules/.bin/webpack'), ['--mode', mode]);
  // Every public route painted as HTML from this build, in Chromium (skipped, with a notice, without it).
  await run(process.execPath, ['--import', 'tsx', '../scripts/prerender-snapshots.mjs'], { cwd: join(root, 'api') });
  await prerenderPublicPages({ snapshotsTaken: existsSync(join(root, 'shell/dist/prerendered/providers/index.html')) });
}

/**
 * sitemap.xml and robots.txt, and, where the snapshot step had no Chromium, the provider list and profiles as
 * plain HTML pages for search engines (docs/public-profiles.md).
 */
async function prerenderPublicPages({ snapshotsTaken }) {
  const site = localRuntimeConfig().siteBaseUrl;
  await run(
    process.execPath,
    [
      '--import',
      'tsx',
      '../shared/build/prerender/prerender-public.ts',
      '--out',
      join(root, 'shell/dist'),
      '--site',
      site,
      ...(snapshotsTaken ? ['--sitemap-only'] : []),
    ],
    { cwd: join(root, 'api') },
  );
}

/** Starts webpack in watch mode; resolves once its first build has reported on every app. */
function startWatcher() {
  const child = startChild(join(root, 'node_modules/.bin/webpack'), ['--mode', 'development', '--watch'], {
    name: 'webpack watcher',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve) => {
    const reported = new Set();
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      for (const match of String(chunk).matchAll(/^\s*([\w-]+) compiled/gm)) reported.add(match[1]);
      if (APPS.every(({ app }) => reported.has(app))) resolve();
    });
  });
}

async function serveApps({ stage }) {
  const { serveStatic } = await import('./lib/static-server.mjs');
  const { isKnownPath } = await import('../shell/src/routing/route-ownership.mjs');
  const config = localRuntimeConfig({ stage });
  for (const { app, port } of APPS) {
    const dist = join(root, app, 'dist');
    if (!existsSync(join(dist, 'index.html'))) throw new Error(`${app} is not built: run \`npm run build\` first`);
    // The shell knows every route (its route table): other paths are answered 404.
    const isKnownRoute = app === 'shell' ? isKnownPath : undefined;
    await serveStatic({ root: dist, port, runtimeConfig: () => config, isKnownRoute });
  }
}

async function startApi({ memory, stage, turn }) {
  await assertPortsFree();
  const args = ['--import', 'tsx', 'src/main.ts', '--port', String(API_PORT), '--realtime-port', String(REALTIME_PORT)];
  if (memory) args.push('--memory');
  const relay = turn ? await startTurnRelay() : {};
  const env = { ...process.env, ...relay, HAVEN_STAGE: stage };
  startChild(process.execPath, args, { name: 'api', restart: true, cwd: join(root, 'api'), env });
  await Promise.all([waitForPort(API_PORT), waitForPort(REALTIME_PORT)]);
}

/**
 * A TURN relay on 127.0.0.1 (Debian's coturn, shared-secret credentials) for a call that must go through
 * one: a free port, a secret made for this run, and the api's HAVEN_TURN_URLS/SECRET naming them. Every
 * non-public peer is refused as in production, but the relay's own allocation address (127.0.0.2), where
 * both browsers of a one-machine test relay to each other. Without coturn:
 * no relay, said once (the relay test skips itself then).
 */
async function startTurnRelay() {
  if (!coturnInstalled()) {
    console.warn("[platform] --turn: coturn's turnserver is not installed (apt-get install coturn): no TURN relay");
    return {};
  }
  const port = await freePort();
  const secret = randomBytes(24).toString('hex');
  const dir = mkdtempSync(join(tmpdir(), 'haven-turn-'));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  const args = turnRelayArgs({ port, secret, dir });
  startChild('turnserver', args, { name: 'turn relay', restart: true });
  await waitForPort(port);
  return { HAVEN_TURN_URLS: `turn:127.0.0.1:${port}`, HAVEN_TURN_SECRET: secret };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** One origin, as a CDN serves it: the shell at `/`, releases at `/remotes/<remote>/<version>/`. */
async function serveReleaseOrigin({ dir }) {
  const { serveReleases } = await import('./lib/releases.mjs');
  await serveReleases({ releasesDir: dir ? resolve(dir) : undefined, port: APPS[0].port });
}

function printWelcome() {
  console.log(
    [
      '',
      'Haven is running:',
      `  open the app      http://localhost:${APPS[0].port}/`,
      ...APPS.slice(1).map(({ app, port }) => `  ${app.padEnd(17)} http://localhost:${port}/ (standalone)`),
      `  api               http://localhost:${API_PORT}/api/v1`,
      `  realtime db       http://localhost:${REALTIME_PORT}`,
      '',
      'Demo log-ins: listed above by the api (all use the password shown there; see api/README.md).',
      'Stop with Ctrl+C.',
    ].join('\n'),
  );
}

/** A port already taken would make us talk to someone else's server: fail early and say which. */
async function assertPortsFree() {
  const ports = [...APPS.map(({ port }) => port), API_PORT, REALTIME_PORT];
  const busy = [];
  for (const port of ports) if (await isListening(port)) busy.push(port);
  if (busy.length > 0) throw new Error(`port(s) ${busy.join(', ')} already in use: stop the other Haven (or server) first`);
}

function isListening(port) {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function main() {
  const stage = option('stage', 'development');
  switch (command) {
    case 'build':
      ensureDependencies(root);
      await build();
      return;
    case 'start':
      ensureDependencies(root);
      await build();
      await startApi({ memory: flag('memory'), stage, turn: flag('turn') });
      await serveApps({ stage });
      printWelcome();
      return;
    case 'serve':
      await startApi({ memory: flag('memory'), stage, turn: flag('turn') });
      await serveApps({ stage });
      console.log(`[platform] serving on http://localhost:${APPS[0].port}/`);
      return;
    case 'serve-releases':
      await startApi({ memory: flag('memory'), stage, turn: flag('turn') });
      await serveReleaseOrigin({ dir: option('dir') });
      console.log(`[platform] the shell and the promoted releases on http://localhost:${APPS[0].port}/ (one origin)`);
      return;
    case 'dev':
      ensureDependencies(root);
      await startWatcher();
      await startApi({ memory: flag('memory'), stage, turn: flag('turn') });
      await serveApps({ stage });
      printWelcome();
      return;
    default:
      console.error(`unknown command ${command}; use start, serve, serve-releases, build or dev`);
      process.exit(2);
  }
}

main().catch((error) => {
  console.error(`[platform] ${error.message}`);
  shutdown(1);
});
