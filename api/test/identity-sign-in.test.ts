// Every way in ends in identity's one signIn: each answers the same session (the five credential
// headers, which then authenticate) and the same user shape with that user's realtime token. Sessions
// rotate inside their rules and end when revoked, at the module level.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import { serverPerFile, call, credsFrom, googleCredential, signUpWithCode, waitForOutbox, type Res, type TestServer } from './helpers.js';
import { DEMO_ORGANISATIONS, DEMO_PASSWORD } from '../src/seed/demo-accounts.js';
import { DEV_SSO_ORGANISATIONS, devIssuerOf } from '../src/seed/signin.js';
import { signDevelopmentIdToken } from '../src/identity/jwks.js';
import { findUser } from '../src/identity/accounts.js';
import {
  BATCH_WINDOW_MS,
  checkCredentials,
  createClient,
  logOut,
  revokeAllBut,
  revokeClient,
  rotate,
  type Credentials,
} from '../src/identity/sessions.js';

let srv: TestServer;
let api: string;
const server = serverPerFile();
before(async () => {
  srv = await server();
  api = srv.api;
});

let seq = 0;
const fresh = (what: string) => `${what}-${process.pid}-${++seq}@example.com`;
const nonce = () => `n-${randomBytes(9).toString('base64url')}`;
const dev = async (path: string, q: Record<string, string>) => (await call(`${api}/dev/${path}?${new URLSearchParams(q)}`)).body;
const partnerProof = async (org: string) => ({
  'partner-proof': (
    await call(`${api}/customers/organisations_integration/${org}/verify_totp_code`, {
      body: { code: (await dev('totp', { id: org })).code },
    })
  ).body.partner_proof as string,
});
const ACME = DEMO_ORGANISATIONS.acme.uuid;

/** Each way in, from its own proof to its answer. */
const ways: Record<string, () => Promise<Res>> = {
  password: () => call(`${api}/auth/sign_in`, { body: { email: 'patient@haven.test', password: DEMO_PASSWORD } }),
  'sign-up': () => signUpWithCode(api, { email: fresh('signup'), password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD }),
  'one-time code': async () => {
    const email = fresh('otp');
    await call(`${api}/otp/send`, { body: { channel: 'email', email } });
    const code = (await waitForOutbox(api, email, 'email')).body.data[0].code as string;
    return call(`${api}/otp/verify`, { body: { channel: 'email', email, code, create_account: true } });
  },
  'reset link': async () => {
    const email = fresh('reset');
    await signUpWithCode(api, { email, password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD });
    await call(`${api}/auth/password`, { body: { email } });
    // The sign-up code came first; the reset e-mail is written just after the answer.
    const token = (await waitForOutbox(api, email, 'email', 2)).body.data[0].code as string;
    return call(`${api}/auth/password`, {
      method: 'PUT',
      body: { password: 'another-pass-1', password_confirmation: 'another-pass-1', reset_password_token: token },
    });
  },
  google: async () =>
    call(`${api}/customers/google_sign_in`, {
      body: { credential: await googleCredential(api, fresh('google')) },
    }),
  apple: async () => {
    const n = nonce();
    return call(`${api}/customers/apple_sign_in`, {
      body: { id_token: (await dev('apple_credential', { email: fresh('apple'), nonce: n })).id_token, nonce: n },
    });
  },
  facebook: async () =>
    call(`${api}/customers/facebook_sign_in`, {
      body: { access_token: (await dev('facebook_token', { email: fresh('facebook') })).access_token },
    }),
  sso: async () => {
    const org = DEV_SSO_ORGANISATIONS[0]!;
    const connection = (await call(`${srv.url}/sso/v1/domain_check?email=${encodeURIComponent(org.employee.email)}`)).body
      .connection as string;
    const n = nonce();
    const idToken = await signDevelopmentIdToken(
      { email: org.employee.email, email_verified: true, nonce: n },
      { issuer: devIssuerOf(org.slug), audience: org.clientId, subject: 'sso-person', ttlS: 300 },
    );
    return call(`${srv.url}/sso/v1/sign_in`, { body: { connection, id_token: idToken, nonce: n } });
  },
  'linked after proof': async () => {
    // patient@haven.test holds the e-mail: the Google sign-in answers 409, the password links and signs in.
    const refused = await call(`${api}/customers/google_sign_in`, {
      body: { credential: await googleCredential(api, 'newpatient@haven.test') },
    });
    assert.equal(refused.status, 409);
    return call(`${api}/customers/link_identity`, { body: { link_token: refused.body.link_token, password: DEMO_PASSWORD } });
  },
  'b2b link': async () =>
    call(`${api}/b2b_link`, {
      body: {
        company_profile_uuid: ACME,
        jwt_token: (await dev('partner_token', { company_profile_uuid: ACME, email: fresh('b2b') })).jwt_token,
      },
    }),
  'partner session': async () =>
    call(`${api}/customers/partner_sessions`, {
      headers: await partnerProof(ACME),
      body: {
        company_profile_uuid: ACME,
        jwt_token: (await dev('partner_token', { company_profile_uuid: ACME, email: fresh('partner') })).jwt_token,
      },
    }),
  'kli link': async () =>
    call(`${api}/customers/kli/auto_login`, {
      headers: await partnerProof(ACME),
      body: { crn: 'CRN1001', jwt_token: (await dev('kli_link', { company_profile_uuid: ACME, crn: 'CRN1001' })).jwt_token },
    }),
  'app token': async () =>
    call(`${api}/customers/decode_token`, {
      method: 'POST',
      headers: { 'jwt-token': (await dev('app_token', { email: 'intl@haven.test' })).app_token },
    }),
};

