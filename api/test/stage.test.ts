// Fail-closed stages: only `development` and `test` get development routes, development secrets and the
// demo seed. `prod`, a typo or no stage at all is production: it refuses to start on a missing,
// short or published secret, never seeds, has no development route, and allows only configured CORS
// origins. Security headers and no-store on every answer, per stage.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApi, type Started } from '../src/server.js';
import { ConfigError, DEV_SECRET, loadConfig, resolveStage } from '../src/core/config.js';
import { boot, call, signIn, as, savedDatabase } from './helpers.js';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts.js';
import { BUILT } from '../src/config/paths.js';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The node arguments that run one of the api's commands (`src/main.ts`): through tsx from source, directly when transpiled. */
const command = (file: string) => (BUILT ? [file.replace(/\.ts$/, '.js')] : ['--import', 'tsx', file]);
const GOOD = {
  HAVEN_API_SECRET: 'a'.repeat(24) + '-api-secret-for-tests',
  HAVEN_FIREBASE_SECRET: 'b'.repeat(24) + '-firebase-secret-tests',
};
const SITE = 'https://app.haven.example';
// Load shedding off: these servers share one process (and its event loop) with the others this file
// starts, whose embedded databases block it while they open; shedding is tested in lifecycle.test.ts.
const prodEnv = {
  ...GOOD,
  HAVEN_TRUST_PROXY: 'none',
  HAVEN_CORS_ORIGINS: SITE,
  HAVEN_FILES_DIR: path.join(tmpdir(), 'haven-files-prod-test'),
  HAVEN_LOAD_SHEDDING: 'off',
};
const startProd = (extra: Partial<Parameters<typeof startApi>[0]> = {}) =>
  startApi({
    port: 0,
    realtimePort: 0,
    realtime: false,
    database: savedDatabase('migrated') ?? 'memory',
    stage: 'prod',
    env: prodEnv,
    ...extra,
  });

let prod: Started;
let dev: Awaited<ReturnType<typeof boot>>;
before(async () => {
  [prod, dev] = await Promise.all([startProd(), boot()]);
});
after(async () => {
  await Promise.all([prod.close(), dev.close()]);
});

test('only development and test are non-production stages', () => {
  const cases: Array<[string | undefined, string]> = [
    ['development', 'development'],
    ['test', 'test'],
    [undefined, 'production'],
    ['', 'production'],
    ['prod', 'production'],
    ['production', 'production'],
    ['Development', 'production'],
    ['dev', 'production'],
    [' test', 'production'],
    ['staging', 'production'],
  ];
  for (const [raw, stage] of cases) assert.equal(resolveStage(raw), stage, String(raw));
});

test('production refuses to start on a missing, published or short secret (HAVEN_STAGE=prod and no stage)', async () => {
  const refusals: Array<[Record<string, string>, RegExp]> = [
    [{}, /HAVEN_API_SECRET is required/],
    [
      { HAVEN_API_SECRET: DEV_SECRET, HAVEN_FIREBASE_SECRET: GOOD.HAVEN_FIREBASE_SECRET },
      /HAVEN_API_SECRET is a published development value/,
    ],
    [{ HAVEN_API_SECRET: GOOD.HAVEN_API_SECRET }, /HAVEN_FIREBASE_SECRET is required/],
    [{ HAVEN_API_SECRET: GOOD.HAVEN_API_SECRET, HAVEN_FIREBASE_SECRET: `${DEV_SECRET}:firebase` }, /HAVEN_FIREBASE_SECRET is a published/],
    [{ HAVEN_API_SECRET: 'short', HAVEN_FIREBASE_SECRET: GOOD.HAVEN_FIREBASE_SECRET }, /shorter than 32/],
    [{ HAVEN_API_SECRET: GOOD.HAVEN_API_SECRET, HAVEN_FIREBASE_SECRET: GOOD.HAVEN_API_SECRET }, /must differ/],
    // Proper secrets but no folder for uploaded files.
    [{ ...GOOD }, /HAVEN_S3_BUCKET or HAVEN_FILES_DIR is required in production/],
    // Everything else right, but the proxy setting unstated: one address for every client behind a balancer.
    [{ ...GOOD, HAVEN_FILES_DIR: '/srv/files' }, /HAVEN_TRUST_PROXY is required in production/],
    [{ ...GOOD, HAVEN_FILES_DIR: '/srv/files', HAVEN_TRUST_PROXY: ' ' }, /HAVEN_TRUST_PROXY is required in production/],
  ];
  for (const [env, message] of refusals) {
    for (const stageEnv of [{ HAVEN_STAGE: 'prod' }, {}]) {
      await assert.rejects(
        startApi({ port: 0, realtimePort: 0, env: { ...env, ...stageEnv } }),
        (e: Error) => e instanceof ConfigError && message.test(e.message),
      );
    }
  }
});

