// Partner employees on company subdomains: the public site lookup, the single-use hand-off
// exchanged through b2b_link, the linked logout, and the employee's package.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { as, serverPerFile, call, credsFrom, signIn, type Session, type TestServer } from './helpers.js';
import { assertClientError } from './assert-helpers.js';
import { DEMO_ORGANISATIONS } from '../src/seed/demo-accounts.js';
import { limitsFor } from '../src/config/limits.js';

let srv: TestServer;
let api: string;
const server = serverPerFile();
before(async () => {
  srv = await server();
  api = srv.api;
});

const ACME = DEMO_ORGANISATIONS.acme.uuid;
const INITECH = DEMO_ORGANISATIONS.initech.uuid;
const B2B_ERROR = 'Error authenticating user. Please provide a valid token.';

async function handoff(s: Session) {
  const r = await as(s, `${api}/customers/partner_handoff`, { method: 'POST' });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body as { jwt_token: string; company_profile_uuid: string; short_code: string; expires_in: number };
}
async function exchange(jwt: string, company: string = ACME) {
  const r = await call(`${api}/b2b_link`, { body: { jwt_token: jwt, company_profile_uuid: company } });
  return { r, session: { headers: credsFrom(r.headers), user: r.body?.data } as Session };
}

describe('company site lookup', () => {
  test('by short_code, public: name, uuid, flags; no short_code or unknown: 404', async () => {
    const r = await call(`${api}/partner_sites/acme`);
    assert.equal(r.status, 200);
    assert.deepEqual(r.body.data, {
      company_profile: { name: 'Acme Corp', uuid: ACME, short_code: 'acme' },
      feature_flags: { show_card_dashboard: true },
    });
    assertClientError(await call(`${api}/partner_sites/globex`), 404);
    assertClientError(await call(`${api}/partner_sites/${DEMO_ORGANISATIONS.globex.uuid}`), 404);
    assertClientError(await call(`${api}/partner_sites/ACME.evil`), 400);
  });
});

describe('hand-off to the subdomain', () => {
  test('signs the same employee in once; a replay, or the link for another company, signs nobody in', async () => {
    const main = await signIn(api, 'employee@acme.test');
    const h = await handoff(main);
    assert.deepEqual([h.company_profile_uuid, h.short_code, h.expires_in], [ACME, 'acme', 60]);
    // bound to the company: presented as Initech's, it is refused (and not consumed)
    const foreign = await exchange(h.jwt_token, INITECH);
    assertClientError(foreign.r, 422, B2B_ERROR);
    const first = await exchange(h.jwt_token);
    assert.equal(first.r.status, 200);
    assert.equal(first.session.user.email, 'employee@acme.test');
    assertClientError((await exchange(h.jwt_token)).r, 422, B2B_ERROR);
  });

  test('only a business user whose company has a subdomain gets one; signed out: 401', async () => {
    assertClientError(await as(await signIn(api, 'patient@haven.test'), `${api}/customers/partner_handoff`, { method: 'POST' }), 422);
    assertClientError(await as(await signIn(api, 'employee@globex.test'), `${api}/customers/partner_handoff`, { method: 'POST' }), 422);
    assertClientError(await call(`${api}/customers/partner_handoff`, { method: 'POST' }), 401);
  });

  test('logging out on the subdomain ends the main-site session, and the reverse; other sessions stay', async () => {
    for (const side of ['subdomain', 'main'] as const) {
      const main = await signIn(api, 'employee@acme.test');
      const other = await signIn(api, 'employee@acme.test'); // another device of the same person
      const { session: sub } = await exchange((await handoff(main)).jwt_token);
      assert.equal((await as(sub, `${api}/auth/validate_token`)).status, 200);
      const [leaving, staying] = side === 'subdomain' ? [sub, main] : [main, sub];
      assert.equal((await as(leaving, `${api}/customers/logout`, { method: 'DELETE' })).status, 200);
      const after = await as(staying, `${api}/auth/validate_token`);
      assert.equal(after.status, 403, side);
      assert.equal(after.body.is_device_logged_out, true);
      assert.equal((await as(other, `${api}/auth/validate_token`)).status, 200, 'an unlinked device is untouched');
    }
  });

  test('rate-limited per account: 429 with Retry-After and code rate_limited', async () => {
    const s = await signIn(api, 'cf@initech.test');
    const max = limitsFor('test').partner_handoff_user[0]!.max;
    for (let i = 0; i < max; i++) assert.equal((await as(s, `${api}/customers/partner_handoff`, { method: 'POST' })).status, 200);
    const r = await as(s, `${api}/customers/partner_handoff`, { method: 'POST' });
    assert.equal(r.status, 429);
    assert.equal(r.body.code, 'rate_limited');
    assert.ok(Number(r.headers.get('retry-after')) > 0);
  });
});

describe('the employee package', () => {
  test('package fields, sessions left as the bookings use them, my providers; each sees only their own', async () => {
    const acme = await as(await signIn(api, 'employee@acme.test'), `${api}/customers/partner_package`);
    assert.equal(acme.status, 200);
    assert.equal(acme.body.is_package_client, true);
    assert.equal(acme.body.org_package_for, 'therapy');
    assert.deepEqual(acme.body.package.info.analytics, { package_type: 'b2b', package_sub_type: 'therapy_6' });
    assert.equal(acme.body.sessions_total, 6);
    assert.equal(acme.body.sessions_left, 6);
    assert.equal(acme.body.mytherapist.firstname, 'Kabir');
    assert.equal(acme.body.mypsychiatrist, null);
    assert.equal(acme.body.package_coach.firstname, 'Arjun');
    assert.equal(acme.body.package_coach_id, acme.body.package_coach.uuid);
    const patient = await as(await signIn(api, 'patient@haven.test'), `${api}/customers/partner_package`);
    assert.equal(patient.body.is_package_client, false);
    assert.equal(patient.body.sessions_left, 0);
    assert.notEqual(patient.body.mytherapist?.uuid, acme.body.mytherapist.uuid);
    assertClientError(await call(`${api}/customers/partner_package`), 401);
  });
});

describe('CORS for company sites', () => {
  test('a pattern https://*.host allows one company label there, nothing else', async () => {
    const { isAllowedOrigin } = await import('../src/app.js');
    const { loadConfig } = await import('../src/core/config.js');
    const { corsOrigins } = loadConfig(
      { HAVEN_CORS_ORIGINS: 'https://app.haven.care, https://*.partners.haven.care' },
      { stage: 'development' },
    );
    for (const [origin, ok] of [
      ['https://app.haven.care', true],
      ['https://acme.partners.haven.care', true],
      ['https://partners.haven.care', false],
      ['https://a.b.partners.haven.care', false],
      ['http://acme.partners.haven.care', false],
      ['https://acme.partners.haven.care.evil.com', false],
      ['https://acmepartners.haven.care', false],
      ['https://acme.partners-haven.care', false],
      ['http://acme.partners.localhost:3000', false],
    ] as const)
      assert.equal(isAllowedOrigin(origin, corsOrigins, false), ok, origin);
    assert.throws(() => loadConfig({ HAVEN_CORS_ORIGINS: 'https://*.com' }), /subdomain pattern/);
    assert.throws(() => loadConfig({ HAVEN_CORS_ORIGINS: 'https://*.evil.com/path' }), /subdomain pattern/);
  });
});
