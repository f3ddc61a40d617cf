#!/usr/bin/env node
// Main-thread benchmark: cold-loads a route in Debian's chromium with the CPU slowed 4x (a
// cheap phone), records a CPU profile until the page has been idle for a while, and prints per run the
// script time, the long tasks' blocking time (the part of each task over 50 ms, as TBT counts it), and
// the medians; then the functions with the most time in the median run, named through the source maps
// (read from each app's dist-sourcemaps folder: production builds serve none).
// Timings vary from run to run on a shared machine: compare medians of the same run count, never assert.
//   node scripts/bench-cpu.mjs [--route /dashboard] [--runs 5] [--top 30] [--tasks]
// --tasks also lists the median run's long stretches of script (over 50 ms with no idle time between),
// each with the app functions nearest to where its time went: which step of the page to split or defer.
// Uses the running platform on :3000, or starts one. JSON in .bench/cpu.json.
/* global window */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { ROUTES, ensurePlatform, launchChromium, loadRoute } from './lib/route-scripts.mjs';
import { APPS } from './lib/runtime-config.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { SourceMapConsumer } = require('source-map');
const { sourceMapsDir } = require('../tooling/webpack.base.js');
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const ROUTE = option('--route', '/dashboard');
const RUNS = Number(option('--runs', 5));
const TOP = Number(option('--top', 30));
const TASKS = args.includes('--tasks');
const SETTLE_MS = 4000;
const route = ROUTES.find((r) => r.route === ROUTE);
if (!route) throw new Error(`--route must be one of ${ROUTES.map((r) => r.route).join(', ')}`);

async function profileOnce(browser) {
  let cdp;
  const { context, page } = await loadRoute(browser, route, {
    onPage: async (p) => {
      cdp = await p.context().newCDPSession(p);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      await p.addInitScript(() => {
        window.__hvLongTasks = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) window.__hvLongTasks.push(entry.duration);
        }).observe({ type: 'longtask', buffered: true });
      });
    },
  });
  await page.waitForTimeout(SETTLE_MS);
  const { profile } = await cdp.send('Profiler.stop');
  const longTasks = await page.evaluate(() => window.__hvLongTasks);
  await context.close();
  return { profile, longTasks };
}

