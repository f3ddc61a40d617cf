// Apple, Facebook and employer SSO, stage by stage, as Google is (google-sign-in.test.ts): the development
// issuers are trusted in the development stage only; the test stage (the browser suite's) signs in through
// the production path, its stand-ins signing as Apple signs and answering as Facebook's Graph API does;
// production trusts the providers' own key sets and Graph (here local servers on 127.0.0.1 standing in for
// them, through HAVEN_APPLE_JWKS_URL and HAVEN_FACEBOOK_GRAPH_URL) and never the stand-ins.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeJwt, SignJWT } from 'jose';
import { startApi, type Started } from '../src/server.js';
import { socialConfigs, TEST_APPLE_CLIENT_ID, TEST_FACEBOOK_APP_ID } from '../src/core/config.js';
import { signDevelopmentIdToken } from '../src/identity/jwks.js';
import { verifyGoogleIdToken } from '../src/identity/google.js';
import { PROVIDER_UNREACHABLE, ProviderUnreachable } from '../src/identity/provider-reach.js';
import {
  APPLE_ISSUER,
  DEV_APPLE_CLIENT_ID,
  DEV_APPLE_ISSUER,
  DEV_FACEBOOK_APP_ID,
  DEV_FACEBOOK_ISSUER,
  FACEBOOK_ISSUER,
  verifyAppleToken,
  verifyFacebookToken,
} from '../src/identity/social.js';
import { connectionKeySource, type SsoConnection } from '../src/identity/sso-connections.js';
import { DEV_SSO_ORGANISATIONS, devIssuerOf } from '../src/seed/signin.js';
import { randomToken } from '../src/identity/passwords.js';
import {
  boot,
  call,
  closedOrigin,
  localKeyServer,
  localServer,
  providerKey,
  type LocalServer,
  type ProviderKey,
  type Res,
  savedDatabase,
} from './helpers.js';
import { assertClientError } from './assert-helpers.js';

const APPLE_CLIENT = 'care.haven.web';
const FB_APP = '424242424242';
const FB_SECRET = 'f'.repeat(32);
/** The one access token the local Graph knows (issued to our app, for this person). */
const FB_REAL_TOKEN = 'EAAB-real-token-of-our-app';
const FB_REAL_EMAIL = 'fb.real.person@example.com';
/** A company whose provider publishes its key set (the local key server). */
const CORP = { domain: 'corp-idp.test', issuer: 'https://login.corp-idp.test', clientId: 'haven-at-corp' };

let trusted: ProviderKey;
let stranger: ProviderKey;
let keyServer: LocalServer;
let graphServer: LocalServer;
let graphAppTokens: string[] = [];
/**
 * Graph out of reach: it drops the connection, answers 500, answers 200 with a page that is not JSON (a
 * proxy's), or 200 with JSON that is not an object (null: it answers as Facebook documents).
 */
let graphFault: 'hangs-up' | 500 | 'html-200' | 'null-200' | null = null;
let prod: Started;
let prodApi: string;
let testStage: Awaited<ReturnType<typeof boot>>;
let development: Awaited<ReturnType<typeof boot>>;

const json = (res: import('node:http').ServerResponse, status: number, body: unknown) => {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(body));
};

/** An organisation with one SSO connection, as an operator would add it. */
async function addConnection(
  db: Started['db'],
  c: { domain: string; issuer: string; clientId: string; jwksUri: string | null; devSlug?: string },
) {
  const [org] = await db.query<{ id: number }>(
    `INSERT INTO organisations (uuid, name, short_code, show_card_dashboard, is_cf_partner, partner_secret, totp_secret, max_member_count, visibility)
     VALUES (gen_random_uuid(), $1, NULL, false, false, $2, $3, 0, '{}') RETURNING id`,
    [`Org of ${c.domain}`, randomToken(32), randomToken(20)],
  );
  const [row] = await db.query<{ uuid: string }>(
    `INSERT INTO sso_connections (organisation_id, domain, issuer, client_id, jwks_uri, dev_slug) VALUES ($1, $2, $3, $4, $5, $6) RETURNING uuid::text`,
    [org!.id, c.domain, c.issuer, c.clientId, c.jwksUri, c.devSlug ?? null],
  );
  return row!.uuid;
}