test('production states its proxy setting: a hop count, addresses, or "none"; development may leave it unset', () => {
  const trust = (v: string) =>
    loadConfig({ ...GOOD, HAVEN_FILES_DIR: '/srv/files', HAVEN_TRUST_PROXY: v }, { stage: 'production' }).trustProxy;
  assert.equal(trust('none'), false);
  assert.equal(trust('1'), 1);
  assert.deepEqual(trust('10.0.0.0/8, 127.0.0.1'), ['10.0.0.0/8', '127.0.0.1']);
  assert.equal(loadConfig({}, { stage: 'development' }).trustProxy, false);
});

test('uploaded files: a bucket or a lasting folder in production; the bucket wins over the folder', () => {
  const prod = (extra: Record<string, string>) =>
    loadConfig({ ...GOOD, HAVEN_TRUST_PROXY: 'none', ...extra }, { stage: 'production' }).fileStorage;
  assert.deepEqual(prod({ HAVEN_FILES_DIR: '/srv/files' }), { kind: 'folder', dir: '/srv/files' });
  assert.deepEqual(prod({ HAVEN_FILES_DIR: '/srv/files', HAVEN_S3_BUCKET: 'docs', HAVEN_S3_ENDPOINT: 'http://s3.local:9000' }), {
    kind: 's3',
    bucket: 'docs',
    endpoint: 'http://s3.local:9000',
    region: 'us-east-1',
    forcePathStyle: false,
    prefix: '',
  });
  assert.equal(loadConfig({}, { stage: 'development' }).fileStorage, undefined);
});

