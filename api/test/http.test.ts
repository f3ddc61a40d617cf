// HTTP-level behaviour: malformed JSON, wrong content type, oversized bodies, unknown routes, a real
// 500 with a request id, CORS (origins, request headers, exposed credential headers), OpenAPI, and
// that bad input writes nothing.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { as, serverPerFile, call, savedDatabase, signIn, type TestServer } from './helpers.js';
import { assertClientError } from './assert-helpers.js';
import { buildApp, BODY_LIMIT } from '../src/app.js';
import { migrate, openDb } from '../src/db/index.js';

let srv: TestServer;
let api: string;
const server = serverPerFile();
before(async () => {
  srv = await server();
  api = srv.api;
});

test('malformed JSON -> 400 naming it; nothing written', async () => {
  const before1 = (await srv.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users'))[0]!.n;
  const r = await call(`${api}/auth`, { raw: '{"email": "a@b.co", "password": ', headers: { 'content-type': 'application/json' } });
  assertClientError(r, 400, 'not valid JSON');
  const r2 = await call(`${api}/auth`, { body: { email: 'half@b.co' } });
  assertClientError(r2, 400, 'password');
  assert.equal((await srv.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users'))[0]!.n, before1);
});

test('wrong content type -> 415; oversized body -> 413', async () => {
  assertClientError(await call(`${api}/auth/sign_in`, { raw: 'email=a', headers: { 'content-type': 'text/plain' } }), 415, 'Content-Type');
  const big = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(BODY_LIMIT + 10) });
  assertClientError(await call(`${api}/auth/sign_in`, { raw: big, headers: { 'content-type': 'application/json' } }), 413, 'larger than');
});

test('wrong types are not coerced in bodies; arrays and objects checked', async () => {
  const s = await signIn(api, 'patient@haven.test');
  assertClientError(await as(s, `${api}/journal_entries`, { body: { title: 123, body: 'x' } }), 400, 'title');
  assertClientError(await as(s, `${api}/journal_entries`, { body: ['not', 'an', 'object'] }), 400);
  assertClientError(
    await as(s, `${api}/customers/profile_communication_config`, { method: 'PUT', body: { config_key: 'new_profile_modal', status: 1 } }),
    400,
    'status',
  );
});

test('unknown route -> 404 JSON; unknown ids -> 404', async () => {
  assertClientError(await call(`${api}/no/such/route`), 404, 'No route');
  assertClientError(await call(`${api}/providers/00000000-0000-4000-8000-000000000000`), 404);
});

test('an unexpected error is a 500 with the request id, logged', async () => {
  const db = await openDb({ database: savedDatabase('migrated') ?? 'memory' });
  await migrate(db);
  const app = await buildApp({
    db,
    stage: 'test',
    isProduction: false,
    secret: 's',
    firebaseSecret: 'f',
    firebaseProjectId: 'haven-local',
  });
  app.get('/boom', async () => {
    throw new Error('kaboom');
  });
  const r = await app.inject({ method: 'GET', url: '/boom' });
  assert.equal(r.statusCode, 500);
  const body = r.json();
  assert.equal(body.message, 'Internal server error');
  assert.ok(body.request_id);
  assert.equal(r.headers['x-request-id'], body.request_id);
  assert.ok(!JSON.stringify(body).includes('kaboom'), 'no internals leak');
  await app.close();
  await db.close();
});

test('CORS: localhost origins allowed, spec request headers accepted, credential headers exposed', async () => {
  const pre = await fetch(`${api}/customers/upcomingsessions`, {
    method: 'OPTIONS',
    headers: {
      origin: 'http://localhost:3002',
      'access-control-request-method': 'GET',
      'access-control-request-headers':
        'access-token,expiry,uid,client,fbp,fbc,secondary-profile-access-token,x-company-profile-uuid,x-company-profile-name,platform,x-timezone,x-country,x-utm-params,content-type',
    },
  });
  assert.equal(pre.status, 204);
  assert.equal(pre.headers.get('access-control-allow-origin'), 'http://localhost:3002');
  const allowed = (pre.headers.get('access-control-allow-headers') ?? '').toLowerCase();
  for (const h of [
    'access-token',
    'expiry',
    'uid',
    'client',
    'fbp',
    'fbc',
    'secondary-profile-access-token',
    'x-company-profile-uuid',
    'x-company-profile-name',
    'platform',
    'x-timezone',
    'x-country',
    'x-utm-params',
  ]) {
    assert.ok(allowed.includes(h), h);
  }
  const r = await fetch(`${api}/auth/sign_in`, {
    method: 'POST',
    headers: { origin: 'http://acme.localhost:3000', 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'patient@haven.test', password: 'Haven#2026' }),
  });
  assert.equal(r.headers.get('access-control-allow-origin'), 'http://acme.localhost:3000');
  const exposed = (r.headers.get('access-control-expose-headers') ?? '').toLowerCase();
  for (const h of ['access-token', 'client', 'uid', 'expiry', 'token-type', 'secondary-profile-access-token'])
    assert.ok(exposed.includes(h), h);
  const evil = await fetch(`${api}/feature_flags`, { headers: { origin: 'https://evil.example.com' } });
  assert.equal(evil.headers.get('access-control-allow-origin'), null);
});

test('OpenAPI document served; every operation has response schemas', async () => {
  const r = await call(`${srv.url}/openapi.json`);
  assert.equal(r.status, 200);
  assert.equal(r.body.openapi, '3.0.3');
  const ops = Object.entries(r.body.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>).flatMap(([p, m]) =>
    Object.entries(m).map(([k, v]) => [p, k, v] as const),
  );
  assert.ok(ops.length >= 80);
  for (const [p, m, op] of ops) {
    assert.ok(
      Object.keys(op.responses).some((k) => k.startsWith('2')),
      `${m} ${p} has a 2xx schema`,
    );
    assert.ok(op.responses['4XX'] ?? op.responses['4xx'] ?? op.responses['400'], `${m} ${p} has a 4xx schema`);
  }
  for (const p of [
    '/api/v1/customers/upcomingsessions',
    '/api/v1/auth/sign_in',
    '/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken',
  ])
    assert.ok(r.body.paths[p], p);
});

test('Firebase auth emulator routes answer the SDK error shape on bad input', async () => {
  const bad = await call(`${srv.url}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=k`, { body: { token: 'nope' } });
  assert.equal(bad.status, 400);
  assert.equal(bad.body.error.message, 'INVALID_CUSTOM_TOKEN');
  const missing = await call(`${srv.url}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=k`, { body: {} });
  assert.equal(missing.status, 400);
  assert.match(missing.body.error.message, /INVALID_ARGUMENT/);
  const lookup = await call(`${srv.url}/identitytoolkit.googleapis.com/v1/accounts:lookup?key=k`, { body: { idToken: 'x' } });
  assert.equal(lookup.body.error.message, 'INVALID_ID_TOKEN');
  const refresh = await fetch(`${srv.url}/securetoken.googleapis.com/v1/token?key=k`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=refresh_token&refresh_token=bad',
  });
  assert.equal(refresh.status, 400);
  assert.equal(((await refresh.json()) as { error: { message: string } }).error.message, 'INVALID_REFRESH_TOKEN');
});