before(async () => {
  [trusted, stranger] = await Promise.all([providerKey('provider-1'), providerKey('not-the-provider')]);
  // Graph as Facebook documents it: debug_token with the app access token, then /me with the user's token.
  const graph = localServer((req, res) => {
    if (graphFault === 'hangs-up') return void req.socket.destroy();
    if (graphFault === 500) return json(res, 500, { error: { message: 'An unexpected error has occurred.', code: 2 } });
    if (graphFault === 'null-200') return json(res, 200, null);
    if (graphFault === 'html-200') {
      res.setHeader('content-type', 'text/html');
      return void res.end('<html><body>Service temporarily unavailable</body></html>');
    }
    const u = new URL(req.url ?? '/', 'http://graph');
    const token = u.searchParams.get('access_token') ?? '';
    if (u.pathname === '/v19.0/debug_token') {
      graphAppTokens.push(token);
      if (token !== `${FB_APP}|${FB_SECRET}`) return json(res, 400, { error: { message: 'Invalid OAuth access token.', code: 190 } });
      const known = u.searchParams.get('input_token') === FB_REAL_TOKEN;
      return json(res, 200, {
        data: known ? { app_id: FB_APP, is_valid: true, expires_at: 0, user_id: 'fb-real-1' } : { is_valid: false },
      });
    }
    if (u.pathname === '/v19.0/me' && token === FB_REAL_TOKEN)
      return json(res, 200, { id: 'fb-real-1', email: FB_REAL_EMAIL, first_name: 'Real', last_name: 'Person' });
    return json(res, 400, { error: { message: 'Invalid OAuth access token.', code: 190 } });
  });
  [keyServer, graphServer] = await Promise.all([localKeyServer(trusted), graph]);
  const env = {
    HAVEN_API_SECRET: 'a'.repeat(24) + '-api-secret-for-issuers',
    HAVEN_FIREBASE_SECRET: 'b'.repeat(24) + '-firebase-secret-issuer',
    HAVEN_FILES_DIR: path.join(tmpdir(), 'haven-files-issuers-test'),
    HAVEN_TRUST_PROXY: 'none',
    HAVEN_LOAD_SHEDDING: 'off',
    HAVEN_APPLE_CLIENT_ID: APPLE_CLIENT,
    HAVEN_APPLE_JWKS_URL: `${keyServer.origin}/auth/keys`,
    HAVEN_FACEBOOK_APP_ID: FB_APP,
    HAVEN_FACEBOOK_APP_SECRET: FB_SECRET,
    HAVEN_FACEBOOK_GRAPH_URL: `${graphServer.origin}/v19.0`,
  };
  [prod, testStage, development] = await Promise.all([
    startApi({ port: 0, realtimePort: 0, realtime: false, database: savedDatabase('migrated') ?? 'memory', stage: 'production', env }),
    boot(),
    boot({ stage: 'development' }),
  ]);
  prodApi = `${prod.url}/api/v1`;
  await addConnection(testStage.db, { ...CORP, jwksUri: `${keyServer.origin}/corp/keys` });
  // A company provider whose key set was never configured: no stage may verify its tokens with the api's keys.
  await addConnection(testStage.db, {
    domain: 'no-keys.test',
    issuer: 'https://login.no-keys.test',
    clientId: 'haven-at-no-keys',
    jwksUri: null,
  });
});
after(async () => {
  await Promise.all([prod.close(), testStage.close(), development.close(), keyServer.close(), graphServer.close()]);
});

let seq = 0;
const fresh = (tag: string) => `${tag}-${process.pid}-${++seq}@example.com`;
const nonce = () => `nonce-${process.pid}-${++seq}`;

/** An ID token signed with `key` (the provider's, or a stranger's), every claim as the case says. */
async function signed(key: ProviderKey, o: { iss: string; aud: string; email: string; nonce?: string; sub?: string }) {
  return new SignJWT({ email: o.email, email_verified: 'true', ...(o.nonce ? { nonce: o.nonce } : {}) })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
    .setIssuer(o.iss)
    .setAudience(o.aud)
    .setSubject(o.sub ?? `sub-${o.email}`)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(key.privateKey);
}
/** A token of the api's development key (what the development issuers and the stand-ins sign with). */
const developmentSigned = (o: { iss: string; aud: string; email: string; nonce?: string }) =>
  signDevelopmentIdToken(
    { email: o.email, email_verified: 'true', ...(o.nonce ? { nonce: o.nonce } : {}) },
    {
      issuer: o.iss,
      audience: o.aud,
      subject: `sub-${o.email}`,
      ttlS: 300,
    },
  );

