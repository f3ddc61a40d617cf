// Employer SSO on its own base (/sso/v1): the domain check (answers for domains, never for
// accounts), the development OpenID provider (authorization code + PKCE), and the sign-in with its ID
// token (signature, issuer, audience, expiry, nonce, the connection's domain).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { boot, call } from './helpers.js';
import { assertClientError } from './assert-helpers.js';
import { signDevelopmentIdToken } from '../src/identity/jwks.js';
import { DEV_SSO_ORGANISATIONS, devIssuerOf } from '../src/seed/signin.js';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts.js';
import { limitsFor } from '../src/config/limits.js';

let srv: Awaited<ReturnType<typeof boot>>;
let sso: string;
before(async () => {
  srv = await boot();
  sso = `${srv.url}/sso/v1`;
});
after(async () => {
  await srv.close();
});

const [northwind, contoso] = DEV_SSO_ORGANISATIONS as [(typeof DEV_SSO_ORGANISATIONS)[0], (typeof DEV_SSO_ORGANISATIONS)[0]];
const REDIRECT = 'http://localhost:3000/auth/sso/callback';
const check = (email: string) => call(`${sso}/domain_check?email=${encodeURIComponent(email)}`);
const form = (url: string, fields: Record<string, string>) =>
  fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

/** A nonce of one sign-in, as the web client makes it (the api takes each once). */
const freshNonce = () => `n-${randomBytes(9).toString('base64url')}`;
/** One authorization-code round trip at the development provider, as the web client makes it. */
async function roundTrip(org = northwind, o: { nonce?: string; verifier?: string } = {}) {
  const verifier = randomBytes(32).toString('base64url');
  const params = {
    response_type: 'code',
    client_id: org.clientId,
    redirect_uri: REDIRECT,
    scope: 'openid email profile',
    state: 'st-1',
    nonce: o.nonce ?? freshNonce(),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  };
  const r = await form(`${sso}/dev-idp/${org.slug}/authorize`, { ...params, email: org.employee.email, password: DEMO_PASSWORD });
  assert.equal(r.status, 303);
  const to = new URL(r.headers.get('location')!);
  assert.equal(`${to.origin}${to.pathname}`, REDIRECT);
  assert.equal(to.searchParams.get('state'), 'st-1');
  assert.equal(to.searchParams.get('iss'), devIssuerOf(org.slug));
  const code = to.searchParams.get('code')!;
  return {
    code,
    verifier: o.verifier ?? verifier,
    params,
    nonce: params.nonce,
    token: () =>
      form(`${sso}/dev-idp/${org.slug}/token`, {
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT,
        client_id: org.clientId,
        code_verifier: o.verifier ?? verifier,
      }),
  };
}
/** An ID token and the nonce it carries. */
const idToken = async () => {
  const rt = await roundTrip();
  return { id_token: ((await (await rt.token()).json()) as { id_token: string }).id_token, nonce: rt.nonce };
};
const connectionOf = async (email: string) => (await check(email)).body.connection as string;

describe('SSO domain check', () => {
  test('a domain with a connection: the same answer for the employee, a stranger and a subdomain; none for others', async () => {
    const known = await check(northwind.employee.email);
    assert.equal(known.status, 200);
    assert.equal(known.body.sso, true);
    assert.equal(known.body.organisation_name, 'Northwind Traders');
    assert.equal(known.body.issuer, devIssuerOf('northwind'));
    assert.equal(known.body.client_id, northwind.clientId);
    assert.deepEqual((await check('nobody-here@northwind.test')).body, known.body, 'no account: same answer');
    assert.deepEqual((await check('Someone@EU.Northwind.test')).body, known.body, 'subdomain, any case');
    for (const e of ['patient@haven.test', 'someone@gmail.com', 'x@northwind.test.evil.com', 'half@typed']) {
      assert.deepEqual((await check(e)).body, { sso: false }, e);
    }
    assert.equal((await check(contoso.employee.email)).body.organisation_name, 'Contoso');
  });
});

