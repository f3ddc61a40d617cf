// Every proof names exactly whom and what it is for: a partner's kli link signs in the one employee it
// names, once; a hand-off token dies with the session that minted it; a provider's identity signs in
// only to the account linked to it (or links after the owner's proof); identity tokens are taken once.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { as, call, credsFrom, googleCredential, partnerProofFor, signIn, signUpWithCode, waitForOutbox } from './helpers.js';
import { assertClientError } from './assert-helpers.js';
import { ACME, DEMO_PASSWORD, GLOBEX, signInSuite, type TestServer } from './sign-in-kit.js';
import { signDevelopmentIdToken } from '../src/identity/jwks.js';
import { issueCode } from '../src/identity/proofs.js';

let srv: TestServer;
let api: string;
signInSuite({}, async (s) => {
  srv = s;
  api = s.api;
  // A colleague of the demo Acme employee, with the next CRN (CRNs are short and sequential).
  await srv.db.query(
    `INSERT INTO users (firebaseid, usertype, email, first_name, last_name, organisation_id, is_verified, email_verified_at, crn)
     SELECT 'fb-colleague-1002', 'employee', 'colleague@acme.test', 'Mira', 'Shah', organisation_id, true, now(), 'CRN1002' FROM users WHERE email = 'employee@acme.test'`,
  );
});

async function kliLink(crn: string, org: string = ACME): Promise<string> {
  const r = await call(`${api}/dev/kli_link?company_profile_uuid=${org}&crn=${encodeURIComponent(crn)}`);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return (r.body as { jwt_token: string }).jwt_token;
}
const kli = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call(`${api}/customers/kli/auto_login`, { body, headers });

describe('kli auto-login: the partner vouches for one employee, once', () => {
  test('one proof and one link cannot sign in a second employee, even with 12 CRNs sent at once', async () => {
    const proof = await partnerProofFor(api, ACME);
    const jwt_token = await kliLink('CRN1001');
    const crns = [
      'CRN1002',
      'CRN1001',
      'CRN1000',
      'CRN1003',
      'CRN1001',
      'CRN1002',
      'CRN1004',
      'CRN1005',
      'CRN1001',
      'CRN1006',
      'CRN1007',
      'CRN1008',
    ];
    const answers = await Promise.all(crns.map((crn) => kli({ crn, jwt_token }, proof)));
    const signedIn = answers.filter((r) => r.status === 200).map((r) => (r.body as { data: { email: string } }).data.email);
    assert.deepEqual(signedIn, ['employee@acme.test'], 'exactly the one named employee, once');
    for (const r of answers.filter((a) => a.status !== 200)) {
      assertClientError(r, 422, 'Unable to log in with this CRN');
      assert.equal(r.headers.get('access-token'), null);
    }
  });

  test("the organisation's code alone (no partner link) signs in nobody, whatever the CRN", async () => {
    const proof = await partnerProofFor(api, ACME);
    const answers = await Promise.all(['CRN1001', 'CRN1002'].map((crn) => kli({ crn }, proof)));
    for (const r of answers) assertClientError(r, 422, 'Unable to log in with this CRN');
  });

  test("a link for one CRN, another organisation's link or proof, a forged link: the same 422, and the link is not used up", async () => {
    const proof = await partnerProofFor(api, ACME);
    const forCrn1001 = await kliLink('CRN1001');
    const answers = [
      await kli({ crn: 'CRN1002', jwt_token: forCrn1001 }, proof),
      await kli({ crn: 'CRN1001', jwt_token: await kliLink('CRN1001', GLOBEX) }, proof),
      await kli({ crn: 'CRN1001', jwt_token: forCrn1001 }, await partnerProofFor(api, GLOBEX)),
      await kli({ crn: 'CRN1001', jwt_token: `${forCrn1001.slice(0, -4)}AAAA` }, proof),
      await kli({ crn: 'CRN1001', jwt_token: forCrn1001 }),
    ];
    for (const r of answers) assertClientError(r, 422, 'Unable to log in with this CRN');
    assert.equal(new Set(answers.map((r) => r.body.message)).size, 1);
    const ok = await kli({ crn: 'CRN1001', jwt_token: forCrn1001 }, proof);
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.equal((ok.body as { data: { email: string } }).data.email, 'employee@acme.test');
    assertClientError(await kli({ crn: 'CRN1001', jwt_token: forCrn1001 }, proof), 422, 'Unable to log in with this CRN');
  });

  test('a kli link is no b2b link or partner session, and a sign-in link by e-mail is no kli link', async () => {
    const link = await kliLink('CRN1001');
    assertClientError(await call(`${api}/b2b_link`, { body: { jwt_token: link, company_profile_uuid: ACME } }), 422);
    assertClientError(
      await call(`${api}/customers/partner_sessions`, {
        body: { jwt_token: link, company_profile_uuid: ACME },
        headers: await partnerProofFor(api, ACME),
      }),
      422,
    );
    const byEmail = (await call(`${api}/dev/partner_token?company_profile_uuid=${ACME}&email=colleague@acme.test`)).body
      .jwt_token as string;
    assertClientError(await kli({ crn: 'CRN1002', jwt_token: byEmail }, await partnerProofFor(api, ACME)), 422);
  });
});