const apple = (api: string, id_token: string, n: string) => call(`${api}/customers/apple_sign_in`, { body: { id_token, nonce: n } });
const facebook = (api: string, access_token: string) => call(`${api}/customers/facebook_sign_in`, { body: { access_token } });
const mint = async (api: string, kind: 'apple_credential' | 'facebook_token', q: Record<string, string>) =>
  (await call(`${api}/dev/${kind}?${new URLSearchParams(q)}`)).body as { id_token?: string; access_token?: string };
const ok = (r: Res, email: string, what: string) => {
  assert.equal(r.status, 200, `${what}: ${JSON.stringify(r.body)}`);
  assert.equal((r.body as { data: { email: string } }).data.email, email, what);
};

describe('Apple', () => {
  test('test stage: the development issuer is refused; the stand-in signs as Apple (issuer, our Services ID) and signs in', async () => {
    const api = testStage.api;
    const n = nonce();
    assertClientError(
      await apple(api, await developmentSigned({ iss: DEV_APPLE_ISSUER, aud: DEV_APPLE_CLIENT_ID, email: fresh('a'), nonce: n }), n),
      422,
      'Apple login failed',
    );
    const email = fresh('a');
    const n2 = nonce();
    const { id_token } = await mint(api, 'apple_credential', { email, nonce: n2 });
    const claims = decodeJwt(id_token!);
    assert.equal(claims.iss, APPLE_ISSUER);
    assert.equal(claims.aud, TEST_APPLE_CLIENT_ID);
    ok(await apple(api, id_token!, n2), email, 'stand-in token');
  });

  test('test stage: a token signed by a key outside the stand-in’s key set is refused; the same claims under its key sign in', async () => {
    const n = nonce();
    const forged = await signed(stranger, { iss: APPLE_ISSUER, aud: TEST_APPLE_CLIENT_ID, email: fresh('a'), nonce: n });
    assertClientError(await apple(testStage.api, forged, n), 422, 'Apple login failed');
    const email = fresh('a');
    const n2 = nonce();
    ok(
      await apple(testStage.api, await developmentSigned({ iss: APPLE_ISSUER, aud: TEST_APPLE_CLIENT_ID, email, nonce: n2 }), n2),
      email,
      'stand-in key',
    );
  });

  test('production: Apple’s key signs in; the stand-in’s token, the development issuer and an untrusted key are refused', async () => {
    const email = fresh('a');
    const n = nonce();
    ok(await apple(prodApi, await signed(trusted, { iss: APPLE_ISSUER, aud: APPLE_CLIENT, email, nonce: n }), n), email, 'Apple');
    const n2 = nonce();
    const standIn = (await mint(testStage.api, 'apple_credential', { email: fresh('a'), nonce: n2, audience: APPLE_CLIENT })).id_token!;
    assert.equal(decodeJwt(standIn).iss, APPLE_ISSUER);
    assertClientError(await apple(prodApi, standIn, n2), 422, 'Apple login failed');
    const n3 = nonce();
    assertClientError(
      await apple(prodApi, await developmentSigned({ iss: DEV_APPLE_ISSUER, aud: DEV_APPLE_CLIENT_ID, email: fresh('a'), nonce: n3 }), n3),
      422,
    );
    const n4 = nonce();
    assertClientError(
      await apple(prodApi, await signed(stranger, { iss: APPLE_ISSUER, aud: APPLE_CLIENT, email: fresh('a'), nonce: n4 }), n4),
      422,
    );
    assert.equal((await call(`${prodApi}/dev/apple_credential?email=a%40b.co`)).status, 404);
    assert.equal((await call(`${prodApi}/dev/apple/keys`)).status, 404);
  });

  test('development stage: the development issuer signs in', async () => {
    const email = fresh('a');
    const n = nonce();
    const { id_token } = await mint(development.api, 'apple_credential', { email, nonce: n });
    assert.equal(decodeJwt(id_token!).iss, DEV_APPLE_ISSUER);
    ok(await apple(development.api, id_token!, n), email, 'development issuer');
  });
});

