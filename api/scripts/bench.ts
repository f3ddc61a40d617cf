// Load benchmark (`pnpm bench:api`, through scripts/bench.sh, which builds api/dist and starts a
// throwaway PostgreSQL): GET /customers/upcomingsessions at BENCH_CONNECTIONS (100) for BENCH_DURATION
// (10) s on 127.0.0.1, against the built api in three set-ups, one after the other:
//   embedded        PGlite in memory, one process, load shedding on (HAVEN_LOAD_SHEDDING=on);
//   PostgreSQL ×1   production mode, one process;
//   PostgreSQL ×2   production mode, two processes behind a round-robin proxy.
// The client signs in once per set-up and adopts rotated credentials from response headers, as the web
// client does. Prints req/s, p50, p99, max and the status counts of each, then a table.
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts.js';
import {
  freshDatabase, productionEnv, removeFilesDir, roundRobinProxy, seedDemo, startApiProcess, stopApiProcess, type ApiProcess,
} from '../test-cluster/cluster.js';

interface AutocannonResult {
  requests: { average: number; total: number }; latency: { p50: number; p99: number; average: number; max: number };
  non2xx: number; errors: number; timeouts: number; statusCodeStats?: Record<string, { count: number }>;
}
type Autocannon = (opts: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
const ROUTE = '/api/v1/customers/upcomingsessions';
// Per-request log lines would be read by this process, on the same cores: warnings only.
const QUIET = { LOG_LEVEL: 'warn' };

interface Row { name: string; result: AutocannonResult; rotations: number }

async function load(name: string, base: string): Promise<Row> {
  const r = await fetch(`${base}/api/v1/auth/sign_in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'patient@haven.test', password: DEMO_PASSWORD }) });
  if (r.status !== 200) throw new Error(`${name}: sign-in answered ${r.status}`);
  const creds: Record<string, string> = { 'access-token': r.headers.get('access-token')!, client: r.headers.get('client')!, uid: r.headers.get('uid')! };
  let rotations = 0;
  const result = await autocannon({
    url: `${base}${ROUTE}`,
    connections,
    duration,
    requests: [{
      method: 'GET',
      setupRequest: (req: { headers?: Record<string, string> }) => ({ ...req, headers: { ...(req.headers ?? {}), ...creds } }),
      onResponse: (_status: number, _body: string, _ctx: unknown, headers: Record<string, string> | string[]) => {
        const h: Record<string, string> = {};
        if (Array.isArray(headers)) for (let i = 0; i < headers.length; i += 2) h[String(headers[i]).toLowerCase()] = String(headers[i + 1]);
        else if (headers) for (const [k, v] of Object.entries(headers)) h[k.toLowerCase()] = String(v);
        if (h['access-token']) { creds['access-token'] = h['access-token']; rotations++; }
      },
    }],
  });
  const codes = Object.entries(result.statusCodeStats ?? {}).map(([c, s]) => `${c}: ${s.count}`).join(', ');
  console.log(`${name}: GET ${ROUTE}, ${connections} connections, ${duration} s`);
  console.log(`  requests/s  ${result.requests.average.toFixed(0)}  (total ${result.requests.total})`);
  console.log(`  latency     p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   avg ${result.latency.average.toFixed(1)} ms   max ${result.latency.max} ms`);
  console.log(`  statuses    ${codes}   errors ${result.errors}   timeouts ${result.timeouts}   token rotations ${rotations}`);
  return { name, result, rotations };
}

async function withProcesses<T>(starts: Array<() => Promise<ApiProcess>>, fn: (procs: ApiProcess[]) => Promise<T>): Promise<T> {
  const procs = await Promise.all(starts.map((s) => s()));
  try {
    return await fn(procs);
  } finally {
    await Promise.all(procs.map(stopApiProcess));
  }
}

async function postgres(name: string, processes: number): Promise<Row> {
  const db = await freshDatabase('haven_bench');
  const env = productionEnv(db.url, QUIET);
  try {
    await seedDemo(env);
    return await withProcesses(Array.from({ length: processes }, () => () => startApiProcess(env)), async (procs) => {
      if (procs.length === 1) return load(name, procs[0]!.url);
      const proxy = await roundRobinProxy(procs.map((p) => p.url));
      try {
        return await load(name, proxy.url);
      } finally {
        await proxy.close();
      }
    });
  } finally {
    await db.drop();
    removeFilesDir(env);
  }
}

const rows: Row[] = [];
// Embedded: the development stage (demo world seeded in memory) with production's load shedding.
const embeddedEnv: NodeJS.ProcessEnv = { ...process.env, ...QUIET, HAVEN_LOAD_SHEDDING: 'on' };
delete embeddedEnv.DATABASE_URL;
rows.push(await withProcesses([() => startApiProcess(embeddedEnv, ['--stage', 'development', '--memory', '--realtime-port', '0', '--quiet'])], (p) => load('embedded (PGlite)', p[0]!.url)));
if (process.env.DATABASE_URL) {
  rows.push(await postgres('PostgreSQL ×1', 1));
  rows.push(await postgres('PostgreSQL ×2 (proxy)', 2));
} else {
  console.log('DATABASE_URL is not set: PostgreSQL set-ups skipped (run `pnpm bench:api`, which starts one)');
}

const count = (r: AutocannonResult, code: string) => r.statusCodeStats?.[code]?.count ?? 0;
// Figures from a machine shared with other work mean little without its load.
console.log(`\nmachine: ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(1)).join(' / ')} (1 / 5 / 15 min)`);
console.log(`| set-up (${connections} connections, ${duration} s) | req/s | p50 ms | p99 ms | max ms | 200 | 503 shed | other non-2xx | errors |`);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const { name, result: r } of rows) {
  const other = r.non2xx - count(r, '503');
  console.log(`| ${name} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} | ${r.latency.max} | ${count(r, '200')} | ${count(r, '503')} | ${other} | ${r.errors + r.timeouts} |`);
}
// Shed answers (503) are the design under overload; anything else failing is a failed run.
if (rows.some(({ result: r }) => r.non2xx - count(r, '503') > 0 || r.errors > 0 || r.timeouts > 0)) process.exitCode = 1;
