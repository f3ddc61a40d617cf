// "nobody signs in as somebody else": each attack that was reproduced against the api, now
// failing, beside the honest path that still works. The limits run on an injected clock (stepped over
// their windows, never slept through) and with the development numbers (not the test stage's looser
// per-address limits); every test starts in fresh windows.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { as, call, credsFrom, googleCredential, partnerProofFor, signIn, signUpWithCode, waitForOutbox, type Res } from './helpers.js';
import { assertClientError } from './assert-helpers.js';
import { ACME, DEMO_PASSWORD, GLOBEX, signInSuite, type TestServer } from './sign-in-kit.js';
import { SignJWT } from 'jose';
import { PARTNER_JWT_AUDIENCE } from '../src/identity/tokens.js';
import { SIGN_IN_LOCKOUT, limitsFor } from '../src/config/limits.js';
import { readFile, readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

let now = Date.now();
let srv: TestServer;
let api: string;
signInSuite({ clock: () => now, stage: 'development' }, (s) => {
  srv = s;
  api = s.api;
});

const LIMITS = limitsFor('development');
/** Every window of every limit has passed (lockouts stay: they are not windows). */
const freshWindows = () => {
  now += 25 * 3600_000;
};
const advance = (s: number) => {
  now += s * 1000;
};

function assertRateLimited(r: Res, maxS?: number) {
  assert.equal(r.status, 429, JSON.stringify(r.body));
  const retry = Number(r.headers.get('retry-after'));
  assert.ok(Number.isInteger(retry) && retry >= 1, `Retry-After ${r.headers.get('retry-after')}`);
  if (maxS) assert.ok(retry <= maxS, `Retry-After ${retry} > ${maxS}`);
  assert.equal(r.body.code, 'rate_limited');
  assert.equal(r.body.retry_after, retry);
  assert.equal(r.body.success, false);
}

const send = (body: Record<string, unknown>) => call(`${api}/otp/send`, { body });
async function codeFor(to: string, channel: string): Promise<string> {
  return (await waitForOutbox(api, to, channel)).body.data[0].code as string;
}
async function otpSignIn(body: Record<string, unknown>, to: string) {
  assert.equal((await send(body)).status, 200);
  return call(`${api}/otp/verify`, { body: { ...body, code: await codeFor(to, body.channel as string) } });
}
/** Sign-up as the page does it: with the code sent to the e-mail, unless the body carries its own proof. */
const signUp = (body: { email: string } & Record<string, unknown>) =>
  body.verification_token !== undefined || body.code !== undefined
    ? call(`${api}/auth`, { body: { password: 'squatter-pass1', ...body } })
    : signUpWithCode(api, { password: 'squatter-pass1', ...body });
/** An account made before sign-up proved anything (a squat): its e-mail is unproven. */
const unprove = (email: string) => srv.db.query(`UPDATE users SET email_verified_at = NULL WHERE email = $1`, [email]);
const passwordSignIn = (email: string, password: string) => call(`${api}/auth/sign_in`, { body: { email, password } });
const orgSecret = async (uuid: string) =>
  (await srv.db.query<{ partner_secret: string }>(`SELECT partner_secret FROM organisations WHERE uuid::text = $1`, [uuid]))[0]!
    .partner_secret;

describe('attack 1: another country code with the same national digits', () => {
  test('+1 9876543210 is not the +91 9876543210 patient: no credentials, a sign-up proof for +1 only', async () => {
    freshWindows();
    const r = await otpSignIn({ channel: 'sms', mobile: '9876543210', country_code: '1' }, '+19876543210');
    assert.equal(r.status, 200);
    assert.equal(r.body.account_exists, false);
    assert.equal(r.body.data, null);
    assert.equal(r.headers.get('access-token'), null);
    assert.ok(r.body.verification_token);
  });

  test('sign-up, account_exists and profile changes compare the full number', async () => {
    freshWindows();
    // +91 9876543210 is the patient's: a sign-up naming it (not the address it proved) keeps it for a code.
    const taken = await signUp({ email: 'digits@example.com', mobile: '9876543210', country_code: '91' });
    assert.equal(taken.status, 200, JSON.stringify(taken.body));
    assert.equal(taken.body.data.mobile, null);
    assert.match(taken.body.contact_change.message, /\+919876543210/);
    // the same digits under another country code are another number
    const other = await signUp({ email: 'digits1@example.com', mobile: '9876543210', country_code: '1' });
    assert.equal(other.status, 200);
    assert.match(other.body.contact_change.message, /\+19876543210/);
    assert.equal((await call(`${api}/customers/account_exists?mobile=9876543210&country_code=44`)).body.account_exists, false);
    assert.equal((await call(`${api}/customers/account_exists?mobile=9876543210&country_code=91`)).body.account_exists, true);
  });

  test('honest path: the +91 owner signs in with a code to +919876543210', async () => {
    freshWindows();
    const r = await otpSignIn({ channel: 'sms', mobile: '9876543210', country_code: '91' }, '+919876543210');
    assert.equal(r.body.account_exists, true);
    assert.equal(r.body.data.email, 'patient@haven.test');
  });
});

describe('a profile edit or a sign-up never says whose a number or e-mail is; a sign-up proof works once', () => {
  test("a sign-up naming another person's number or e-mail answers as for a free one: a code to it, nothing saved, nothing told", async () => {
    freshWindows();
    const shape = (r: Res, typed: string) =>
      JSON.stringify({
        status: r.status,
        keys: Object.keys(r.body).sort(),
        mobileSaved: (r.body.data as { mobile: string | null }).mobile !== null,
        emailSaved: (r.body.data as { email: string | null }).email !== null,
        contact_change: (r.body.contact_change as { kind: string; message: string }).message.replace(typed, 'X'),
        kind: (r.body.contact_change as { kind: string }).kind,
      });
    // An e-mail proved with its code, beside a number: the patient's (+91 9876543210), or nobody's.
    const takenNumber = await signUp({ email: `n-taken-${process.pid}@example.com`, mobile: '9876543210', country_code: '91' });
    const freeNumber = await signUp({ email: `n-free-${process.pid}@example.com`, mobile: '9123400031', country_code: '91' });
    assert.equal(shape(takenNumber, '+919876543210'), shape(freeNumber, '+919123400031'));
    assert.equal((await waitForOutbox(api, '+919876543210', 'sms')).status, 200, 'the code went to the number typed');
    // A number proved on the log-in page, beside an e-mail: the patient's (patient@haven.test), or nobody's.
    const proveNumber = async (mobile: string) =>
      (await otpSignIn({ channel: 'sms', mobile, country_code: '91' }, `+91${mobile}`)).body.verification_token as string;
    const takenMail = await signUp({
      email: 'patient@haven.test',
      mobile: '9123400032',
      country_code: '91',
      verification_token: await proveNumber('9123400032'),
    });
    const freeMail = await signUp({
      email: `e-free-${process.pid}@example.com`,
      mobile: '9123400033',
      country_code: '91',
      verification_token: await proveNumber('9123400033'),
    });
    assert.equal(shape(takenMail, 'patient@haven.test'), shape(freeMail, `e-free-${process.pid}@example.com`));
    assert.equal(takenMail.body.data.email, null, 'the e-mail is not saved before its code');
    assert.equal(takenMail.body.contact_change.kind, 'email');
  });

  test('the e-mail or number a sign-up named joins the account once its code comes back, and is listed until then', async () => {
    freshWindows();
    const s = await signUp({ email: `later-${process.pid}@example.com`, mobile: '9123400034', country_code: '91' });
    const me = { headers: credsFrom(s.headers), user: s.body.data };
    const pending = await as(me, `${api}/customers/contact_change`);
    assert.deepEqual(pending.body.data, [{ kind: 'phone', destination: '+919123400034' }]);
    const code = await codeFor('+919123400034', 'sms');
    const done = await as(me, `${api}/customers/contact_change/verify`, { body: { kind: 'phone', code } });
    assert.equal(done.status, 200, JSON.stringify(done.body));
    assert.equal(done.body.data.mobile, '9123400034');
    assert.deepEqual((await as(me, `${api}/customers/contact_change`)).body.data, []);
  });

  test("another person's number and a free number get the same answer: a code to the number, nothing saved, nothing told", async () => {
    freshWindows();
    const me = await signUp({ email: `lookup-${process.pid}@example.com` });
    assert.equal(me.status, 200, JSON.stringify(me.body));
    const session = { headers: credsFrom(me.headers), user: {} };
    const edit = (mobile: string) =>
      as(session, `${api}/customers/profile_info`, { method: 'PUT', body: { first_name: 'Asha', country_code: '91', mobile } });
    // +91 9876543210 is patient@haven.test's; +91 9123400001 is nobody's. A trunk 0 is the same number.
    const taken = await edit('09876543210');
    const free = await edit('9123400001');
    for (const r of [taken, free]) {
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.equal(r.body.data.mobile, null, 'the number is not saved before its code');
      assert.equal(r.body.data.first_name, 'Asha', 'the rest of the edit is saved');
      assert.equal(r.body.contact_change.kind, 'phone');
    }
    const shape = (r: Res, n: string) =>
      JSON.stringify({ ...r.body, data: null, contact_change: (r.body.contact_change as { message: string }).message.replace(n, 'N') });
    assert.equal(shape(taken, '+919876543210'), shape(free, '+919123400001'), 'the answers differ only in the number typed');
    // The code went to each number typed (its owner sees a code they did not ask for, nothing more).
    assert.equal((await waitForOutbox(api, '+919876543210', 'sms')).status, 200);
    assert.equal((await waitForOutbox(api, '+919123400001', 'sms')).status, 200);
  });

  test('number edits are counted before anything happens: a list of numbers cannot be tried one after another', async () => {
    freshWindows();
    const me = await signUp({ email: `lookups-${process.pid}@example.com` });
    const session = { headers: credsFrom(me.headers), user: {} };
    const max = LIMITS.contact_change_user[0]!.max;
    for (let i = 0; i < max; i++) {
      const r = await as(session, `${api}/customers/profile_info`, {
        method: 'PUT',
        body: { country_code: '91', mobile: `91234000${10 + i}` },
      });
      assert.equal(r.status, 200, JSON.stringify(r.body));
    }
    assertRateLimited(
      await as(session, `${api}/customers/profile_info`, { method: 'PUT', body: { country_code: '91', mobile: '9876543210' } }),
    );
    // Edits without a new number are not limited.
    assert.equal((await as(session, `${api}/customers/profile_info`, { method: 'PUT', body: { first_name: 'Asha' } })).status, 200);
  });

  test('a sign-up verification token is taken once: a second sign-up with it is refused before any lookup', async () => {
    freshWindows();
    const r = await otpSignIn({ channel: 'sms', mobile: '9123400077', country_code: '91' }, '+919123400077');
    const token = r.body.verification_token as string;
    assert.ok(token);
    // The first use answers (here: the number is proved; the patient's e-mail beside it waits for its code).
    assert.equal(
      (await signUp({ email: 'patient@haven.test', mobile: '9123400077', country_code: '91', verification_token: token })).status,
      200,
    );
    // The same token again, for another e-mail: refused as used, saying nothing about that e-mail.
    for (const email of ['intl@haven.test', `nobody-${process.pid}@example.com`]) {
      assertClientError(
        await signUp({ email, mobile: '9123400077', country_code: '91', verification_token: token }),
        422,
        'Verification token is invalid or has expired',
      );
    }
  });
});

describe('attack 2: kli log-in by CRN with no secret', () => {
  test("no partner proof, another organisation's proof, an unknown CRN: the same 422", async () => {
    freshWindows();
    const answers = [
      await call(`${api}/customers/kli/auto_login`, { body: { crn: 'CRN1001' } }),
      await call(`${api}/customers/kli/auto_login`, { body: { crn: 'CRN1001' }, headers: await partnerProofFor(api, GLOBEX) }),
      await call(`${api}/customers/kli/auto_login`, { body: { crn: 'CRN-UNKNOWN' }, headers: await partnerProofFor(api, ACME) }),
      await call(`${api}/customers/kli/auto_login`, { body: { crn: 'CRN1001' }, headers: { 'partner-proof': 'forged' } }),
    ];
    for (const r of answers) {
      assertClientError(r, 422, 'Unable to log in with this CRN');
      assert.equal(r.headers.get('access-token'), null);
    }
    assert.equal(new Set(answers.map((r) => r.body.message)).size, 1, 'unknown and wrong CRNs answer alike');
  });

  test("honest path: the organisation's proof and the partner's kli link naming its own CRN", async () => {
    freshWindows();
    const link = (await call(`${api}/dev/kli_link?company_profile_uuid=${ACME}&crn=CRN1001`)).body.jwt_token;
    const r = await call(`${api}/customers/kli/auto_login`, {
      body: { crn: 'CRN1001', jwt_token: link },
      headers: await partnerProofFor(api, ACME),
    });
    assert.equal(r.status, 200);
    assert.equal(r.body.data.email, 'employee@acme.test');
  });
});

describe('attack 3: the partner one-time code protected nothing', () => {
  test("meta_info without the proof, with a forged one or another organisation's: 403", async () => {
    freshWindows();
    assertClientError(await call(`${api}/customers/organisations_integration/${ACME}/meta_info`), 403);
    assertClientError(
      await call(`${api}/customers/organisations_integration/${ACME}/meta_info`, { headers: { 'partner-proof': 'forged' } }),
      403,
    );
    assertClientError(
      await call(`${api}/customers/organisations_integration/${ACME}/meta_info`, { headers: await partnerProofFor(api, GLOBEX) }),
      403,
    );
    // signed in, but not a member of Acme
    assertClientError(
      await as(await signIn(api, 'employee@globex.test'), `${api}/customers/organisations_integration/${ACME}/meta_info`),
      403,
    );
  });

  test('honest path: the verified code answers a proof that opens meta_info by uuid and short_code', async () => {
    freshWindows();
    const proof = await partnerProofFor(api, 'acme');
    assert.equal((await call(`${api}/customers/organisations_integration/${ACME}/meta_info`, { headers: proof })).status, 200);
    assert.equal(
      (await call(`${api}/customers/organisations_integration/acme/meta_info`, { headers: proof })).body.data.company_profile.uuid,
      ACME,
    );
  });
});

describe('attack 4: partner JWTs that live forever', () => {
  const mint = async (org: string, edit: (j: SignJWT) => SignJWT, secret?: string) =>
    edit(new SignJWT({ email: 'employee@acme.test' }).setProtectedHeader({ alg: 'HS256' })).sign(
      new TextEncoder().encode(secret ?? (await orgSecret(org))),
    );
  const full = (j: SignJWT) =>
    j.setIssuer(ACME).setAudience(PARTNER_JWT_AUDIENCE).setIssuedAt().setExpirationTime('5m').setJti(crypto.randomUUID());

  test('no exp, exp beyond 5 minutes, no jti, wrong aud or iss, expired, the guessable old secret: refused', async () => {
    freshWindows();
    const bad = [
      await mint(ACME, (j) => j.setIssuer(ACME).setAudience(PARTNER_JWT_AUDIENCE).setIssuedAt().setJti('a1')),
      await mint(ACME, (j) => j.setIssuer(ACME).setAudience(PARTNER_JWT_AUDIENCE).setIssuedAt().setExpirationTime('1h').setJti('a2')),
      await mint(ACME, (j) => j.setIssuer(ACME).setAudience(PARTNER_JWT_AUDIENCE).setIssuedAt().setExpirationTime('5m')),
      await mint(ACME, (j) => j.setIssuer(ACME).setAudience('someone-else').setIssuedAt().setExpirationTime('5m').setJti('a3')),
      await mint(ACME, (j) => j.setIssuer(GLOBEX).setAudience(PARTNER_JWT_AUDIENCE).setIssuedAt().setExpirationTime('5m').setJti('a4')),
      await mint(ACME, (j) =>
        j
          .setIssuer(ACME)
          .setAudience(PARTNER_JWT_AUDIENCE)
          .setIssuedAt(Math.floor(Date.now() / 1000) - 600)
          .setExpirationTime(Math.floor(Date.now() / 1000) - 300)
          .setJti('a5'),
      ),
      await mint(ACME, full, 'partner-secret-acme'),
    ];
    for (const [i, jwt] of bad.entries()) {
      assert.equal((await call(`${api}/b2b_link`, { body: { jwt_token: jwt, company_profile_uuid: ACME } })).status, 422, `token ${i}`);
    }
  });

  test('a token works once (jti), also across b2b_link and partner sessions', async () => {
    freshWindows();
    const jwt = await mint(ACME, full);
    assert.equal((await call(`${api}/b2b_link`, { body: { jwt_token: jwt, company_profile_uuid: ACME } })).status, 200);
    assertClientError(await call(`${api}/b2b_link`, { body: { jwt_token: jwt, company_profile_uuid: ACME } }), 422);
    assertClientError(
      await call(`${api}/customers/partner_sessions`, {
        body: { jwt_token: jwt, company_profile_uuid: ACME },
        headers: await partnerProofFor(api, ACME),
      }),
      422,
    );
  });

  test("partner sessions also need the organisation's partner proof; honest path with both", async () => {
    freshWindows();
    assertClientError(
      await call(`${api}/customers/partner_sessions`, { body: { jwt_token: await mint(ACME, full), company_profile_uuid: ACME } }),
      422,
      'Invalid auth token',
    );
    assertClientError(
      await call(`${api}/customers/partner_sessions`, {
        body: { jwt_token: await mint(ACME, full), company_profile_uuid: ACME },
        headers: await partnerProofFor(api, GLOBEX),
      }),
      422,
    );
    const ok = await call(`${api}/customers/partner_sessions`, {
      body: { jwt_token: await mint(ACME, full), company_profile_uuid: ACME },
      headers: await partnerProofFor(api, ACME),
    });
    assert.equal(ok.status, 200);
    assert.equal(ok.body.data.email, 'employee@acme.test');
  });

  test('seed secrets are random per database', async () => {
    const secrets = await srv.db.query<{ partner_secret: string; totp_secret: string }>(
      `SELECT partner_secret, totp_secret FROM organisations`,
    );
    for (const s of secrets) {
      assert.ok(s.partner_secret.length >= 32 && !s.partner_secret.startsWith('partner-secret'), 'partner secret');
      assert.ok(s.totp_secret.length >= 20 && !s.totp_secret.startsWith('totp-secret'), 'totp secret');
    }
    assert.equal(new Set(secrets.map((s) => s.partner_secret)).size, secrets.length);
  });
});

describe("attack 5: an account made with somebody else's e-mail or number", () => {
  test("a code to the victim's number claims the squatted account: the squatter's password and sessions end, the owner is told", async () => {
    freshWindows();
    const squat = await signUp({ email: 'squatter5@example.com', mobile: '9000000501', country_code: '91' });
    assert.equal(squat.status, 200);
    assert.equal(squat.body.data.mobile, null, 'a sign-up never saves a number it did not prove');
    // An account from before that rule, holding a number nobody proved (a squat):
    await srv.db.query(`UPDATE users SET mobile = '9000000501', country_code = '91' WHERE email = 'squatter5@example.com'`);
    await unprove('squatter5@example.com');
    advance(31); // the number's send slot, taken by the sign-up's own code to it
    const squatter = { headers: credsFrom(squat.headers), user: squat.body.data };
    const r = await otpSignIn({ channel: 'sms', mobile: '9000000501', country_code: '91' }, '+919000000501');
    assert.equal(r.body.account_exists, true);
    assertClientError(await passwordSignIn('squatter5@example.com', 'squatter-pass1'), 401);
    assert.equal((await as(squatter, `${api}/customers/profile_info`)).status, 403, "the squatter's device is logged out");
    const notice = (await waitForOutbox(api, '+919000000501', 'sms')).body.data[0];
    assert.match(notice.subject, /password removed/);
  });

  test('Google never merges silently into an account whose e-mail nobody proved', async () => {
    freshWindows();
    assert.equal((await signUp({ email: 'victim5@example.com' })).status, 200);
    await unprove('victim5@example.com');
    const cred = await googleCredential(api, 'victim5@example.com');
    const g = await call(`${api}/customers/google_sign_in`, { body: { credential: cred } });
    // Nothing merged: the owner proves the account first, and the squatter's password proves nothing.
    assert.equal(g.status, 409);
    assert.deepEqual(g.body.ways, { password: false, code: true });
    assertClientError(
      await call(`${api}/customers/link_identity`, { body: { link_token: g.body.link_token, password: 'squatter-pass1' } }),
      422,
    );
    assert.equal((await call(`${api}/customers/link_identity/code`, { body: { link_token: g.body.link_token } })).status, 200);
    const code = (await waitForOutbox(api, 'victim5@example.com', 'email')).body.data[0].code;
    assert.equal((await call(`${api}/customers/link_identity`, { body: { link_token: g.body.link_token, code } })).status, 200);
    assertClientError(await passwordSignIn('victim5@example.com', 'squatter-pass1'), 401);
    assert.match((await waitForOutbox(api, 'victim5@example.com', 'email')).body.data[0].subject, /password removed/);
  });

  test("a squatter who proved their own e-mail loses the victim's number; the victim gets a sign-up proof", async () => {
    freshWindows();
    const own = await otpSignIn({ channel: 'email', email: 'squatter5b@example.com' }, 'squatter5b@example.com');
    const s = await signUp({
      email: 'squatter5b@example.com',
      mobile: '9000000502',
      country_code: '91',
      verification_token: own.body.verification_token,
    });
    assert.equal(s.status, 200);
    const r = await otpSignIn({ channel: 'whatsapp', mobile: '9000000502', country_code: '91' }, '+919000000502');
    assert.equal(r.body.account_exists, false);
    assert.ok(r.body.verification_token);
    assert.equal((await passwordSignIn('squatter5b@example.com', 'squatter-pass1')).body.data.mobile, null);
  });

  test("a squatter who proved their own number and used the victim's e-mail: the victim's reset link takes the e-mail back, not the account", async () => {
    freshWindows();
    const own = await otpSignIn({ channel: 'sms', mobile: '9000000504', country_code: '91' }, '+919000000504');
    const squat = await signUp({
      email: 'victim5c@example.com',
      mobile: '9000000504',
      country_code: '91',
      verification_token: own.body.verification_token,
    });
    assert.equal(squat.status, 200);
    assert.equal(squat.body.data.email, null, 'a sign-up never saves an e-mail it did not prove');
    // An account from before that rule, holding an e-mail nobody proved (a squat):
    await srv.db.query(`UPDATE users SET email = 'victim5c@example.com' WHERE id = $1`, [squat.body.data.id]);
    await call(`${api}/auth/password`, { body: { email: 'victim5c@example.com' } });
    // The reset instructions (the sign-up's own code for this e-mail went there first).
    const mails = (await waitForOutbox(api, 'victim5c@example.com', 'email', 2)).body.data as { subject: string; code: string }[];
    const token = mails.find((m) => /Reset password/.test(m.subject))!.code;
    const r = await call(`${api}/auth/password`, {
      method: 'PUT',
      body: { password: 'victim-pass1', password_confirmation: 'victim-pass1', reset_password_token: token },
    });
    assertClientError(r, 422, 'no longer on that account');
    assert.equal(r.headers.get('access-token'), null);
    // the address is free for its owner now (after the e-mail's send slot the reset took)
    advance(31);
    assert.equal((await signUp({ email: 'victim5c@example.com', password: 'victim-pass1' })).status, 200);
  });

  test('honest path: sign-up with a verification token is proven; a later code signs in and the password keeps working', async () => {
    freshWindows();
    const v = await otpSignIn({ channel: 'sms', mobile: '9000000503', country_code: '91' }, '+919000000503');
    assert.equal(v.body.account_exists, false);
    // the token proves this number only
    assertClientError(
      await signUp({
        email: 'other5@example.com',
        mobile: '9000000599',
        country_code: '91',
        verification_token: v.body.verification_token,
      }),
      422,
      'Verification token',
    );
    assertClientError(await signUp({ email: 'other5@example.com', verification_token: 'forged' }), 422, 'Verification token');
    const s = await signUp({
      email: 'honest5@example.com',
      password: 'honest-pass1',
      mobile: '9000000503',
      country_code: '91',
      verification_token: v.body.verification_token,
    });
    assert.equal(s.status, 200);
    assert.equal(s.body.data.is_verified, true);
    // The e-mail beside the proved number joins once its own code comes back.
    assert.equal(s.body.contact_change.kind, 'email');
    const me = { headers: credsFrom(s.headers), user: s.body.data };
    const mailCode = await codeFor('honest5@example.com', 'email');
    assert.equal((await as(me, `${api}/customers/contact_change/verify`, { body: { kind: 'email', code: mailCode } })).status, 200);
    advance(31);
    const again = await otpSignIn({ channel: 'sms', mobile: '9000000503', country_code: '91' }, '+919000000503');
    assert.equal(again.body.data.email, 'honest5@example.com');
    assert.equal((await passwordSignIn('honest5@example.com', 'honest-pass1')).status, 200);
  });
});

describe('attack 6: reset links to any site; older reset tokens', () => {
  test('a redirect_url off the allow-list is refused and nothing is sent', async () => {
    freshWindows();
    for (const url of [
      'https://evil.example.com/set-password',
      'http://localhost:3000.evil.com/set-password',
      'http://localhost:3000/elsewhere',
    ]) {
      assertClientError(
        await call(`${api}/auth/password`, { body: { email: 'patient@haven.test', redirect_url: url } }),
        422,
        'redirect_url',
      );
    }
    assert.equal(
      (await call(`${api}/dev/outbox?to=patient@haven.test&channel=email`)).body.data.filter((m: { subject: string }) =>
        m.subject.startsWith('Reset'),
      ).length,
      0,
    );
  });

  test('a newer reset token voids the older; using one voids the rest; honest path signs in', async () => {
    freshWindows();
    await signUp({ email: 'reset6@example.com' });
    const tokens: string[] = [];
    for (let i = 1; i <= 2; i++) {
      assert.equal(
        (
          await call(`${api}/auth/password`, {
            body: { email: 'reset6@example.com', redirect_url: 'http://acme.partners.localhost:3000/set-password' },
          })
        ).status,
        200,
      );
      // After the sign-up code: the i-th reset e-mail.
      tokens.push((await waitForOutbox(api, 'reset6@example.com', undefined, i + 1)).body.data[0].code);
    }
    assert.notEqual(tokens[0], tokens[1]);
    const put = (token: string, password: string) =>
      call(`${api}/auth/password`, { method: 'PUT', body: { password, password_confirmation: password, reset_password_token: token } });
    assertClientError(await put(tokens[0]!, 'new-pass-one'), 422, 'invalid');
    assert.equal((await put(tokens[1]!, 'new-pass-two')).status, 200);
    assertClientError(await put(tokens[1]!, 'new-pass-three'), 422, 'invalid');
    assert.equal((await passwordSignIn('reset6@example.com', 'new-pass-two')).status, 200);
  });
});

describe('attack 7: sessions that outlive a password change or logout everywhere', () => {
  test('a reset ends every other device (403 is_device_logged_out)', async () => {
    freshWindows();
    await signUp({ email: 'devices7@example.com', password: 'first-pass1' });
    const other = await signIn(api, 'devices7@example.com', 'first-pass1');
    await call(`${api}/auth/password`, { body: { email: 'devices7@example.com' } });
    // After the sign-up code: the reset e-mail.
    const token = (await waitForOutbox(api, 'devices7@example.com', undefined, 2)).body.data[0].code;
    assert.equal(
      (
        await call(`${api}/auth/password`, {
          method: 'PUT',
          body: { password: 'second-pass1', password_confirmation: 'second-pass1', reset_password_token: token },
        })
      ).status,
      200,
    );
    const r = await as(other, `${api}/customers/profile_info`);
    assertClientError(r, 403);
    assert.equal(r.body.is_device_logged_out, true);
  });

  test('a change of password ends every other device; this one carries on', async () => {
    freshWindows();
    await signUp({ email: 'change7@example.com', password: 'first-pass1' });
    const here = await signIn(api, 'change7@example.com', 'first-pass1');
    const there = await signIn(api, 'change7@example.com', 'first-pass1');
    assert.equal(
      (
        await as(here, `${api}/auth/password`, {
          method: 'PUT',
          body: { password: 'second-pass1', password_confirmation: 'second-pass1', current_password: 'first-pass1' },
        })
      ).status,
      200,
    );
    assert.equal((await as(there, `${api}/customers/profile_info`)).body.is_device_logged_out, true);
    assert.equal((await as(here, `${api}/customers/profile_info`)).status, 200);
  });

  test("logout everywhere revokes the realtime database's refresh tokens too", async () => {
    freshWindows();
    await signUp({ email: 'realtime7@example.com', password: 'first-pass1' });
    const s = await signIn(api, 'realtime7@example.com', 'first-pass1');
    const fb = await call(`${srv.url}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=k`, {
      body: { token: s.user.fb_token, returnSecureToken: true },
    });
    assert.equal(fb.status, 200);
    const refresh = () =>
      call(`${srv.url}/securetoken.googleapis.com/v1/token?key=k`, {
        body: { grant_type: 'refresh_token', refresh_token: fb.body.refreshToken },
      });
    assert.equal((await refresh()).status, 200, 'honest path: the refresh token works while signed in');
    assert.equal((await as(s, `${api}/customers/logout?remove_all=true`, { method: 'DELETE' })).status, 200);
    assert.equal((await refresh()).status, 400);
    const again = await call(`${srv.url}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=k`, {
      body: { token: s.user.fb_token },
    });
    assert.equal(again.status, 400, 'the old fb_token no longer mints a session');
  });

  test("a password change revokes the realtime database's refresh tokens of the old password; this device gets a new fb_token", async () => {
    freshWindows();
    await signUp({ email: 'realtime8@example.com', password: 'first-pass1' });
    const s = await signIn(api, 'realtime8@example.com', 'first-pass1');
    const mint = (token: unknown) =>
      call(`${srv.url}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=k`, {
        body: { token, returnSecureToken: true },
      });
    const fb = await mint(s.user.fb_token);
    assert.equal(fb.status, 200);
    const refresh = () =>
      call(`${srv.url}/securetoken.googleapis.com/v1/token?key=k`, {
        body: { grant_type: 'refresh_token', refresh_token: fb.body.refreshToken },
      });
    assert.equal((await refresh()).status, 200, 'honest path: the refresh token works before the change');
    const changed = await as(s, `${api}/auth/password`, {
      method: 'PUT',
      body: { password: 'second-pass1', password_confirmation: 'second-pass1', current_password: 'first-pass1' },
    });
    assert.equal(changed.status, 200);
    assert.equal((await refresh()).status, 400, 'the old refresh token is refused');
    assert.equal((await mint(s.user.fb_token)).status, 400, 'the old fb_token no longer mints a session');
    assert.equal((await mint(changed.body.data.fb_token)).status, 200, 'the fb_token answered with the change works');
  });
});

describe('attack 8: a tampered secondary-profile token', () => {
  test('a forged token, or a profile of another account: 401, never the parent', async () => {
    freshWindows();
    const parent = await signIn(api, 'patient@haven.test');
    const child = (await as(parent, `${api}/customers/profiles`)).body.data.find(
      (p: { is_secondary_profile: boolean }) => p.is_secondary_profile,
    );
    const started = await as(parent, `${api}/customers/profiles/${child.uuid}/session`, { method: 'POST' });
    const token = started.headers.get('secondary-profile-access-token')!;
    const tampered = `${token.slice(0, -3)}${token.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    const r = await as(parent, `${api}/customers/profile_info`, { headers: { 'secondary-profile-access-token': tampered } });
    assertClientError(r, 401, 'secondary profile');
    const stranger = await signIn(api, 'intl@haven.test');
    assertClientError(await as(stranger, `${api}/customers/profile_info`, { headers: { 'secondary-profile-access-token': token } }), 401);
    // honest path: the real token acts as the child
    assert.equal(
      (await as(parent, `${api}/customers/profile_info`, { headers: { 'secondary-profile-access-token': token } })).body.data.uuid,
      child.uuid,
    );
  });
});

describe('attack 8b: a secondary-profile token that outlives the session it was issued to', () => {
  const SECONDARY = 'secondary-profile-access-token';
  async function childToken(parent: Awaited<ReturnType<typeof signIn>>): Promise<string> {
    const child = (await as(parent, `${api}/customers/profiles`)).body.data.find(
      (p: { is_secondary_profile: boolean }) => p.is_secondary_profile,
    );
    const started = await as(parent, `${api}/customers/profiles/${child.uuid}/session`, { method: 'POST' });
    assert.equal(started.status, 200);
    return started.headers.get(SECONDARY)!;
  }
  const actAs = (s: Awaited<ReturnType<typeof signIn>>, token: string) =>
    as(s, `${api}/customers/profile_info`, { headers: { [SECONDARY]: token } });

  test('logging out voids the profile tokens issued to that session, even beside a new sign-in', async () => {
    freshWindows();
    const parent = await signIn(api, 'patient@haven.test');
    const token = await childToken(parent);
    assert.equal((await actAs(parent, token)).body.data.first_name, 'Aarav');
    assert.equal((await as(parent, `${api}/customers/logout`, { method: 'DELETE' })).status, 200);
    const again = await signIn(api, 'patient@haven.test');
    assertClientError(await actAs(again, token), 401, 'secondary profile');
    // logging out everywhere voids them too
    const other = await signIn(api, 'patient@haven.test');
    const otherToken = await childToken(other);
    assert.equal((await as(again, `${api}/customers/logout?remove_all=true`, { method: 'DELETE' })).status, 200);
    const third = await signIn(api, 'patient@haven.test');
    assertClientError(await actAs(third, otherToken), 401, 'secondary profile');
  });

  test("a profile token works only with the session it was issued to (not the parent's other device)", async () => {
    freshWindows();
    const phone = await signIn(api, 'patient@haven.test');
    const laptop = await signIn(api, 'patient@haven.test');
    const token = await childToken(phone);
    assertClientError(await actAs(laptop, token), 401, 'secondary profile');
    assert.equal((await actAs(phone, token)).body.data.first_name, 'Aarav');
  });

  test('ending the profile session voids its token; a stranger can neither use nor end it', async () => {
    freshWindows();
    const parent = await signIn(api, 'patient@haven.test');
    const stranger = await signIn(api, 'intl@haven.test');
    const token = await childToken(parent);
    const ended = await as(stranger, `${api}/customers/profile_session`, { method: 'DELETE', headers: { [SECONDARY]: token } });
    assertClientError(ended, 401, 'secondary profile');
    assertClientError(await actAs(stranger, token), 401, 'secondary profile');
    assert.equal((await actAs(parent, token)).body.data.first_name, 'Aarav', "the stranger's attempt changed nothing");
    assert.equal((await as(parent, `${api}/customers/profile_session`, { method: 'DELETE', headers: { [SECONDARY]: token } })).status, 200);
    assertClientError(await actAs(parent, token), 401, 'secondary profile');
    // the parent still acts as themselves, and a new profile session works
    assert.equal((await as(parent, `${api}/customers/profile_info`)).status, 200);
    assert.equal((await actAs(parent, await childToken(parent))).body.data.first_name, 'Aarav');
  });
});

describe('attack 9: telling a stranger whether an account exists', () => {
  test('forgot password answers the same for known and unknown addresses', async () => {
    freshWindows();
    const known = await call(`${api}/auth/password`, { body: { email: 'newpatient@haven.test' } });
    const unknown = await call(`${api}/auth/password`, { body: { email: 'nobody9@haven.test' } });
    assert.equal(known.status, 200);
    assert.equal(unknown.status, 200);
    assert.equal(known.body.message, 'If an account exists for newpatient@haven.test, we have sent a link to reset your password.');
    assert.equal(unknown.body.message.replace('nobody9@haven.test', 'X'), known.body.message.replace('newpatient@haven.test', 'X'));
    assert.ok((await waitForOutbox(api, 'newpatient@haven.test', 'email')).body.data[0].code, 'honest path: the owner gets the link');
  });

  test('sign-in answers the same for an unknown e-mail and a wrong password; account_exists needs the full number', async () => {
    freshWindows();
    const unknown = await passwordSignIn('nobody9@haven.test', 'whatever-1');
    const wrong = await passwordSignIn('newpatient@haven.test', 'whatever-1');
    assert.equal(unknown.status, wrong.status);
    assert.equal(unknown.body.message, wrong.body.message);
    assertClientError(await call(`${api}/customers/account_exists?mobile=9876543210`), 400, 'country_code');
  });
});

describe('attack 10: no limits', () => {
  test('code sends per destination: 1 per 30 s, then 429 with Retry-After; working again after the window', async () => {
    freshWindows();
    const body = { channel: 'sms', mobile: '9000001001', country_code: '91' };
    assert.equal((await send(body)).status, 200);
    assertRateLimited(await send(body), 30);
    advance(31);
    assert.equal((await send(body)).status, 200);
  });

  test('code sends per destination: 5 per hour', async () => {
    freshWindows();
    const body = { channel: 'whatsapp', mobile: '9000001002', country_code: '91' };
    for (let i = 0; i < 5; i++) {
      assert.equal((await send(body)).status, 200, `send ${i + 1}`);
      advance(31);
    }
    assertRateLimited(await send(body), 3600);
    advance(3600);
    assert.equal((await send(body)).status, 200);
  });

  test('code sends per client address', async () => {
    freshWindows();
    const max = LIMITS.otp_send_address[0]!.max;
    for (let i = 0; i < max; i++) assert.equal((await send({ channel: 'email', email: `many${i}@example.com` })).status, 200);
    assertRateLimited(await send({ channel: 'email', email: 'one-more@example.com' }));
    freshWindows();
    assert.equal((await send({ channel: 'email', email: 'one-more@example.com' })).status, 200);
  });

  test('wrong codes per destination: then even the right code waits', async () => {
    freshWindows();
    const target = { channel: 'sms', mobile: '9000001003', country_code: '91' };
    await send(target);
    const code = await codeFor('+919000001003', 'sms');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < LIMITS.otp_wrong_destination[0]!.max; i++)
      assertClientError(await call(`${api}/otp/verify`, { body: { ...target, code: wrong } }), 422);
    assertRateLimited(await call(`${api}/otp/verify`, { body: { ...target, code } }));
    freshWindows();
    assert.equal((await call(`${api}/otp/verify`, { body: { ...target, code } })).status, 200);
  });

  test('failed sign-ins per account: locked after 10, the right password does not bypass it; the lock grows', async () => {
    freshWindows();
    await signUp({ email: 'locked10@example.com', password: 'right-pass1' });
    const fail = async (n: number) => {
      for (let i = 0; i < n; i++) assertClientError(await passwordSignIn('locked10@example.com', 'wrong-pass'), 401);
    };
    await fail(SIGN_IN_LOCKOUT.after);
    assertRateLimited(await passwordSignIn('locked10@example.com', 'right-pass1'), SIGN_IN_LOCKOUT.baseS);
    advance(SIGN_IN_LOCKOUT.baseS + 1);
    await fail(SIGN_IN_LOCKOUT.after);
    const second = await passwordSignIn('locked10@example.com', 'right-pass1');
    assertRateLimited(second, SIGN_IN_LOCKOUT.baseS * 2);
    assert.ok(Number(second.headers.get('retry-after')) > SIGN_IN_LOCKOUT.baseS, 'the second lock is longer');
    advance(SIGN_IN_LOCKOUT.baseS * 2 + 1);
    assert.equal((await passwordSignIn('locked10@example.com', 'right-pass1')).status, 200);
  });

  test('the last tries before the lock are counted down; the lock says a code or a reset still works; a reset ends every lock of that person', async () => {
    freshWindows();
    await signUp({ email: 'warned10@example.com', password: 'right-pass1' });
    const left: Array<number | undefined> = [];
    for (let i = 0; i < SIGN_IN_LOCKOUT.after; i++) {
      const r = await passwordSignIn('warned10@example.com', 'wrong-pass');
      assertClientError(r, 401);
      left.push(r.body.tries_left as number | undefined);
    }
    // Silent until few are left, then 3, 2, 1 and 0 (now paused).
    assert.deepEqual(left, [...Array<undefined>(SIGN_IN_LOCKOUT.after - 4).fill(undefined), 3, 2, 1, 0]);
    const locked = await passwordSignIn('warned10@example.com', 'right-pass1');
    assertRateLimited(locked, SIGN_IN_LOCKOUT.baseS);
    assert.equal(locked.body.locked, true);
    assert.match(locked.body.message as string, /one-time code or reset your password/);
    // The reset link proves the e-mail: the new password works now, not when the lock would end.
    assert.equal(
      (await call(`${api}/auth/password`, { body: { email: 'warned10@example.com', redirect_url: 'http://localhost:3000/set-password' } }))
        .status,
      200,
    );
    const box = await waitForOutbox(api, 'warned10@example.com', 'email', 2);
    const token = box.body.data[0].code as string;
    const reset = await call(`${api}/auth/password`, {
      method: 'PUT',
      body: { password: 'brand-new-pass1', password_confirmation: 'brand-new-pass1', reset_password_token: token },
    });
    assert.equal(reset.status, 200);
    assert.equal((await passwordSignIn('warned10@example.com', 'brand-new-pass1')).status, 200);
  });

  test("wrong current passwords on a password change: limited per account, and never lock the owner's sign-in", async () => {
    freshWindows();
    await signUp({ email: 'change10@example.com', password: 'right-pass1' });
    const s = await signIn(api, 'change10@example.com', 'right-pass1');
    const change = (current: string) =>
      as(s, `${api}/auth/password`, {
        method: 'PUT',
        body: { password: 'next-pass11', password_confirmation: 'next-pass11', current_password: current },
      });
    for (let i = 0; i < LIMITS.current_password_user[0]!.max; i++) assertClientError(await change('wrong-pass'), 422, 'Current password');
    assertRateLimited(await change('right-pass1'));
    // A stolen session cannot lock its owner out.
    assert.equal((await passwordSignIn('change10@example.com', 'right-pass1')).status, 200);
  });

  test("failed sign-ins from one client address never refuse another person's right password there", async () => {
    freshWindows();
    for (let i = 0; i < 60; i++) assertClientError(await passwordSignIn(`stranger${i % 6}-${now}@example.com`, 'wrong-pass'), 401);
    assert.equal((await passwordSignIn('patient@haven.test', DEMO_PASSWORD)).status, 200);
  });

  test('forgot password per address e-mail', async () => {
    freshWindows();
    for (let i = 0; i < LIMITS.forgot_password_email[0]!.max; i++)
      assert.equal((await call(`${api}/auth/password`, { body: { email: 'intl@haven.test' } })).status, 200);
    assertRateLimited(await call(`${api}/auth/password`, { body: { email: 'intl@haven.test' } }));
    freshWindows();
    assert.equal((await call(`${api}/auth/password`, { body: { email: 'intl@haven.test' } })).status, 200);
  });

  test('wrong partner codes: then even the right code waits', async () => {
    freshWindows();
    const verify = (code: string) => call(`${api}/customers/organisations_integration/${GLOBEX}/verify_totp_code`, { body: { code } });
    const { code } = (await call(`${api}/dev/totp?id=${GLOBEX}`)).body;
    const wrong = String((Number(code) + 500_000) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < LIMITS.partner_code[0]!.max; i++) {
      const r = await verify(wrong);
      assert.deepEqual([r.status, r.body.message], [503, 'Invalid verification code']);
    }
    assertRateLimited(await verify(code));
    freshWindows();
    const fresh = (await call(`${api}/dev/totp?id=${GLOBEX}`)).body.code;
    assert.equal((await verify(fresh)).status, 200);
  });

  test('community username checks (is this name taken?) per account and per client address', async () => {
    freshWindows();
    const check = (s: Awaited<ReturnType<typeof signIn>>, name: string) =>
      as(s, `${api}/communities/username_check?username=${encodeURIComponent(name)}`);
    const [a, b, c] = [
      await signIn(api, 'patient@haven.test'),
      await signIn(api, 'intl@haven.test'),
      await signIn(api, 'employee@acme.test'),
    ];
    const perUser = LIMITS.community_username_user[0]!.max;
    for (let i = 0; i < perUser; i++) assert.equal((await check(a, `guess${i}`)).status, 200, `check ${i + 1}`);
    assertRateLimited(await check(a, 'onemore'));
    // Saving a name answers whether it is taken (409) too: the same count.
    assertRateLimited(await as(a, `${api}/communities/profile`, { method: 'PUT', body: { username: 'onemore' } }));
    // Another account from the same address still checks, until the address's own limit.
    const perAddress = LIMITS.community_username_address[0]!.max;
    for (let i = perUser; i < perAddress; i++) assert.equal((await check(i < 2 * perUser ? b : c, `guess${i}`)).status, 200);
    assertRateLimited(await check(c, 'onemore'));
    freshWindows();
    assert.equal((await check(a, 'onemore')).status, 200);
  });

  test('failed CRN log-ins, partner-token attempts and account_exists per client address', async () => {
    for (const [name, attempt] of [
      ['crn', () => call(`${api}/customers/kli/auto_login`, { body: { crn: 'CRN-GUESS' } })],
      ['partner_token', () => call(`${api}/b2b_link`, { body: { jwt_token: 'guess', company_profile_uuid: ACME } })],
      ['account_exists', () => call(`${api}/customers/account_exists?email=guess@example.com`)],
    ] as const) {
      freshWindows();
      for (let i = 0; i < LIMITS[name][0]!.max; i++) assert.ok([200, 422].includes((await attempt()).status), name);
      assertRateLimited(await attempt());
    }
  });
});

describe('attack 11: codes sent to the wrong number', () => {
  test('a trunk 0 and long numbers reach the full international number, never a cut one', async () => {
    freshWindows();
    assert.equal((await send({ channel: 'sms', mobile: '07911123456', country_code: '44' })).status, 200);
    assert.ok(await codeFor('+447911123456', 'sms'));
    assert.equal((await send({ channel: 'sms', mobile: '919876512345', country_code: '91' })).status, 200);
    assert.ok(await codeFor('+919876512345', 'sms'), 'a pasted 91 prefix is the country code, not part of the number');
    assertClientError(await send({ channel: 'sms', mobile: '1234567', country_code: '91' }), 422, 'not a phone number');
  });
});

describe("every route taking an id, with a second user's credentials", () => {
  test("another account's bookings, journal entries, profiles and customer ids: 404, and nothing changes", async () => {
    freshWindows();
    const owner = await signIn(api, 'patient@haven.test');
    const stranger = await signIn(api, 'intl@haven.test');
    const upcoming = (await as(owner, `${api}/customers/upcomingsessions`)).body.bookings[0];
    const done = (await as(owner, `${api}/customers/completedsessions`)).body.bookings[0].uuid;
    const child = (await as(owner, `${api}/customers/profiles`)).body.data.find(
      (p: { is_secondary_profile: boolean }) => p.is_secondary_profile,
    );
    const entry = (await as(owner, `${api}/journal_entries`, { body: { title: 'Mine', body: 'Private.' } })).body.data.uuid;
    const plan = (await as(owner, `${api}/customers/treatment_plans`)).body.data[0].uuid;
    const attempts: Array<[string, string, unknown?]> = [
      ['GET', `/bookings/${upcoming.uuid}`],
      ['POST', `/bookings/${upcoming.uuid}/confirm`],
      ['POST', `/bookings/${upcoming.uuid}/cancel`, { reason: 'not mine' }],
      ['POST', `/bookings/${upcoming.uuid}/reschedule`, { start_time: new Date(Date.now() + 9 * 86_400_000).toISOString() }],
      ['POST', `/bookings/${done}/feedback`, { rating: 1 }],
      ['DELETE', `/journal_entries/${entry}`],
      ['POST', `/customers/profiles/${child.uuid}/session`],
      ['GET', `/customers/${owner.user.uuid}/update_doc_referral?doc_referral=true`],
      ['GET', `/customers/${child.uuid}/update_doc_referral?doc_referral=true`],
      ['GET', `/customers/treatment_plans/${plan}`],
      ['POST', `/customers/bookings/${upcoming.uuid}/session_start`],
      ['GET', `/customers/profiles/${child.uuid}/cf_activation`],
      ['POST', `/customers/profiles/${child.uuid}/cf_activation`, { guardian_consent: true }],
    ];
    for (const [method, path, body] of attempts) {
      const r = await as(stranger, `${api}${path}`, { method, body });
      assertClientError(r, 404);
      assert.equal(r.headers.get('secondary-profile-access-token'), null, path);
    }
    const still = (await as(owner, `${api}/bookings/${upcoming.uuid}`)).body.data;
    // The stranger moved and cancelled nothing (the test's clock runs days ahead, so the sweep may have
    // completed the session at its end: that is the clock's doing, not the stranger's).
    assert.equal(still.start_time, upcoming.start_time);
    assert.ok([upcoming.status, 'completed'].includes(still.status), still.status);
    assert.ok((await as(owner, `${api}/journal_entries`)).body.data.some((e: { uuid: string }) => e.uuid === entry));
    assert.equal((await as(owner, `${api}/customers/profiles/${child.uuid}/cf_activation`)).body.data.activated, false);
    assert.equal(
      (await as(owner, `${api}/bookings/${done}/feedback`, { body: { rating: 5 } })).status,
      201,
      "the owner's feedback is still open",
    );
  });
});

describe('existing rows migrate to one identity per full number', () => {
  test('migration 003: digits only, no trunk 0, one E.164 column; of two rows with one number the verified keeps it', async () => {
    const dir = fileURLToPath(new URL('../src/db/migrations/', import.meta.url));
    const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
    const pg = new PGlite();
    try {
      for (const f of files.filter((f) => f < '003')) await pg.exec(await readFile(dir + f, 'utf8'));
      await pg.exec(`INSERT INTO users (firebaseid, email, mobile, country_code, is_verified) VALUES
        ('older-unverified', 'a@x.test', '9876543210', '91', false), ('verified-trunk0', 'b@x.test', '09876543210', '91', true),
        ('us-dashes', 'c@x.test', '98765-43210', '1', false), ('uk-trunk0', 'd@x.test', '07911123456', '44', false)`);
      await pg.exec(await readFile(dir + files.find((f) => f.startsWith('003'))!, 'utf8'));
      const rows = (
        await pg.query<{ firebaseid: string; phone_e164: string | null; mobile_verified: boolean }>(
          `SELECT firebaseid, phone_e164, mobile_verified_at IS NOT NULL AS mobile_verified FROM users ORDER BY id`,
        )
      ).rows;
      assert.deepEqual(rows, [
        { firebaseid: 'older-unverified', phone_e164: null, mobile_verified: false },
        { firebaseid: 'verified-trunk0', phone_e164: '+919876543210', mobile_verified: true },
        { firebaseid: 'us-dashes', phone_e164: '+19876543210', mobile_verified: false },
        { firebaseid: 'uk-trunk0', phone_e164: '+447911123456', mobile_verified: false },
      ]);
    } finally {
      await pg.close();
    }
  });
});