describe('every way in ends in one signIn', () => {
  test("each answers the five credential headers, which authenticate, and the same user shape with that user's realtime token", async () => {
    let shape: string[] | undefined;
    for (const [way, go] of Object.entries(ways)) {
      const r = await go();
      assert.equal(r.status, 200, `${way}: ${JSON.stringify(r.body)}`);
      for (const h of ['access-token', 'client', 'uid', 'expiry']) assert.ok(r.headers.get(h), `${way}: ${h} header`);
      assert.equal(r.headers.get('token-type'), 'Bearer', way);
      const user = (r.body.data ?? r.body.user) as Record<string, unknown>;
      shape ??= Object.keys(user).sort();
      assert.deepEqual(Object.keys(user).sort(), shape, `${way}: the user shape`);
      assert.equal(
        (decodeJwt(user.fb_token as string).claims as Record<string, unknown>).haven_uuid,
        user.uuid,
        `${way}: the realtime token is this user's`,
      );
      const me = await call(`${api}/auth/validate_token`, { headers: credsFrom(r.headers) });
      assert.equal(me.status, 200, way);
      assert.equal(me.body.data.uuid, user.uuid, `${way}: the credentials are this user's`);
    }
  });
});

describe('sessions', () => {
  const t0 = Date.parse('2030-01-01T00:00:00Z');
  const check = (c: Credentials, now: number) => checkCredentials(srv.db, { token: c.accessToken, client: c.client, uid: c.uid }, now);
  const status = (p: Promise<unknown>) =>
    p.then(
      () => 200,
      (e: { statusCode?: number }) => e.statusCode,
    );
  const account = async () => (await findUser(srv.db, 'email', 'couple@haven.test'))!;

  test('rotation: none inside the batch window; after it a new token, the old one good only for the window', async () => {
    const first = await createClient(srv.db, await account(), undefined, t0);
    assert.equal(await rotate(srv.db, await check(first, t0 + 1000), t0 + 1000), null, 'inside the window');
    const t1 = t0 + BATCH_WINDOW_MS;
    const second = (await rotate(srv.db, await check(first, t1), t1))!;
    assert.notEqual(second.accessToken, first.accessToken);
    assert.equal(second.client, first.client);
    assert.equal(await status(check(second, t1 + 1)), 200);
    assert.equal(await status(check(first, t1 + 1000)), 200, 'the previous token inside the window');
    assert.equal(await status(check(first, t1 + BATCH_WINDOW_MS)), 401, 'the previous token after the window');
    assert.equal(
      await rotate(srv.db, await check(first, t1 + 1000), t1 + BATCH_WINDOW_MS + 1000),
      null,
      'the previous token never rotates',
    );
  });

  test('revocation: a revoked device answers 403 is_device_logged_out; revokeAllBut keeps one; logOut everywhere ends all and the realtime tokens', async () => {
    const u = await account();
    const [a, b, c] = [
      await createClient(srv.db, u, undefined, t0),
      await createClient(srv.db, u, undefined, t0),
      await createClient(srv.db, u, undefined, t0),
    ];
    await revokeClient(srv.db, (await check(a, t0)).row.token_id, 'test');
    await assert.rejects(
      check(a, t0),
      (e: { statusCode: number; extra?: Record<string, unknown> }) => e.statusCode === 403 && e.extra?.is_device_logged_out === true,
    );
    await revokeAllBut(srv.db, u.id, (await check(b, t0)).row.token_id, 'test');
    assert.equal(await status(check(b, t0)), 200);
    assert.equal(await status(check(c, t0)), 403);
    const before = Number(u.firebase_tokens_valid_after_ms);
    await logOut(srv.db, u.id, (await check(b, t0)).row.token_id, true);
    assert.equal(await status(check(b, t0)), 403);
    assert.ok(Number((await findUser(srv.db, 'id', u.id))!.firebase_tokens_valid_after_ms) > before, 'the realtime tokens end too');
  });

  test('logging out one of a linked pair ends the other; logging out an unlinked device ends only it', async () => {
    const u = await account();
    const [a, b, c] = [
      await createClient(srv.db, u, undefined, t0),
      await createClient(srv.db, u, undefined, t0),
      await createClient(srv.db, u, undefined, t0),
    ];
    await srv.db.query(`UPDATE auth_tokens SET session_link = $1 WHERE client = ANY($2::text[])`, [
      `link-${process.pid}`,
      [a.client, b.client],
    ]);
    await logOut(srv.db, u.id, (await check(a, t0)).row.token_id, false);
    assert.equal(await status(check(a, t0)), 403);
    assert.equal(await status(check(b, t0)), 403, 'the linked session');
    assert.equal(await status(check(c, t0)), 200, 'an unlinked device');
  });
});