describe('hand-off tokens end with the session that minted them', () => {
  const handoff = async (s: Awaited<ReturnType<typeof signIn>>) =>
    (await as(s, `${api}/customers/partner_handoff`, { method: 'POST' })).body.jwt_token as string;
  const exchange = (jwt: string) => call(`${api}/b2b_link`, { body: { jwt_token: jwt, company_profile_uuid: ACME } });

  for (const how of ['logout', 'sign_out', 'remove_all'] as const) {
    test(`minted before ${how}: starts no session after it`, async () => {
      const main = await signIn(api, 'employee@acme.test');
      const jwt = await handoff(main);
      const out =
        how === 'sign_out'
          ? await as(main, `${api}/auth/sign_out`, { method: 'DELETE' })
          : await as(main, `${api}/customers/logout${how === 'remove_all' ? '?remove_all=true' : ''}`, { method: 'DELETE' });
      assert.equal(out.status, 200);
      const r = await exchange(jwt);
      assertClientError(r, 422);
      assert.equal(r.headers.get('access-token'), null);
    });
  }

  test('honest path: while the minting session lives, the hand-off signs the same person in', async () => {
    const main = await signIn(api, 'employee@acme.test');
    const r = await exchange(await handoff(main));
    assert.equal(r.status, 200);
    assert.equal(credsFrom(r.headers).uid !== '', true);
    assert.equal((r.body as { data: { email: string } }).data.email, 'employee@acme.test');
  });

  test('a hand-off token is no partner-session token', async () => {
    const jwt = await handoff(await signIn(api, 'employee@acme.test'));
    assertClientError(
      await call(`${api}/customers/partner_sessions`, {
        body: { jwt_token: jwt, company_profile_uuid: ACME },
        headers: await partnerProofFor(api, ACME),
      }),
      422,
    );
  });
});

// ---- provider identities: linking, never taking ----

let nonces = 0;
const nonce = () => `nonce-${process.pid}-${++nonces}-${Math.random().toString(36).slice(2, 8)}`;
let seq = 0;
const uniqueEmail = (what: string) => `${what}-${process.pid}-${++seq}@northwind.test`;
const NORTHWIND_ISSUER = 'northwind';