/** Inclusive milliseconds per function (a function counted once per sample however deep it recurses). */
function inclusiveTimes(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const times = new Map();
  let scriptMs = 0;
  profile.samples.forEach((sampleId, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const leaf = byId.get(sampleId).callFrame.functionName;
    if (leaf !== '(idle)' && leaf !== '(program)' && leaf !== '(garbage collector)') scriptMs += ms;
    const seen = new Set();
    for (let id = sampleId; id; id = parent.get(id)) {
      const { callFrame } = byId.get(id);
      if (!callFrame.url) continue;
      const key = `${callFrame.url}|${callFrame.lineNumber}|${callFrame.columnNumber}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const entry = times.get(key) ?? { callFrame, ms: 0 };
      entry.ms += ms;
      times.set(key, entry);
    }
  });
  return { scriptMs, times };
}

/**
 * A served script's source map, read from the build's maps folder beside its dist (maps are never
 * served: tooling/webpack.base.js moves them out); null for a script of no local app.
 */
function sourceMapFile(url) {
  const { port, pathname } = new URL(url);
  const app = APPS.find((entry) => String(entry.port) === port)?.app;
  return app ? join(sourceMapsDir(join(root, app, 'dist')), `${decodeURIComponent(pathname).replace(/^\/+/, '')}.map`) : null;
}

const consumers = new Map();
async function originalName({ url, lineNumber, columnNumber, functionName }) {
  const mapFile = sourceMapFile(url.split('?')[0]);
  if (!consumers.has(mapFile)) {
    consumers.set(mapFile, mapFile && existsSync(mapFile) ? new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8'))) : null);
  }
  const consumer = consumers.get(mapFile);
  const position = consumer?.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
  if (!position?.source) return `${functionName || '(anonymous)'} ${url.replace(/^https?:\/\/[^/]+\//, '')}`;
  const source = position.source.replace(/^webpack:\/\/[^/]*\//, '').replace(/.*node_modules\//, '');
  return `${position.name ?? (functionName || '(anonymous)')} ${source}:${position.line}`;
}

/** The app's own frame nearest the sample's leaf (library frames above it are what it called). */
async function nearestAppFrame(nodeId, byId, parent) {
  let leaf = null;
  for (let id = nodeId; id; id = parent.get(id)) {
    const { callFrame } = byId.get(id);
    if (!callFrame.url) continue;
    const name = await originalName(callFrame);
    leaf ??= name;
    if (
      !/ (webpack\/|http|[^ ]*(react-dom|scheduler|axios|firebase|@module-federation|react-router|single-spa)[^ ]*:)/.test(
        ` ${name.split(' ').slice(1).join(' ')}`,
      )
    )
      return name;
  }
  return leaf ? `[library] ${leaf}` : '(native)';
}

async function printLongStretches(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const stretches = [];
  let current = null;
  let at = profile.startTime;
  profile.samples.forEach((sampleId, i) => {
    at += profile.timeDeltas[i] ?? 0;
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const leaf = byId.get(sampleId).callFrame.functionName;
    if (leaf === '(idle)' || leaf === '(program)') {
      if (current) stretches.push(current);
      current = null;
      return;
    }
    current ??= { startMs: (at - profile.startTime) / 1000, ms: 0, samples: [] };
    current.ms += ms;
    current.samples.push([sampleId, ms]);
  });
  if (current) stretches.push(current);
  console.log('\nlong stretches of script in the median run (ms since the profile began), with where their time went:');
  for (const stretch of stretches.filter((s) => s.ms > 50)) {
    const byFrame = new Map();
    for (const [sampleId, ms] of stretch.samples) {
      const frame = await nearestAppFrame(sampleId, byId, parent);
      byFrame.set(frame, (byFrame.get(frame) ?? 0) + ms);
    }
    console.log(`  at ${Math.round(stretch.startMs)}: ${Math.round(stretch.ms)} ms`);
    for (const [frame, ms] of [...byFrame].sort((a, b) => b[1] - a[1]).slice(0, 6)) console.log(`${ms.toFixed(1).padStart(10)}  ${frame}`);
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const server = await ensurePlatform(root);
const browser = await launchChromium(root);
const runs = [];
try {
  for (let run = 0; run < RUNS; run += 1) {
    const { profile, longTasks } = await profileOnce(browser);
    const { scriptMs, times } = inclusiveTimes(profile);
    const blockingMs = longTasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0);
    runs.push({ scriptMs: Math.round(scriptMs), blockingMs: Math.round(blockingMs), longTasks: longTasks.length, times, profile });
    console.log(
      `run ${run + 1}: script ${Math.round(scriptMs)} ms, blocking ${Math.round(blockingMs)} ms in ${longTasks.length} long tasks`,
    );
  }
  const medianRun = runs.find((r) => r.scriptMs === median(runs.map((x) => x.scriptMs)));
  console.log(
    `\n${ROUTE}, CPU 4x, ${RUNS} runs: median script ${median(runs.map((r) => r.scriptMs))} ms, median blocking ${median(runs.map((r) => r.blockingMs))} ms`,
  );
  console.log(`\nmost inclusive time in the median run (ms):`);
  const top = [...medianRun.times.values()].sort((a, b) => b.ms - a.ms).slice(0, TOP);
  const rows = [];
  for (const { callFrame, ms } of top) rows.push({ ms: Math.round(ms * 10) / 10, fn: await originalName(callFrame) });
  for (const row of rows) console.log(`${String(row.ms).padStart(8)}  ${row.fn}`);
  if (TASKS) await printLongStretches(medianRun.profile);
  mkdirSync(join(root, '.bench'), { recursive: true });
  writeFileSync(
    join(root, '.bench/cpu.json'),
    JSON.stringify(
      {
        measuredAt: new Date().toISOString(),
        route: ROUTE,
        cpuSlowdown: 4,
        runs: runs.map((r) => ({ scriptMs: r.scriptMs, blockingMs: r.blockingMs, longTasks: r.longTasks })),
        top: rows,
      },
      null,
      2,
    ),
  );
  console.log('\nJSON: .bench/cpu.json');
} finally {
  await browser.close();
  server?.kill('SIGTERM');
}