describe('Facebook', () => {
  test('test stage: the development issuer is refused; the stand-in’s token, inspected by the stand-in for Graph, signs in', async () => {
    const api = testStage.api;
    assertClientError(
      await facebook(api, await developmentSigned({ iss: DEV_FACEBOOK_ISSUER, aud: DEV_FACEBOOK_APP_ID, email: fresh('f') })),
      422,
      'Facebook login failed',
    );
    const email = fresh('f');
    const { access_token } = await mint(api, 'facebook_token', { email });
    const claims = decodeJwt(access_token!);
    assert.equal(claims.iss, FACEBOOK_ISSUER);
    assert.equal(claims.aud, TEST_FACEBOOK_APP_ID);
    ok(await facebook(api, access_token!), email, 'stand-in token');
    // The stand-in checks the app access token as Graph does.
    const q = new URLSearchParams({ input_token: access_token!, access_token: `${TEST_FACEBOOK_APP_ID}|not-the-secret` });
    assert.equal((await call(`${api}/dev/facebook_graph/debug_token?${q}`)).status, 400);
  });

  test('test stage: a token signed by a key the stand-in does not hold, for another app or expired is refused; its own signs in', async () => {
    const api = testStage.api;
    assertClientError(
      await facebook(api, await signed(stranger, { iss: FACEBOOK_ISSUER, aud: TEST_FACEBOOK_APP_ID, email: fresh('f') })),
      422,
    );
    const email = fresh('f');
    ok(await facebook(api, await developmentSigned({ iss: FACEBOOK_ISSUER, aud: TEST_FACEBOOK_APP_ID, email })), email, 'stand-in key');
    assertClientError(await facebook(api, (await mint(api, 'facebook_token', { email: fresh('f'), audience: '999' })).access_token!), 422);
    assertClientError(
      await facebook(api, (await mint(api, 'facebook_token', { email: fresh('f'), expires_in: '-60' })).access_token!),
      422,
    );
  });

  test('production: Graph’s answer signs in (asked with our app token); the stand-in’s and the development issuer’s tokens are refused', async () => {
    graphAppTokens = [];
    ok(await facebook(prodApi, FB_REAL_TOKEN), FB_REAL_EMAIL, 'Graph');
    assert.deepEqual(graphAppTokens, [`${FB_APP}|${FB_SECRET}`]);
    const standIn = (await mint(testStage.api, 'facebook_token', { email: fresh('f'), audience: FB_APP })).access_token!;
    assertClientError(await facebook(prodApi, standIn), 422, 'Facebook login failed');
    assertClientError(await facebook(prodApi, await developmentSigned({ iss: DEV_FACEBOOK_ISSUER, aud: FB_APP, email: fresh('f') })), 422);
    assert.equal((await call(`${prodApi}/dev/facebook_token?email=a%40b.co`)).status, 404);
    assert.equal((await call(`${prodApi}/dev/facebook_graph/me?access_token=x`)).status, 404);
  });

  test('development stage: the development issuer signs in', async () => {
    const email = fresh('f');
    const { access_token } = await mint(development.api, 'facebook_token', { email });
    assert.equal(decodeJwt(access_token!).iss, DEV_FACEBOOK_ISSUER);
    ok(await facebook(development.api, access_token!), email, 'development issuer');
  });
});