/** A private patient who signed up with a work address of a company that has SSO, and proved it. */
async function privatePatient(): Promise<{ email: string; uuid: string }> {
  const email = uniqueEmail('private');
  const r = await signUpWithCode(api, {
    email,
    password: DEMO_PASSWORD,
    password_confirmation: DEMO_PASSWORD,
    first_name: 'Private',
    last_name: 'Patient',
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  await srv.db.query(`UPDATE users SET email_verified_at = now() WHERE email = $1`, [email]);
  return { email, uuid: (r.body as { data: { uuid: string } }).data.uuid };
}

/** An ID token of the Northwind development provider for `email` and `subject`, with this sign-in's nonce. */
async function ssoToken(email: string, o: { subject?: string; nonce?: string | null; jti?: string } = {}) {
  const n = o.nonce === undefined ? nonce() : o.nonce;
  const [c] = await srv.db.query<{ issuer: string; client_id: string; uuid: string }>(
    `SELECT issuer, client_id, uuid::text FROM sso_connections WHERE dev_slug = $1`,
    [NORTHWIND_ISSUER],
  );
  const id_token = await signDevelopmentIdToken(
    { email, email_verified: true, given_name: 'Anna', family_name: 'Berg', ...(n ? { nonce: n } : {}), ...(o.jti ? { jti: o.jti } : {}) },
    { issuer: c!.issuer, audience: c!.client_id, subject: o.subject ?? `sub-${email}`, ttlS: 300 },
  );
  return { connection: c!.uuid, id_token, ...(n ? { nonce: n } : {}) };
}
const ssoSignIn = (body: Record<string, unknown>) => call(`${srv.url}/sso/v1/sign_in`, { body });
const link = (body: Record<string, unknown>) => call(`${api}/customers/link_identity`, { body });

describe('SSO: account linking, never account taking', () => {
  test('an employer identity cannot open a private account with the same e-mail: 409 link_required, nothing signed in', async () => {
    const p = await privatePatient();
    const r = await ssoSignIn(await ssoToken(p.email));
    assert.equal(r.status, 409, JSON.stringify(r.body));
    assert.equal(r.body.code, 'link_required');
    assert.equal(r.body.email, p.email);
    assert.equal(typeof r.body.link_token, 'string');
    assert.deepEqual(r.body.ways, { password: true, code: true });
    assert.equal(r.headers.get('access-token'), null, 'no session');
    // Nothing linked: the next token of that identity meets the same answer.
    assert.equal((await ssoSignIn(await ssoToken(p.email))).status, 409);
  });

  test("links after the owner's password, then that identity signs in to the account; a wrong password links nothing", async () => {
    const p = await privatePatient();
    const first = await ssoSignIn(await ssoToken(p.email, { subject: `emp-${p.email}` }));
    assert.equal(first.status, 409);
    const wrong = await link({ link_token: first.body.link_token, password: 'not-the-password' });
    assertClientError(wrong, 422, 'not right');
    assert.equal(wrong.headers.get('access-token'), null);
    assert.equal((await ssoSignIn(await ssoToken(p.email, { subject: `emp-${p.email}` }))).status, 409, 'a wrong proof did not link');

    const ok = await link({ link_token: first.body.link_token, password: DEMO_PASSWORD });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.equal(ok.body.data.uuid, p.uuid);
    assert.ok(ok.headers.get('access-token'));
    assertClientError(await link({ link_token: first.body.link_token, password: DEMO_PASSWORD }), 422, 'already used');
    const again = await ssoSignIn(await ssoToken(p.email, { subject: `emp-${p.email}` }));
    assert.equal(again.status, 200);
    assert.equal(again.body.data.uuid, p.uuid);
    // Another person of the same provider with the same e-mail is not that link.
    assert.equal((await ssoSignIn(await ssoToken(p.email, { subject: `other-${p.email}` }))).status, 409);
  });

  test("links after a one-time code to the account's e-mail; a wrong code links nothing", async () => {
    const p = await privatePatient();
    const first = await ssoSignIn(await ssoToken(p.email));
    assert.equal((await call(`${api}/customers/link_identity/code`, { body: { link_token: first.body.link_token } })).status, 200);
    const code = (await waitForOutbox(api, p.email, 'email')).body.data[0].code as string;
    const wrongCode = code === '000000' ? '111111' : '000000';
    assertClientError(await link({ link_token: first.body.link_token, code: wrongCode }), 422, 'not right');
    assert.equal((await ssoSignIn(await ssoToken(p.email))).status, 409);
    // A sign-in code of that e-mail is no link code.
    const signInCode = await issueCode(srv.db, 'sign-in', 'email', p.email);
    if (signInCode !== code) assertClientError(await link({ link_token: first.body.link_token, code: signInCode }), 422);
    const ok = await link({ link_token: first.body.link_token, code });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.equal(ok.body.data.uuid, p.uuid);
  });

  test('a link token names one account and one identity: forged or for another account, refused', async () => {
    const a = await privatePatient();
    const r = await ssoSignIn(await ssoToken(a.email));
    const [h, pl, s] = (r.body.link_token as string).split('.');
    assertClientError(
      await link({ link_token: `${h}.${pl}.${s!.startsWith('A') ? 'B' : 'A'}${s!.slice(1)}`, password: DEMO_PASSWORD }),
      422,
      'expired',
    );
    // The holder's password does not link someone else's identity to the holder's account.
    const b = await privatePatient();
    assertClientError(await link({ link_token: r.body.link_token, password: 'x'.repeat(10) }), 422);
    const viaB = await link({ link_token: r.body.link_token, password: DEMO_PASSWORD });
    assert.equal(viaB.body.data.uuid, a.uuid, 'the token links only the account it names');
    assert.notEqual(viaB.body.data.uuid, b.uuid);
  });

  test('a new e-mail gets a new account of the organisation, linked', async () => {
    const email = uniqueEmail('new');
    const r = await ssoSignIn(await ssoToken(email));
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.data.usertype, 'employee');
    assert.equal((await ssoSignIn(await ssoToken(email))).body.data.uuid, r.body.data.uuid);
  });
});

describe('Apple, Facebook and Google: the same rule', () => {
  test('each meets link_required for an existing account it is not linked to', async () => {
    const p = await privatePatient();
    const n = nonce();
    const apple = (await call(`${api}/dev/apple_credential?email=${encodeURIComponent(p.email)}&nonce=${n}`)).body.id_token;
    const fb = (await call(`${api}/dev/facebook_token?email=${encodeURIComponent(p.email)}`)).body.access_token;
    const google = await googleCredential(api, p.email);
    for (const r of [
      await call(`${api}/customers/apple_sign_in`, { body: { id_token: apple, nonce: n } }),
      await call(`${api}/customers/facebook_sign_in`, { body: { access_token: fb } }),
      await call(`${api}/customers/google_sign_in`, { body: { credential: google } }),
    ]) {
      assert.equal(r.status, 409, JSON.stringify(r.body));
      assert.equal(r.body.code, 'link_required');
      assert.equal(r.headers.get('access-token'), null);
    }
  });
});

describe('identity tokens: nonce required, each token and nonce once', () => {
  test('a replayed SSO token is refused, also when two arrive at once', async () => {
    const email = uniqueEmail('replay');
    const t = await ssoToken(email);
    const [a, b] = await Promise.all([ssoSignIn(t), ssoSignIn(t)]);
    assert.deepEqual([a.status, b.status].sort(), [200, 422]);
    assertClientError(await ssoSignIn(t), 422, 'Company sign-in failed');
  });

  test('an SSO token without a nonce, or sent without its nonce, is refused', async () => {
    const email = uniqueEmail('nonce');
    const bare = await ssoToken(email, { nonce: null });
    assertClientError(await ssoSignIn({ ...bare, nonce: 'some-nonce-value' }), 422, 'Company sign-in failed');
    const t = await ssoToken(email);
    assertClientError(await ssoSignIn({ connection: t.connection, id_token: t.id_token }), 400, 'nonce');
  });

  test('a nonce is single-use: a second token with the same nonce is refused', async () => {
    const n = nonce();
    assert.equal((await ssoSignIn(await ssoToken(uniqueEmail('n1'), { nonce: n }))).status, 200);
    assertClientError(await ssoSignIn(await ssoToken(uniqueEmail('n2'), { nonce: n })), 422);
  });

  test('Apple: a replayed token and a token without its nonce are refused', async () => {
    const email = `apple-replay-${process.pid}@example.com`;
    const n = nonce();
    const id_token = (await call(`${api}/dev/apple_credential?email=${encodeURIComponent(email)}&nonce=${n}`)).body.id_token;
    assert.equal((await call(`${api}/customers/apple_sign_in`, { body: { id_token, nonce: n } })).status, 200);
    assertClientError(await call(`${api}/customers/apple_sign_in`, { body: { id_token, nonce: n } }), 422, 'Apple login failed');
    const bare = (await call(`${api}/dev/apple_credential?email=${encodeURIComponent(email)}`)).body.id_token;
    assertClientError(
      await call(`${api}/customers/apple_sign_in`, { body: { id_token: bare, nonce: nonce() } }),
      422,
      'Apple login failed',
    );
    assertClientError(await call(`${api}/customers/apple_sign_in`, { body: { id_token: bare } }), 400, 'nonce');
  });

  test('used tokens are recorded in the database (any api process refuses the replay)', async () => {
    const t = await ssoToken(uniqueEmail('db'), { jti: `jti-${process.pid}-db` });
    assert.equal((await ssoSignIn(t)).status, 200);
    const rows = await srv.db.query<{ jti: string }>(`SELECT jti FROM used_token_ids WHERE jti LIKE $1`, [`%jti-${process.pid}-db`]);
    assert.equal(rows.length, 1);
  });
});
