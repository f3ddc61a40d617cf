// Every proof names exactly whom and what it is for: a partner's kli link signs in the one employee it
// names, once; a hand-off token dies with the session that minted it.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { as, boot, call, credsFrom, partnerProofFor, signIn } from './helpers.js';
import { assertClientError } from './assert-helpers.js';
import { DEMO_ORGANISATIONS } from '../src/seed/demo-accounts.js';

let srv: Awaited<ReturnType<typeof boot>>;
let api: string;
before(async () => {
  srv = await boot();
  api = srv.api;
  // A colleague of the demo Acme employee, with the next CRN (CRNs are short and sequential).
  await srv.db.query(
    `INSERT INTO users (firebaseid, usertype, email, first_name, last_name, organisation_id, is_verified, email_verified_at, crn)
     SELECT 'fb-colleague-1002', 'employee', 'colleague@acme.test', 'Mira', 'Shah', organisation_id, true, now(), 'CRN1002' FROM users WHERE email = 'employee@acme.test'`);
});
after(async () => { await srv.close(); });

const ACME = DEMO_ORGANISATIONS.acme.uuid;
const GLOBEX = DEMO_ORGANISATIONS.globex.uuid;

async function kliLink(crn: string, org = ACME): Promise<string> {
  const r = await call(`${api}/dev/kli_link?company_profile_uuid=${org}&crn=${encodeURIComponent(crn)}`);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return (r.body as { jwt_token: string }).jwt_token;
}
const kli = (body: Record<string, unknown>, headers: Record<string, string> = {}) => call(`${api}/customers/kli/auto_login`, { body, headers });

describe('kli auto-login: the partner vouches for one employee, once', () => {
  test('one proof and one link cannot sign in a second employee, even with 12 CRNs sent at once', async () => {
    const proof = await partnerProofFor(api, ACME);
    const jwt_token = await kliLink('CRN1001');
    const crns = ['CRN1002', 'CRN1001', 'CRN1000', 'CRN1003', 'CRN1001', 'CRN1002', 'CRN1004', 'CRN1005', 'CRN1001', 'CRN1006', 'CRN1007', 'CRN1008'];
    const answers = await Promise.all(crns.map((crn) => kli({ crn, jwt_token }, proof)));
    const signedIn = answers.filter((r) => r.status === 200).map((r) => (r.body as { data: { email: string } }).data.email);
    assert.deepEqual(signedIn, ['employee@acme.test'], 'exactly the one named employee, once');
    for (const r of answers.filter((a) => a.status !== 200)) {
      assertClientError(r, 422, 'Unable to log in with this CRN');
      assert.equal(r.headers.get('access-token'), null);
    }
  });

  test('the organisation\'s code alone (no partner link) signs in nobody, whatever the CRN', async () => {
    const proof = await partnerProofFor(api, ACME);
    const answers = await Promise.all(['CRN1001', 'CRN1002'].map((crn) => kli({ crn }, proof)));
    for (const r of answers) assertClientError(r, 422, 'Unable to log in with this CRN');
  });

  test('a link for one CRN, another organisation\'s link or proof, a forged link: the same 422, and the link is not used up', async () => {
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
    assertClientError(await call(`${api}/customers/partner_sessions`, { body: { jwt_token: link, company_profile_uuid: ACME }, headers: await partnerProofFor(api, ACME) }), 422);
    const byEmail = (await call(`${api}/dev/partner_token?company_profile_uuid=${ACME}&email=colleague@acme.test`)).body.jwt_token as string;
    assertClientError(await kli({ crn: 'CRN1002', jwt_token: byEmail }, await partnerProofFor(api, ACME)), 422);
  });
});

describe('hand-off tokens end with the session that minted them', () => {
  const handoff = async (s: Awaited<ReturnType<typeof signIn>>) => (await as(s, `${api}/customers/partner_handoff`, { method: 'POST' })).body.jwt_token as string;
  const exchange = (jwt: string) => call(`${api}/b2b_link`, { body: { jwt_token: jwt, company_profile_uuid: ACME } });

  for (const how of ['logout', 'sign_out', 'remove_all'] as const) {
    test(`minted before ${how}: starts no session after it`, async () => {
      const main = await signIn(api, 'employee@acme.test');
      const jwt = await handoff(main);
      const out = how === 'sign_out'
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
    assertClientError(await call(`${api}/customers/partner_sessions`, { body: { jwt_token: jwt, company_profile_uuid: ACME }, headers: await partnerProofFor(api, ACME) }), 422);
  });
});
