// Load benchmark (`pnpm bench:api`, through scripts/bench.sh, which builds api/dist and starts a
// throwaway PostgreSQL): GET /customers/upcomingsessions at BENCH_CONNECTIONS (100) for BENCH_DURATION
// (10) s on 127.0.0.1, against the built api in three set-ups, one after the other:
//   embedded        PGlite in memory, one process, load shedding on (HAVEN_LOAD_SHEDDING=on);
//   PostgreSQL ×1   production mode (shedding on), one process;
//   PostgreSQL ×2   production mode, two processes behind a round-robin proxy in a process of its own.
// Each part runs in its own process: this one only generates load (autocannon), so the proxy and the
// api never share its event loop. The client signs in once per set-up and adopts rotated credentials
// from response headers, as the web client does.
// Reported per set-up: req/s served (200) and shed (503); p50, p99 and max of the served answers; the
// max of all answers (shed ones included: the embedded target is about every request); CPU time per
// served request of each part (api, PostgreSQL, proxy, load generator), read from /proc, so that a run
// on a shared machine can be read. BENCH_CPU_PROF=<dir> writes a V8 CPU profile of each api process.
// Targets: p99 ≤ 50 ms on PostgreSQL; on the embedded database no request over 1 s.
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import type { EventEmitter } from 'node:events';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts.js';
import {
  freshDatabase,
  productionEnv,
  removeFilesDir,
  seedDemo,
  startApiProcess,
  startProxyProcess,
  stopApiProcess,
  type ApiProcess,
} from '../test-cluster/cluster.js';
import { postmasterPid, processCpuMs, treeCpuMs } from '../test-cluster/cpu-time.js';

interface AutocannonResult {
  errors: number;
  timeouts: number;
  duration: number;
  statusCodeStats?: Record<string, { count: number }>;
}
type Autocannon = (opts: Record<string, unknown>, cb: (err: Error | null, r: AutocannonResult) => void) => EventEmitter;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
const ROUTE = '/api/v1/customers/upcomingsessions';
// Per-request log lines would be read by this process, on the same cores: warnings only.
const QUIET = { LOG_LEVEL: 'warn' };
const PROFILE_DIR = process.env.BENCH_CPU_PROF;
const TARGET_PG_P99_MS = 50;
const TARGET_EMBEDDED_MAX_MS = 1000;

interface Cpu {
  api: number;
  db: number;
  proxy: number;
  load: number;
}
interface Row {
  name: string;
  served: number;
  shed: number;
  other: number;
  errors: number;
  seconds: number;
  rotations: number;
  p50: number;
  p99: number;
  max: number;
  maxAll: number;
  cpu: Cpu;
}

/** The q-quantile of sorted values (nearest rank). */
export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** CPU ms of each part so far; `cpuSince` gives the difference. */
function cpuNow(api: ApiProcess[], proxyPid: number | null, dbPid: number | null): Cpu {
  const own = process.cpuUsage();
  return {
    api: api.reduce((s, p) => s + processCpuMs(p.child.pid!), 0),
    db: dbPid ? treeCpuMs(dbPid) : 0,
    proxy: proxyPid ? processCpuMs(proxyPid) : 0,
    load: (own.user + own.system) / 1000,
  };
}

async function load(name: string, base: string, api: ApiProcess[], proxyPid: number | null, dbPid: number | null): Promise<Row> {
  const r = await fetch(`${base}/api/v1/auth/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'patient@haven.test', password: DEMO_PASSWORD }),
  });
  if (r.status !== 200) throw new Error(`${name}: sign-in answered ${r.status}`);
  const creds: Record<string, string> = {
    'access-token': r.headers.get('access-token')!,
    client: r.headers.get('client')!,
    uid: r.headers.get('uid')!,
  };
  let rotations = 0;
  const served: number[] = [];
  let maxAll = 0;
  const cpu0 = cpuNow(api, proxyPid, dbPid);
  const result = await new Promise<AutocannonResult>((resolve, reject) => {
    const tracker = autocannon(
      {
        url: `${base}${ROUTE}`,
        connections,
        duration,
        requests: [
          {
            method: 'GET',
            setupRequest: (req: { headers?: Record<string, string> }) => ({ ...req, headers: { ...(req.headers ?? {}), ...creds } }),
            onResponse: (_status: number, _body: string, _ctx: unknown, headers: Record<string, string> | string[]) => {
              const h: Record<string, string> = {};
              if (Array.isArray(headers))
                for (let i = 0; i < headers.length; i += 2) h[String(headers[i]).toLowerCase()] = String(headers[i + 1]);
              else if (headers) for (const [k, v] of Object.entries(headers)) h[k.toLowerCase()] = String(v);
              if (h['access-token']) {
                creds['access-token'] = h['access-token'];
                rotations++;
              }
            },
          },
        ],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    // Served and shed answers apart: a quick 503 must not improve the served percentiles.
    tracker.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
      if (ms > maxAll) maxAll = ms;
      if (status === 200) served.push(ms);
    });
  });
  const cpu1 = cpuNow(api, proxyPid, dbPid);
  served.sort((a, b) => a - b);
  const count = (code: string) => result.statusCodeStats?.[code]?.count ?? 0;
  const all = Object.values(result.statusCodeStats ?? {}).reduce((s, c) => s + c.count, 0);
  const per = (k: keyof Cpu) => (served.length ? (cpu1[k] - cpu0[k]) / served.length : NaN);
  const row: Row = {
    name,
    served: count('200'),
    shed: count('503'),
    other: all - count('200') - count('503'),
    errors: result.errors + result.timeouts,
    seconds: result.duration || duration,
    rotations,
    p50: quantile(served, 0.5),
    p99: quantile(served, 0.99),
    max: served.at(-1) ?? NaN,
    maxAll,
    cpu: { api: per('api'), db: per('db'), proxy: per('proxy'), load: per('load') },
  };
  const codes = Object.entries(result.statusCodeStats ?? {})
    .map(([c, s]) => `${c}: ${s.count}`)
    .join(', ');
  console.log(`${name}: GET ${ROUTE}, ${connections} connections, ${duration} s`);
  console.log(
    `  served      ${(row.served / row.seconds).toFixed(0)} req/s   shed ${(row.shed / row.seconds).toFixed(0)} req/s (${pct(row.shed, all)} of answers)`,
  );
  console.log(`  served ms   p50 ${f(row.p50)}   p99 ${f(row.p99)}   max ${f(row.max)}   (max of all answers ${f(row.maxAll)})`);
  console.log(`  statuses    ${codes}   errors ${result.errors}   timeouts ${result.timeouts}   token rotations ${rotations}`);
  console.log(
    `  CPU ms per served request   api ${f(row.cpu.api, 2)}   PostgreSQL ${f(row.cpu.db, 2)}   proxy ${f(row.cpu.proxy, 2)}   load generator ${f(row.cpu.load, 2)}`,
  );
  return row;
}
const f = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '–');
const pct = (n: number, of: number) => (of ? `${((100 * n) / of).toFixed(1)}%` : '–');

async function withProcesses<T>(starts: Array<() => Promise<ApiProcess>>, fn: (procs: ApiProcess[]) => Promise<T>): Promise<T> {
  const procs = await Promise.all(starts.map((s) => s()));
  try {
    return await fn(procs);
  } finally {
    await Promise.all(procs.map(stopApiProcess));
  }
}

const nodeArgs = (tag: string) => (PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}/${tag}`] : []);