test('the CLI with no stage and no secrets says why and exits 78 (configuration error)', async () => {
  const env = { ...process.env };
  for (const k of ['HAVEN_STAGE', 'HAVEN_API_SECRET', 'HAVEN_FIREBASE_SECRET', 'DATABASE_URL']) delete env[k];
  const child = spawn(process.execPath, [...command('src/main.ts'), '--memory', '--port', '0', '--realtime-port', '0', '--quiet'], {
    cwd: apiDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  assert.equal(code, 78, stderr);
  assert.match(stderr, /refusing to start: HAVEN_API_SECRET is required in production/);
});

test('production: no development route, no demo account, no seed', async () => {
  const api = `${prod.url}/api/v1`;
  assert.equal(prod.stage, 'production');
  assert.equal(prod.seeded, false);
  assert.equal((await prod.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users'))[0]!.n, 0);
  for (const p of [
    '/dev/outbox?to=a%40b.co',
    '/dev/app_token?email=patient%40haven.test',
    '/dev/google_credential?email=a%40b.co',
    '/dev/google_certs',
    '/dev/apple_credential?email=a%40b.co',
    '/dev/apple/keys',
    '/dev/facebook_token?email=a%40b.co',
    '/dev/facebook_graph/debug_token?input_token=x&access_token=y',
    '/dev/facebook_graph/me?access_token=x',
    '/dev/totp?id=acme',
    '/telemetry/events',
  ]) {
    assert.equal((await call(`${api}${p}`)).status, 404, p);
  }
  // The route map is not published in production unless asked for; then it names no development route.
  assert.equal((await call(`${prod.url}/openapi.json`)).status, 404);
  const published = await startProd({ env: { ...prodEnv, HAVEN_PUBLISH_OPENAPI: 'on' } });
  try {
    const doc = (await call(`${published.url}/openapi.json`)).body as { paths: Record<string, unknown> };
    assert.ok(Object.keys(doc.paths).length > 100);
    assert.deepEqual(
      Object.keys(doc.paths).filter((p) => p.includes('/dev/')),
      [],
    );
    // The internal tracker takes events in production; reading them back is development tooling.
    assert.deepEqual(Object.keys(doc.paths['/api/v1/telemetry/events'] as object), ['post']);
  } finally {
    await published.close();
  }
  const r = await call(`${api}/auth/sign_in`, { body: { email: 'patient@haven.test', password: DEMO_PASSWORD } });
  assert.equal(r.status, 401);
  // The development stages do have them (so the checks above can fail).
  assert.equal((await call(`${dev.api}/dev/outbox?to=a%40b.co`)).status, 200);
  assert.equal((await call(`${dev.url}/openapi.json`)).status, 200);
});

test('production: the internal tracker stores events without credentials or contacts, whatever the page sent', async () => {
  const marker = `prod-${process.pid}`;
  const r = await call(`${prod.url}/api/v1/telemetry/events`, {
    body: {
      events: [
        {
          name: 'booking_started',
          anonymous_id: marker,
          properties: {
            token: 'secret-token',
            note: 'ann@example.com',
            current_page: 'https://app.haven.example/x?token=abc&plan=7',
            plan: 7,
          },
        },
      ],
    },
  });
  assert.equal(r.status, 202);
  const [row] = await prod.db.query<{ name: string; properties: Record<string, unknown> }>(
    `SELECT name, properties FROM telemetry_events WHERE anonymous_id = $1`,
    [marker],
  );
  assert.deepEqual(row, {
    name: 'booking_started',
    properties: { note: 'redacted', current_page: 'https://app.haven.example/x?plan=7', plan: 7 },
  });
});

test('production: an event names a person only by credentials, never by the user_id the page wrote', async () => {
  const marker = `named-${process.pid}`;
  const event = { name: 'page_view', anonymous_id: marker, user_id: 4242, properties: { page: '/x' } };
  // No credentials, and credentials that prove nobody: filed under nobody.
  assert.equal((await call(`${prod.url}/api/v1/telemetry/events`, { body: { events: [event] } })).status, 202);
  const forged = { 'access-token': 'forged', client: 'forged', uid: 'someone@example.com' };
  assert.equal((await call(`${prod.url}/api/v1/telemetry/events`, { body: { events: [event] }, headers: forged })).status, 202);
  const rows = await prod.db.query<{ user_id: number | null }>(`SELECT user_id FROM telemetry_events WHERE anonymous_id = $1`, [marker]);
  assert.deepEqual(
    rows.map((r) => r.user_id),
    [null, null],
  );
  // Outside production the page's own id is kept (the browser suite reads it back), so this can fail.
  assert.equal((await call(`${dev.api}/telemetry/events`, { body: { events: [event] } })).status, 202);
  const stored = (await call(`${dev.api}/telemetry/events?anonymous_id=${marker}`)).body.data as { user_id: number | null }[];
  assert.equal(stored[0]!.user_id, 4242);
});

test('CORS per stage: production allows only configured origins; development and test keep localhost', async () => {
  const preflight = (base: string, origin: string) =>
    call(`${base}/api/v1/providers`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'access-token' },
    });
  for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://evil.localhost:3000', 'https://evil.example']) {
    assert.equal((await preflight(prod.url, origin)).headers.get('access-control-allow-origin'), null, `prod refuses ${origin}`);
  }
  assert.equal((await preflight(prod.url, SITE)).headers.get('access-control-allow-origin'), SITE);
  assert.equal((await preflight(dev.url, 'http://localhost:3000')).headers.get('access-control-allow-origin'), 'http://localhost:3000');
  assert.equal((await preflight(dev.url, 'https://evil.example')).headers.get('access-control-allow-origin'), null);
});

test('security headers on every answer (success, 4xx, 404, auth emulator) in both stages; no-store on authenticated and credential answers', async () => {
  const s = await signIn(dev.api, 'patient@haven.test');
  const answers = [
    await call(`${prod.url}/health`),
    await call(`${prod.url}/api/v1/providers?page=0`),
    await call(`${prod.url}/nowhere`),
    await call(`${prod.url}/identitytoolkit.googleapis.com/v1/accounts:lookup`, { body: {} }),
    await call(`${dev.api}/providers`),
    await as(s, `${dev.api}/customers/profile_info`),
    await call(`${dev.api}/auth/sign_in`, { body: { email: 'patient@haven.test', password: DEMO_PASSWORD } }),
    await call(`${dev.api}/customers/profile_info`),
  ];
  for (const r of answers) {
    const h = r.headers;
    assert.equal(h.get('x-content-type-options'), 'nosniff');
    assert.match(h.get('content-security-policy') ?? '', /default-src 'none'/);
    assert.match(h.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
    assert.equal(h.get('x-frame-options'), 'SAMEORIGIN');
    assert.match(h.get('strict-transport-security') ?? '', /max-age=\d+/);
    assert.equal(h.get('referrer-policy'), 'no-referrer');
    assert.equal(h.get('cache-control'), 'no-store', `${r.status} ${JSON.stringify(r.body).slice(0, 80)}`);
    assert.equal(h.get('x-powered-by'), null);
  }
  assert.equal(answers[5]!.status, 200, 'the authenticated answer is a success');
  assert.equal(answers[6]!.status, 200, 'the sign-in answer carries credentials');
});

test('an explicit command seeds the demo world for a staging site; production then serves it', { timeout: 180_000 }, async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'haven-seed-'));
  try {
    const run = (args: string[]) =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        const env = { ...process.env };
        delete env.DATABASE_URL;
        const c = spawn(process.execPath, [...command('src/seed/cli.ts'), ...args], {
          cwd: apiDir,
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        c.stdout.on('data', (d: Buffer) => {
          out += d.toString();
        });
        c.stderr.on('data', (d: Buffer) => {
          out += d.toString();
        });
        c.on('exit', (code) => resolve({ code, out }));
      });
    const noFlag = await run(['--data', dir]);
    assert.equal(noFlag.code, 2, noFlag.out);
    const seeded = await run(['--demo', '--data', dir]);
    assert.equal(seeded.code, 0, seeded.out);
    assert.match(seeded.out, /demo world written/);
    assert.equal((await run(['--demo', '--data', dir])).code, 1, 'refuses a database that has users');
    const staging = await startProd({ database: dir });
    try {
      const r = await call(`${staging.url}/api/v1/auth/sign_in`, { body: { email: 'patient@haven.test', password: DEMO_PASSWORD } });
      assert.equal(r.status, 200);
      assert.equal((await call(`${staging.url}/api/v1/dev/outbox?to=a%40b.co`)).status, 404, 'still no development routes');
    } finally {
      await staging.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('slow senders: a request must arrive within the request timeout', async () => {
  const { buildApp, REQUEST_TIMEOUT_MS } = await import('../src/app.js');
  const app = await buildApp({
    db: prod.db,
    stage: 'production',
    isProduction: true,
    secret: GOOD.HAVEN_API_SECRET,
    firebaseSecret: GOOD.HAVEN_FIREBASE_SECRET,
    firebaseProjectId: 'haven-local',
  });
  await app.ready();
  assert.equal(app.server.requestTimeout, REQUEST_TIMEOUT_MS);
  assert.ok(REQUEST_TIMEOUT_MS > 0 && REQUEST_TIMEOUT_MS <= 60_000);
  await app.close();
});
