// A referral counts for every way in that creates an account (e-mail sign-up has its own tests in
// outreach.test.ts): Google, Apple, Facebook and the passwordless one-time code. Signing in to an
// account that already exists never counts, with or without a code, and nobody counts for themselves.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { as, boot, call, credsFrom, freshPatient, googleCredential, waitForOutbox, type Res, type Session } from './helpers.js';

let srv: Awaited<ReturnType<typeof boot>>;
let api: string;
before(async () => {
  srv = await boot();
  api = srv.api;
});
after(async () => srv.close());

let seq = 0;
const fresh = (what: string) => `ref-${what}-${process.pid}-${++seq}@example.com`;
const nonce = () => `n-${randomBytes(9).toString('base64url')}`;
const dev = async (path: string, q: Record<string, string>) => (await call(`${api}/dev/${path}?${new URLSearchParams(q)}`)).body;

const google = async (email: string, referral_code?: string) =>
  call(`${api}/customers/google_sign_in`, {
    body: { credential: await googleCredential(api, email), ...(referral_code ? { referral_code } : {}) },
  });

/** Each way in that can create an account, for `email`, carrying `referral_code`. */
const ways: Record<string, (email: string, referral_code: string) => Promise<Res>> = {
  google,
  apple: async (email, referral_code) => {
    const n = nonce();
    const { id_token } = await dev('apple_credential', { email, nonce: n });
    return call(`${api}/customers/apple_sign_in`, { body: { id_token, nonce: n, referral_code } });
  },
  facebook: async (email, referral_code) => {
    const { access_token } = await dev('facebook_token', { email });
    return call(`${api}/customers/facebook_sign_in`, { body: { access_token, referral_code } });
  },
  'one-time code': async (email, referral_code) => {
    const before = (await call(`${api}/dev/outbox?to=${encodeURIComponent(email)}&channel=email`)).body.data.length as number;
    // The resend wait has its own tests: the second sign-in here needs a second code at once.
    await srv.db.query(`DELETE FROM rate_events WHERE bucket = 'otp_send_destination' AND key = $1`, [`email:${email}`]);
    const sent = await call(`${api}/otp/send`, { body: { channel: 'email', email } });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    // The newest message comes first.
    const code = (await waitForOutbox(api, email, 'email', before + 1)).body.data[0].code as string;
    return call(`${api}/otp/verify`, { body: { channel: 'email', email, code, create_account: true, referral_code } });
  },
};

const joined = async (s: Session) => (await as(s, `${api}/customers/referrals`)).body.data.joined_count as number;
const codeOf = async (s: Session) => (await as(s, `${api}/customers/referrals`)).body.data.code as string;

describe('a referral counts for every way in that creates an account', () => {
  for (const [way, signIn] of Object.entries(ways)) {
    test(`${way}: the new account counts once; signing in again with the code adds nothing`, async () => {
      const referrer = await freshPatient(api, `referrer-${way.replace(/ /g, '-')}`);
      const code = await codeOf(referrer);
      const email = fresh(way.replace(/ /g, '-'));
      const first = await signIn(email, code.toLowerCase());
      assert.equal(first.status, 200, JSON.stringify(first.body));
      assert.equal(await joined(referrer), 1, 'the new account counts for the owner of the code');
      const again = await signIn(email, code);
      assert.equal(again.status, 200, JSON.stringify(again.body));
      assert.equal(await joined(referrer), 1, 'the same account signing in again does not count twice');
    });
  }

  test('an existing account signing in through Google with a code does not count', async () => {
    const referrer = await freshPatient(api, 'referrer-existing');
    const code = await codeOf(referrer);
    // Linked to Google before the referral link was ever opened.
    const email = fresh('existing');
    assert.equal((await google(email)).status, 200);
    const r = await google(email, code);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(await joined(referrer), 0);
    assert.equal(
      (await srv.db.query(`SELECT 1 FROM referrals r JOIN users u ON u.id = r.referred_user_id WHERE u.email = $1`, [email])).length,
      0,
      'nobody counted the existing account',
    );
  });

  test('an unknown or malformed code never fails a Google sign-up and counts for nobody', async () => {
    for (const referral_code of ['ZZZZZZZZ', 'not a code']) {
      const email = fresh('unknown');
      const r = await google(email, referral_code);
      assert.equal(r.status, 200, `${referral_code}: ${JSON.stringify(r.body)}`);
      const counted = await srv.db.query(`SELECT 1 FROM referrals r JOIN users u ON u.id = r.referred_user_id WHERE u.email = $1`, [email]);
      assert.equal(counted.length, 0, referral_code);
    }
  });

  test('nobody counts for themselves: signing in through Google with my own code', async () => {
    const email = fresh('self');
    const first = await google(email);
    assert.equal(first.status, 200);
    const me: Session = { headers: credsFrom(first.headers), user: first.body.data };
    const code = await codeOf(me);
    assert.equal((await google(email, code)).status, 200);
    assert.equal(await joined(me), 0);
  });

  test('a burst of 50: new Google people at once count once each; the same accounts signing in again at once add nothing', async () => {
    const referrer = await freshPatient(api, 'referrer-burst');
    const code = await codeOf(referrer);
    const emails = Array.from({ length: 50 }, () => fresh('burst'));
    const first = await Promise.all(emails.map((e) => google(e, code)));
    assert.deepEqual(
      first.map((r) => r.status),
      emails.map(() => 200),
    );
    assert.equal(await joined(referrer), emails.length);
    const again = await Promise.all(emails.map((e) => google(e, code)));
    assert.deepEqual(
      again.map((r) => r.status),
      emails.map(() => 200),
    );
    assert.equal(await joined(referrer), emails.length);
    // One account and one referral for each person, however often they came in.
    const [kept] = await srv.db.query<{ accounts: number; referrals: number }>(
      `SELECT count(*)::int AS accounts, count(r.referred_user_id)::int AS referrals
         FROM users u LEFT JOIN referrals r ON r.referred_user_id = u.id WHERE u.email = ANY($1)`,
      [emails],
    );
    assert.deepEqual(kept, { accounts: emails.length, referrals: emails.length });
  });
});
