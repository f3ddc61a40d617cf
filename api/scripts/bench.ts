// Load benchmark: GET /customers/upcomingsessions at 100 connections for ~10 s against the api on
// PGlite (in memory), server in its own process. The benchmark client adopts rotated credentials from
// response headers, as the web client does. Prints req/s, p50, p99 and the status counts.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts.js';

interface AutocannonResult {
  requests: { average: number; total: number }; latency: { p50: number; p99: number; average: number; max: number };
  non2xx: number; errors: number; timeouts: number; statusCodeStats?: Record<string, { count: number }>;
}
type Autocannon = (opts: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', '--stage', 'development', '--memory', '--port', '0', '--realtime-port', '0', '--quiet'], { cwd: apiDir, stdio: ['ignore', 'pipe', 'inherit'] });
const base = await new Promise<string>((resolve, reject) => {
  let out = '';
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
    const m = /Haven api\s+(http:\/\/\S+)\/api\/v1/.exec(out);
    if (m) resolve(m[1]!.replace('localhost', '127.0.0.1'));
  });
  child.on('exit', (code) => reject(new Error(`api exited (${code})`)));
});

try {
  const r = await fetch(`${base}/api/v1/auth/sign_in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'patient@haven.test', password: DEMO_PASSWORD }) });
  const creds: Record<string, string> = { 'access-token': r.headers.get('access-token')!, client: r.headers.get('client')!, uid: r.headers.get('uid')! };
  let rotations = 0;
  const result = await autocannon({
    url: `${base}/api/v1/customers/upcomingsessions`,
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
  console.log(`GET /api/v1/customers/upcomingsessions, ${connections} connections, ${duration} s, PGlite in memory`);
  console.log(`  requests/s  ${result.requests.average.toFixed(0)}  (total ${result.requests.total})`);
  console.log(`  latency     p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   avg ${result.latency.average.toFixed(1)} ms   max ${result.latency.max} ms`);
  console.log(`  statuses    ${codes}   non-2xx ${result.non2xx}   errors ${result.errors}   timeouts ${result.timeouts}   token rotations ${rotations}`);
  if (result.non2xx > 0 || result.errors > 0) process.exitCode = 1;
} finally {
  child.kill('SIGTERM');
}