describe('employer SSO', () => {
  const sso = (s: { url: string }) => `${s.url}/sso/v1`;
  const connectionOf = async (s: { url: string }, email: string) =>
    (await call(`${sso(s)}/domain_check?email=${encodeURIComponent(email)}`)).body as { sso: boolean; connection?: string };
  const ssoSignIn = (s: { url: string }, body: Record<string, unknown>) => call(`${sso(s)}/sign_in`, { body });

  test('where each stage reads a connection’s keys', () => {
    const conn = (o: Partial<SsoConnection>): SsoConnection => ({
      uuid: 'u',
      organisation_id: 1,
      organisation_name: 'O',
      domain: 'o.test',
      issuer: 'https://login.o.test',
      client_id: 'c',
      jwks_uri: null,
      dev_slug: null,
      ...o,
    });
    const base = 'http://127.0.0.1:9/sso/v1/dev-idp';
    const stages = {
      development: socialConfigs('development', {}).sso,
      test: { ...socialConfigs('test', {}).sso, standInBase: base },
      production: socialConfigs('production', {}).sso,
    };
    const rows: [string, Partial<SsoConnection>, Record<keyof typeof stages, string | null>][] = [
      [
        'published key set',
        { jwks_uri: 'https://login.o.test/keys' },
        { development: 'https://login.o.test/keys', test: 'https://login.o.test/keys', production: 'https://login.o.test/keys' },
      ],
      [
        'the development provider',
        { dev_slug: 'northwind' },
        { development: 'development', test: `${base}/northwind/jwks`, production: null },
      ],
      ['no key set, not the development provider', {}, { development: null, test: null, production: null }],
    ];
    for (const [name, c, want] of rows) {
      for (const stage of Object.keys(stages) as (keyof typeof stages)[]) {
        assert.equal(connectionKeySource(conn(c), stages[stage]), want[stage], `${name}, ${stage}`);
      }
    }
  });

  test('test stage: a connection without a key set of its own is not offered, and the api’s keys do not sign in to it', async () => {
    assert.deepEqual(await connectionOf(testStage, 'someone@no-keys.test'), { sso: false });
    const [c] = await testStage.db.query<{ uuid: string }>(`SELECT uuid::text FROM sso_connections WHERE domain = 'no-keys.test'`);
    const n = nonce();
    const id_token = await developmentSigned({
      iss: 'https://login.no-keys.test',
      aud: 'haven-at-no-keys',
      email: 'e@no-keys.test',
      nonce: n,
    });
    assertClientError(await ssoSignIn(testStage, { connection: c!.uuid, id_token, nonce: n }), 422, 'Company sign-in failed');
  });

  test('test stage: a company’s key set signs in to its connection; a token of a key it does not publish is refused', async () => {
    const { connection } = await connectionOf(testStage, 'x@corp-idp.test');
    assert.ok(connection);
    const email = fresh('corp').replace('example.com', CORP.domain);
    const n = nonce();
    ok(
      await ssoSignIn(testStage, {
        connection,
        nonce: n,
        id_token: await signed(trusted, { iss: CORP.issuer, aud: CORP.clientId, email, nonce: n }),
      }),
      email,
      'company key',
    );
    for (const token of [
      (o: { nonce: string }) =>
        signed(stranger, { iss: CORP.issuer, aud: CORP.clientId, email: fresh('c').replace('example.com', CORP.domain), ...o }),
      (o: { nonce: string }) =>
        developmentSigned({ iss: CORP.issuer, aud: CORP.clientId, email: fresh('c').replace('example.com', CORP.domain), ...o }),
    ]) {
      const m = nonce();
      assertClientError(
        await ssoSignIn(testStage, { connection, nonce: m, id_token: await token({ nonce: m }) }),
        422,
        'Company sign-in failed',
      );
    }
  });

  test('test stage: the development provider signs in through the key set it publishes (the stand-in)', async () => {
    const org = DEV_SSO_ORGANISATIONS[0]!;
    const { connection } = await connectionOf(testStage, org.employee.email);
    const n = nonce();
    const id_token = await developmentSigned({ iss: devIssuerOf(org.slug), aud: org.clientId, email: org.employee.email, nonce: n });
    ok(await ssoSignIn(testStage, { connection, nonce: n, id_token }), org.employee.email, 'stand-in provider');
  });

  test('production: the development provider is offered to no one and its tokens are refused', async () => {
    const org = DEV_SSO_ORGANISATIONS[0]!;
    const connection = await addConnection(prod.db, {
      domain: org.domain,
      issuer: devIssuerOf(org.slug),
      clientId: org.clientId,
      jwksUri: null,
      devSlug: org.slug,
    });
    assert.deepEqual(await connectionOf(prod, org.employee.email), { sso: false });
    const n = nonce();
    const id_token = await developmentSigned({ iss: devIssuerOf(org.slug), aud: org.clientId, email: org.employee.email, nonce: n });
    assertClientError(await ssoSignIn(prod, { connection, nonce: n, id_token }), 422, 'Company sign-in failed');
    assert.equal((await call(`${sso(prod)}/dev-idp/${org.slug}/jwks`)).status, 404);
  });

  test('development stage: the development provider signs in with the development key', async () => {
    const org = DEV_SSO_ORGANISATIONS[1]!;
    const { connection } = await connectionOf(development, org.employee.email);
    const n = nonce();
    const id_token = await developmentSigned({ iss: devIssuerOf(org.slug), aud: org.clientId, email: org.employee.email, nonce: n });
    ok(await ssoSignIn(development, { connection, nonce: n, id_token }), org.employee.email, 'development provider');
  });
});