async function postgres(name: string, processes: number): Promise<Row> {
  const db = await freshDatabase('haven_bench');
  const env = productionEnv(db.url, QUIET);
  try {
    await seedDemo(env);
    return await withProcesses(
      Array.from({ length: processes }, () => () => startApiProcess(env, [], nodeArgs(`pg${processes}`))),
      async (procs) => {
        if (procs.length === 1) return load(name, procs[0]!.url, procs, null, postmasterPid());
        const proxy = await startProxyProcess(procs.map((p) => p.url));
        try {
          return await load(name, proxy.url, procs, proxy.child.pid!, postmasterPid());
        } finally {
          await proxy.stop();
        }
      },
    );
  } finally {
    await db.drop();
    removeFilesDir(env);
  }
}

const rows: Row[] = [];
// Embedded: the development stage (demo world seeded in memory) with production's load shedding.
const embeddedEnv: NodeJS.ProcessEnv = { ...process.env, ...QUIET, HAVEN_LOAD_SHEDDING: 'on' };
delete embeddedEnv.DATABASE_URL;
rows.push(
  await withProcesses(
    [() => startApiProcess(embeddedEnv, ['--stage', 'development', '--memory', '--realtime-port', '0', '--quiet'], nodeArgs('embedded'))],
    (p) => load('embedded (PGlite)', p[0]!.url, p, null, null),
  ),
);
if (process.env.DATABASE_URL) {
  rows.push(await postgres('PostgreSQL ×1', 1));
  rows.push(await postgres('PostgreSQL ×2 (proxy process)', 2));
} else {
  console.log('DATABASE_URL is not set: PostgreSQL set-ups skipped (run `pnpm bench:api`, which starts one)');
}

// Figures from a machine shared with other work mean little without its load.
console.log(
  `\nmachine: ${cpus().length} cores, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')} (1 / 5 / 15 min) at the end`,
);
console.log(
  `| set-up (${connections} connections, ${duration} s) | served req/s | p50 ms | p99 ms | max ms | shed (503) | max ms, all answers | CPU ms per served req: api / PostgreSQL / proxy / load gen. | target |`,
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  const embedded = r.name.startsWith('embedded');
  const target = embedded
    ? `max of all ≤ ${TARGET_EMBEDDED_MAX_MS}: ${r.maxAll <= TARGET_EMBEDDED_MAX_MS ? 'met' : 'not met'}`
    : `p99 ≤ ${TARGET_PG_P99_MS}: ${r.p99 <= TARGET_PG_P99_MS ? 'met' : `not met (×${(r.p99 / TARGET_PG_P99_MS).toFixed(1)})`}`;
  const cpu = [r.cpu.api, r.cpu.db, r.cpu.proxy, r.cpu.load].map((c) => (c ? f(c, 2) : '–')).join(' / ');
  const total = r.served + r.shed + r.other;
  console.log(
    `| ${r.name} | ${f(r.served / r.seconds)} | ${f(r.p50)} | ${f(r.p99)} | ${f(r.max)} | ${pct(r.shed, total)} (${r.shed}) | ${f(r.maxAll)} | ${cpu} | ${target} |`,
  );
}
// Shed answers (503) are the design under overload; anything else failing is a failed run.
if (rows.some((r) => r.other > 0 || r.errors > 0)) process.exitCode = 1;
