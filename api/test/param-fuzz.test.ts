// Parameter fuzzer: every route of the OpenAPI document the api serves, every path and query parameter,
// hostile values (signed in as a demo patient, so authenticated routes reach their handlers) -> no 5xx
// and the server alive at the end. Bounded: a fixed list of values, 4 requests at a time, 127.0.0.1.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { as, serverPerFile, call, signIn, type Session, type TestServer } from './helpers.js';

let srv: TestServer;
const server = serverPerFile();
before(async () => {
  srv = await server();
});

const HOSTILE = [
  '',
  '0',
  '-1',
  '1.5',
  '99999999999999999999',
  '1e309',
  'NaN',
  'null',
  '[]',
  '../../etc/passwd',
  '%00',
  '%',
  "' OR 1=1--",
  '<script>alert(1)</script>',
  '😀',
  '\u0000',
  'a'.repeat(300),
  '00000000-0000-0000-0000-000000000000',
  '2026-02-30',
  '__proto__',
];
/** Values already URL-encoded on purpose (broken escapes), sent as they are. */
const RAW = new Set(['%00', '%']);
const enc = (v: string) => (RAW.has(v) ? v : encodeURIComponent(v));

interface Param {
  name: string;
  in: string;
  schema?: { type?: string; format?: string; enum?: unknown[]; pattern?: string };
}
interface Op {
  parameters?: Param[];
  security?: unknown[];
}
/** A plausible value for the parameters not under attack. */
function plausible(p: Param): string {
  const s = p.schema ?? {};
  if (s.enum?.length) return String(s.enum[0]);
  if (s.format === 'uuid') return '6f1c2d3e-4a5b-4c6d-8e7f-a1b2c3d4e5f6';
  if (s.format === 'date') return '2030-01-01';
  if (s.type === 'integer' || s.type === 'number') return '1';
  if (s.type === 'boolean') return 'true';
  return 'acme';
}

// A generous time-out: ~2 000 requests, and the machine may be shared.
test('hostile path and query parameters on every route: no 5xx, server alive', { timeout: 240_000 }, async () => {
  const doc = (await call(`${srv.url}/openapi.json`)).body as { paths: Record<string, Record<string, Op>> };
  let session: Session = await signIn(srv.api, 'patient@haven.test');
  const jobs: Array<{ method: string; url: string; label: string }> = [];
  // Sign-out/log-out routes last: they end the session the other calls use.
  const paths = Object.entries(doc.paths).sort(([a], [b]) => Number(/logout|sign_out/.test(a)) - Number(/logout|sign_out/.test(b)));
  for (const [p, ops] of paths) {
    for (const [method, op] of Object.entries(ops)) {
      const params = (op.parameters ?? []).filter((x) => x.in === 'path' || x.in === 'query');
      const targets = params.length > 0 ? params : [{ name: 'page', in: 'query' } as Param]; // unknown query parameters too
      for (const target of targets) {
        for (const v of HOSTILE) {
          let url = p;
          const query: string[] = [];
          for (const x of params) {
            const value = x === target ? enc(v) : encodeURIComponent(plausible(x));
            if (x.in === 'path') url = url.replace(`{${x.name}}`, value);
            else query.push(`${x.name}=${value}`);
          }
          if (!params.includes(target)) query.push(`${target.name}=${enc(v)}`);
          jobs.push({
            method: method.toUpperCase(),
            url: `${srv.url}${url}${query.length ? `?${query.join('&')}` : ''}`,
            label: `${method.toUpperCase()} ${p} ${target.in}:${target.name}=${JSON.stringify(v).slice(0, 30)}`,
          });
        }
      }
    }
  }
  const failures: string[] = [];
  let done = 0;
  const statuses = new Map<number, number>();
  const worker = async () => {
    for (let job = jobs.shift(); job; job = jobs.shift()) {
      const body = job.method === 'GET' || job.method === 'DELETE' ? undefined : {};
      let r;
      try {
        r = await as(session, job.url, { method: job.method, body });
      } catch (e) {
        failures.push(`${job.label}: request failed (${(e as Error).message})`);
        continue;
      }
      done += 1;
      statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
      if (r.status >= 500) failures.push(`${job.label}: ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
      // Error bodies name the problem, never the internals (stack frames, file paths, SQL).
      const text = JSON.stringify(r.body);
      if (r.status >= 400 && /node_modules|\.ts:\d+|\bat \S+ \(|\/work\/|SELECT |syntax error/.test(text))
        failures.push(`${job.label}: leaks internals: ${text.slice(0, 200)}`);
      if (r.status === 401 || r.status === 403) session = await signIn(srv.api, 'patient@haven.test');
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  console.log(
    `parameter fuzzer: ${done} requests over ${Object.keys(doc.paths).length} paths; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`,
  );
  assert.deepEqual(failures, []);
  assert.ok(done >= 1000, `at least 1000 requests (${done})`);
  assert.equal((await call(`${srv.url}/health`)).status, 200, 'server alive');
});

test('numeric parameters are bounded by the schema: 400 naming the parameter, not 500', async () => {
  for (const page of ['99999999999999999999', '1e309', '100001', '0', '-1']) {
    const r = await call(`${srv.api}/providers?page=${page}`);
    assert.equal(r.status, 400, `page=${page}: ${JSON.stringify(r.body)}`);
    assert.match((r.body as { message: string }).message, /querystring\/page/);
  }
  assert.equal((await call(`${srv.api}/providers?page=100000`)).status, 200);
});

test('NUL characters in parameters or bodies are a 400 naming the part (PostgreSQL refuses them)', async () => {
  const s = await signIn(srv.api, 'patient@haven.test');
  const r1 = await call(`${srv.api}/providers?role=a%00b`);
  assert.equal(r1.status, 400);
  assert.match((r1.body as { message: string }).message, /querystring must not contain NUL/);
  const r2 = await as(s, `${srv.api}/journal_entries`, { body: { title: 'a\u0000b', body: 'x' } });
  assert.equal(r2.status, 400);
  assert.match((r2.body as { message: string }).message, /body must not contain NUL/);
  const r3 = await call(`${srv.api}/telemetry/events`, { body: { events: [{ name: 'e', properties: { deep: [{ ['k\u0000']: 1 }] } }] } });
  assert.equal(r3.status, 400);
});