describe('a provider out of reach', () => {
  /** The answer the sign-in page shows as it is: 503, a code, one sentence, and nothing of the api's insides. */
  const outOfReach = (r: Res, who: string, what: string) => {
    assert.equal(r.status, 503, `${what}: ${JSON.stringify(r.body)}`);
    assert.equal(r.body.code, PROVIDER_UNREACHABLE, what);
    assert.equal(r.body.message, `We could not reach ${who}. Please try again.`, what);
    assert.deepEqual(r.body.errors, [r.body.message], what);
    assert.doesNotMatch(JSON.stringify(r.body), /127\.0\.0\.1|fetch|ECONN|socket|secret|stack/i, what);
  };
  /** The error a verifier throws when the provider cannot be reached (the route answers it as outOfReach). */
  const unreachable = (who: string) => (e: unknown) =>
    e instanceof ProviderUnreachable && e.statusCode === 503 && e.message === `We could not reach ${who}. Please try again.`;

  test('production Facebook: Graph dropping the connection, answering 500 or answering what is not JSON is a 503 with a code; its refusal stays a 422', async () => {
    for (const fault of ['hangs-up', 500, 'html-200', 'null-200'] as const) {
      graphFault = fault;
      try {
        outOfReach(await facebook(prodApi, FB_REAL_TOKEN), 'Facebook', `Graph ${fault}`);
      } finally {
        graphFault = null;
      }
    }
    assertClientError(await facebook(prodApi, 'EAAB-not-a-token-of-ours'), 422, 'Facebook login failed');
    const facebookConfig = { ...socialConfigs('production', {}).facebook, appId: FB_APP, appSecret: FB_SECRET };
    await assert.rejects(
      verifyFacebookToken({ ...facebookConfig, graphUrl: `${await closedOrigin()}/v19.0` }, FB_REAL_TOKEN),
      unreachable('Facebook'),
    );
  });

  test('an outage is not a failed attempt: more tries than the address may fail, then Graph is back and signs in', async () => {
    graphFault = 500;
    try {
      for (let i = 0; i < 21; i++) outOfReach(await facebook(prodApi, FB_REAL_TOKEN), 'Facebook', `try ${i + 1}`);
    } finally {
      graphFault = null;
    }
    ok(await facebook(prodApi, FB_REAL_TOKEN), FB_REAL_EMAIL, 'Graph back');
  });

  test('Apple’s and Google’s key sets out of reach (refused, 500, dropped, a 200 that is no key set) are the same 503, not a refused token', async () => {
    const down = [
      `${await closedOrigin()}/keys`,
      `${keyServer.origin}/fails-500/keys`,
      `${keyServer.origin}/hangs-up/keys`,
      `${keyServer.origin}/html-200/keys`,
      `${keyServer.origin}/no-keys-200/keys`,
    ];
    for (const jwksUrl of down) {
      const n = nonce();
      const appleToken = await signed(trusted, { iss: APPLE_ISSUER, aud: APPLE_CLIENT, email: fresh('a'), nonce: n });
      const appleConfig = { clientId: APPLE_CLIENT, jwksUrl, development: false, standIn: false };
      await assert.rejects(verifyAppleToken(appleConfig, prod.db, appleToken, n, {}), unreachable('Apple'), jwksUrl);
      const googleToken = await signed(trusted, { iss: 'https://accounts.google.com', aud: 'g.apps', email: fresh('g') });
      const googleConfig = { clientId: 'g.apps', jwksUrl, development: false, standIn: false };
      await assert.rejects(verifyGoogleIdToken(googleConfig, 'x'.repeat(32), prod.db, googleToken), unreachable('Google'), jwksUrl);
    }
  });

  test('employer SSO: a company’s key set out of reach is a 503 naming the company’s sign-in', async () => {
    const sso = `${testStage.url}/sso/v1`;
    const down = { domain: 'down-idp.test', issuer: 'https://login.down-idp.test', clientId: 'haven-at-down' };
    const connection = await addConnection(testStage.db, { ...down, jwksUri: `${keyServer.origin}/fails-500/down/keys` });
    const n = nonce();
    const id_token = await signed(trusted, { iss: down.issuer, aud: down.clientId, email: `e-${process.pid}@${down.domain}`, nonce: n });
    outOfReach(await call(`${sso}/sign_in`, { body: { connection, id_token, nonce: n } }), 'your company’s sign-in', 'company key set 500');
  });
});