describe('development OpenID provider', () => {
  test('discovery and keys', async () => {
    const d = await call(`${sso}/dev-idp/northwind/.well-known/openid-configuration`);
    assert.equal(d.body.issuer, devIssuerOf('northwind'));
    assert.deepEqual(d.body.code_challenge_methods_supported, ['S256']);
    const k = await call(`${sso}/dev-idp/northwind/jwks`);
    assert.equal(k.body.keys[0].kty, 'RSA');
    assert.equal(k.body.keys[0].d, undefined);
  });

  test('the sign-in page; a foreign redirect address or client is refused without a redirect', async () => {
    const q = new URLSearchParams({
      response_type: 'code',
      client_id: northwind.clientId,
      redirect_uri: REDIRECT,
      scope: 'openid',
      code_challenge: 'a'.repeat(43),
      code_challenge_method: 'S256',
      login_hint: 'anna@northwind.test',
    });
    const r = await fetch(`${sso}/dev-idp/northwind/authorize?${q}`);
    assert.equal(r.status, 200);
    const html = await r.text();
    assert.match(html, /<label for="password">Password<\/label>/);
    assert.match(r.headers.get('content-security-policy')!, /form-action 'self' http:\/\/localhost:3000/);
    // Its one inline stylesheet is allowed by its hash, nothing else inline.
    const csp = r.headers.get('content-security-policy')!;
    assert.doesNotMatch(csp, /'unsafe-inline'/);
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
    assert.match(csp, new RegExp(`style-src 'sha256-${createHash('sha256').update(style).digest('base64').replace(/[+/]/g, '\\$&')}'`));
    q.set('redirect_uri', 'https://evil.example/auth/sso/callback');
    assert.equal((await fetch(`${sso}/dev-idp/northwind/authorize?${q}`, { redirect: 'manual' })).status, 400);
    q.set('redirect_uri', REDIRECT);
    q.set('client_id', contoso.clientId);
    assert.equal((await fetch(`${sso}/dev-idp/northwind/authorize?${q}`, { redirect: 'manual' })).status, 400);
  });

  test('a wrong password shows the page again; codes work once, only with the PKCE verifier', async () => {
    const q = {
      response_type: 'code',
      client_id: northwind.clientId,
      redirect_uri: REDIRECT,
      scope: 'openid',
      code_challenge: 'a'.repeat(43),
      code_challenge_method: 'S256',
    };
    const wrong = await form(`${sso}/dev-idp/northwind/authorize`, { ...q, email: northwind.employee.email, password: 'not-it-at-all' });
    assert.equal(wrong.status, 200);
    assert.match(await wrong.text(), /role="alert"/);
    const bad = await roundTrip(northwind, { verifier: randomBytes(32).toString('base64url') });
    const refused = await bad.token();
    assert.equal(refused.status, 400);
    assert.equal(((await refused.json()) as { error: string }).error, 'invalid_grant');
    const good = await roundTrip();
    const t = await good.token();
    assert.equal(t.status, 200);
    assert.ok(((await t.json()) as { id_token: string }).id_token);
    assert.equal((await good.token()).status, 400, 'used once');
  });
});

describe('SSO sign-in', () => {
  test('the ID token signs the employee in to a new account of the organisation, then the same account', async () => {
    const rt = await roundTrip();
    const { id_token } = (await (await rt.token()).json()) as { id_token: string };
    const connection = await connectionOf(northwind.employee.email);
    const r = await call(`${sso}/sign_in`, { body: { connection, id_token, nonce: rt.nonce } });
    assert.equal(r.status, 200);
    assert.equal(r.body.data.email, northwind.employee.email);
    assert.equal(r.body.data.usertype, 'employee');
    assert.equal(r.body.data.organisation_name, 'Northwind Traders');
    assert.ok(r.headers.get('access-token'));
    const again = await call(`${sso}/sign_in`, { body: { connection, ...(await idToken()) } });
    assert.equal(again.body.data.uuid, r.body.data.uuid);
  });

  test('refused: another connection (issuer, audience), wrong nonce, expired, another audience, an e-mail outside the domain, a tampered token', async () => {
    const nw = await connectionOf(northwind.employee.email);
    const co = await connectionOf(contoso.employee.email);
    const { id_token: token, nonce } = await idToken();
    assertClientError(await call(`${sso}/sign_in`, { body: { connection: co, id_token: token, nonce } }), 422, 'Company sign-in failed');
    assertClientError(
      await call(`${sso}/sign_in`, { body: { connection: nw, id_token: token, nonce: 'another-nonce' } }),
      422,
      'Company sign-in failed',
    );
    const n = 'nonce-of-the-forgeries';
    const sign = (claims: Record<string, unknown>, ttlS = 300, audience = northwind.clientId) =>
      signDevelopmentIdToken(
        { email_verified: true, nonce: n, ...claims },
        { issuer: devIssuerOf('northwind'), audience, subject: 's', ttlS },
      );
    assertClientError(
      await call(`${sso}/sign_in`, { body: { connection: nw, id_token: await sign({ email: 'anna@northwind.test' }, -120), nonce: n } }),
      422,
    );
    assertClientError(
      await call(`${sso}/sign_in`, { body: { connection: nw, id_token: await sign({ email: 'patient@haven.test' }), nonce: n } }),
      422,
      'Company sign-in failed',
    );
    assertClientError(
      await call(`${sso}/sign_in`, {
        body: { connection: nw, id_token: await sign({ email: 'anna@northwind.test' }, 300, 'someone-else'), nonce: n },
      }),
      422,
    );
    const [h, p, s] = token.split('.');
    assertClientError(
      await call(`${sso}/sign_in`, {
        body: { connection: nw, id_token: `${h}.${p}.${s!.startsWith('A') ? 'B' : 'A'}${s!.slice(1)}`, nonce },
      }),
      422,
    );
    assertClientError(
      await call(`${sso}/sign_in`, { body: { connection: '00000000-0000-4000-8000-000000000000', id_token: token, nonce } }),
      422,
    );
    // The patient's account was not touched by the token that named it outside the domain.
    assert.equal(
      (await call(`${srv.url}/api/v1/auth/sign_in`, { body: { email: 'patient@haven.test', password: DEMO_PASSWORD } })).status,
      200,
    );
  });
});

describe('SSO rate limits (development stage: the production numbers per address)', () => {
  test('domain checks and refused ID tokens answer 429 with Retry-After and rate_limited', async () => {
    const dev = await boot({ stage: 'development' });
    try {
      const base = `${dev.url}/sso/v1`;
      const limits = limitsFor('development');
      for (let i = 0; i < limits.sso_domain_check_address[0]!.max; i += 1)
        assert.equal((await call(`${base}/domain_check?email=a${i}@northwind.test`)).status, 200);
      const over = await call(`${base}/domain_check?email=b@contoso.test`);
      assert.equal(over.status, 429);
      assert.ok(Number(over.headers.get('retry-after')) > 0);
      assert.equal(over.body.code, 'rate_limited');
      const connection = '00000000-0000-4000-8000-000000000000';
      for (let i = 0; i < limits.sso_sign_in_failed_address[0]!.max; i += 1)
        assert.equal((await call(`${base}/sign_in`, { body: { connection, id_token: `x${i}`, nonce: `nonce-x-${i}` } })).status, 422);
      const limited = await call(`${base}/sign_in`, { body: { connection, id_token: 'x', nonce: 'nonce-x-last' } });
      assert.equal(limited.status, 429);
      assert.equal(limited.body.code, 'rate_limited');
    } finally {
      await dev.close();
    }
  });
});
