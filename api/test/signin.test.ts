// Apple and Facebook tokens verified as real ones are (signature, issuer,
// audience, expiry), the refusals rate-limited, and the proactive credential refresh.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SignJWT, generateKeyPair } from 'jose';
import { as, boot, call, signIn } from './helpers.js';
import { assertClientError } from './assert-helpers.js';
import { BATCH_WINDOW_MS } from '../src/identity/sessions.js';
import {
  acceptFacebookToken,
  DEV_APPLE_CLIENT_ID,
  DEV_APPLE_ISSUER,
  DEV_FACEBOOK_APP_ID,
  type FacebookTokenInfo,
} from '../src/identity/social.js';
import { limitsFor } from '../src/config/limits.js';

let srv: Awaited<ReturnType<typeof boot>>;
let api: string;
before(async () => {
  srv = await boot();
  api = srv.api;
});
after(async () => {
  await srv.close();
});

const mint = async (kind: 'apple_credential' | 'facebook_token', q: Record<string, string>) =>
  (await call(`${api}/dev/${kind}?${new URLSearchParams(q)}`)).body;
let nonces = 0;
/** A fresh nonce for one sign-in, as the web client makes it. */
const nonce = () => `nonce-${process.pid}-${++nonces}`;
/** A development Apple token for this sign-in's nonce, and that nonce. */
const appleToken = async (q: Record<string, string>) => {
  const n = nonce();
  return { id_token: (await mint('apple_credential', { ...q, nonce: n })).id_token as string, nonce: n };
};
const apple = (body: Record<string, unknown>) => call(`${api}/customers/apple_sign_in`, { body: { nonce: nonce(), ...body } });
const facebook = (body: Record<string, unknown>) => call(`${api}/customers/facebook_sign_in`, { body });
/** The same token with its signature bytes changed. */
const tamper = (jwt: string) => {
  const [h, p, s] = jwt.split('.');
  return `${h}.${p}.${s!.startsWith('A') ? 'B' : 'A'}${s!.slice(1)}`;
};

describe('Apple sign-in', () => {
  test('a development ID token signs in (new account, then the same one), with the name the client sends', async () => {
    const r = await apple({ ...(await appleToken({ email: 'Apple.Person@Example.com' })), first_name: 'Ada', last_name: 'Apple' });
    assert.equal(r.status, 200);
    assert.equal(r.body.data.email, 'apple.person@example.com');
    assert.equal(r.body.data.usertype, 'patient');
    assert.ok(r.headers.get('access-token'));
    const again = await apple(await appleToken({ email: 'apple.person@example.com' }));
    assert.equal(again.status, 200);
    assert.equal(again.body.data.uuid, r.body.data.uuid);
  });

  test('an account linked to that Apple person signs in; a clinician gets a session the web client refuses', async () => {
    const r = await apple(await appleToken({ email: 'patient@haven.test' }));
    assert.equal(r.body.data.first_name, 'Priya');
    const c = await apple(await appleToken({ email: 'clinician@haven.test' }));
    assert.equal(c.body.data.usertype, 'clinician');
  });

  test('refused: another audience, expired, bad signature, another issuer, another key, no token', async () => {
    assertClientError(await apple(await appleToken({ email: 'a1@example.com', audience: 'com.someone.else' })), 422, 'Apple login failed');
    assertClientError(await apple(await appleToken({ email: 'a2@example.com', expires_in: '-120' })), 422, 'Apple login failed');
    const good = await appleToken({ email: 'a3@example.com' });
    assertClientError(await apple({ ...good, id_token: tamper(good.id_token) }), 422, 'Apple login failed');
    // Signed with a key that is not the issuer's, with every claim right.
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ email: 'a4@example.com', email_verified: 'true' })
      .setProtectedHeader({ alg: 'RS256', kid: 'x' })
      .setIssuer(DEV_APPLE_ISSUER)
      .setAudience(DEV_APPLE_CLIENT_ID)
      .setSubject('s')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
    assertClientError(await apple({ id_token: forged }), 422, 'Apple login failed');
    // A development Facebook token is not an Apple token (issuer).
    assertClientError(
      await apple({ id_token: (await mint('facebook_token', { email: 'a5@example.com' })).access_token }),
      422,
      'Apple login failed',
    );
    assertClientError(await apple({}), 400);
    // None of them made an account.
    for (const e of ['a1', 'a2', 'a3', 'a4', 'a5']) {
      const ex = await call(`${api}/customers/account_exists?email=${e}@example.com`);
      assert.equal(ex.body.account_exists, false, e);
    }
  });

  test('the JWKS the development issuer publishes is a public key set', async () => {
    const r = await call(`${api}/dev/apple/keys`);
    assert.equal(r.status, 200);
    assert.equal(r.body.keys[0].kty, 'RSA');
    assert.equal(r.body.keys[0].d, undefined, 'no private part');
  });
});

describe('Facebook sign-in', () => {
  test('a development access token signs in by its e-mail', async () => {
    const { access_token } = await mint('facebook_token', { email: 'fb.person@example.com', given_name: 'Fay', family_name: 'Book' });
    const r = await facebook({ access_token });
    assert.equal(r.status, 200);
    assert.equal(r.body.data.email, 'fb.person@example.com');
    assert.equal(r.body.data.first_name, 'Fay');
  });

  test('refused: another app, expired, bad signature, an Apple token', async () => {
    assertClientError(
      await facebook({ access_token: (await mint('facebook_token', { email: 'f1@example.com', audience: '999' })).access_token }),
      422,
      'Facebook login failed',
    );
    assertClientError(
      await facebook({ access_token: (await mint('facebook_token', { email: 'f2@example.com', expires_in: '-60' })).access_token }),
      422,
      'Facebook login failed',
    );
    assertClientError(
      await facebook({ access_token: tamper((await mint('facebook_token', { email: 'f3@example.com' })).access_token) }),
      422,
      'Facebook login failed',
    );
    assertClientError(
      await facebook({ access_token: (await mint('apple_credential', { email: 'f4@example.com' })).id_token }),
      422,
      'Facebook login failed',
    );
    assertClientError(await facebook({ access_token: 'EAAB-not-a-token' }), 422, 'Facebook login failed');
  });

  test('the inspection rules (as Graph debug_token answers them)', () => {
    const ok: FacebookTokenInfo = {
      app_id: DEV_FACEBOOK_APP_ID,
      is_valid: true,
      expires_at: 2_000,
      user_id: '42',
      email: 'X@Example.com',
      first_name: 'X',
      last_name: 'Y',
    };
    const rows: [string, Partial<FacebookTokenInfo> | null, boolean][] = [
      ['valid', {}, true],
      ['never expires (0)', { expires_at: 0 }, true],
      ['not valid', { is_valid: false }, false],
      ['another app', { app_id: '7' }, false],
      ['expired', { expires_at: 1_000 }, false],
      ['expires now', { expires_at: 1_500 }, false],
      ['no e-mail granted', { email: null }, false],
      ['no user', { user_id: '' }, false],
      ['no answer', null, false],
    ];
    for (const [name, change, accepted] of rows) {
      const got = acceptFacebookToken(change === null ? null : { ...ok, ...change }, DEV_FACEBOOK_APP_ID, 1_500);
      assert.equal(Boolean(got), accepted, name);
    }
    assert.equal(acceptFacebookToken(ok, DEV_FACEBOOK_APP_ID, 1_000)?.email, 'x@example.com');
  });
});

describe('rate limits', () => {
  test('refused Google, Apple and Facebook tokens are limited per address, together (429, Retry-After, rate_limited)', async () => {
    // The development stage has the production per-address numbers (the test stage multiplies them).
    const dev = await boot({ stage: 'development' });
    try {
      const rule = limitsFor('development').social_sign_in_failed_address[0]!;
      for (let i = 0; i < rule.max; i += 1) {
        const kind = ['apple', 'facebook', 'google'][i % 3]!;
        const body =
          kind === 'apple'
            ? { id_token: `bad-${i}`, nonce: `nonce-bad-${i}` }
            : kind === 'facebook'
              ? { access_token: `bad-${i}` }
              : { credential: `bad-${i}` };
        const r = await call(`${dev.api}/customers/${kind}_sign_in`, { body });
        assert.equal(r.status, 422, `refusal ${i}`);
      }
      const limited = await call(`${dev.api}/customers/google_sign_in`, { body: { credential: 'bad-last' } });
      assert.equal(limited.status, 429);
      assert.ok(Number(limited.headers.get('retry-after')) > 0);
      assert.equal(limited.body.code, 'rate_limited');
      // Even a good token waits: the address is limited, not the token.
      const token = (await call(`${dev.api}/dev/apple_credential?email=late@example.com&nonce=nonce-late-1`)).body.id_token;
      assert.equal((await call(`${dev.api}/customers/apple_sign_in`, { body: { id_token: token, nonce: 'nonce-late-1' } })).status, 429);
    } finally {
      await dev.close();
    }
  });
});

describe('token refresh', () => {
  test('near expiry: new credentials and a new expiry; inside the batch window no new headers', async () => {
    const s = await signIn(api, 'intl@haven.test');
    const near = Math.floor(Date.now() / 1000) + 120;
    await srv.db.query(`UPDATE auth_tokens SET expiry = $1, updated_at_ms = $2 WHERE client = $3`, [
      near,
      Date.now() - BATCH_WINDOW_MS - 1,
      s.headers.client,
    ]);
    const before = s.headers['access-token'];
    const r = await as(s, `${api}/customers/token_refresh`, { method: 'POST' });
    assert.equal(r.status, 200);
    assert.notEqual(r.headers.get('access-token'), null);
    assert.notEqual(s.headers['access-token'], before);
    assert.equal(Number(r.headers.get('expiry')), r.body.expiry);
    assert.ok(r.body.expiry > near + 24 * 3600, 'expiry moved a long way ahead');
    assert.ok(Math.abs(r.body.server_time_ms - Date.now()) < 60_000);
    // Inside the batch window: no new headers, the expiry that holds is answered.
    const again = await as(s, `${api}/customers/token_refresh`, { method: 'POST' });
    assert.equal(again.status, 200);
    assert.equal(again.headers.get('access-token'), null);
    assert.equal(again.body.expiry, r.body.expiry);
  });

  test('expired credentials are not refreshed (401), and anonymous calls are refused', async () => {
    const s = await signIn(api, 'employee@globex.test');
    await srv.db.query(`UPDATE auth_tokens SET expiry = $1 WHERE client = $2`, [Math.floor(Date.now() / 1000) - 5, s.headers.client]);
    assertClientError(await as(s, `${api}/customers/token_refresh`, { method: 'POST' }), 401, 'expired');
    assertClientError(await call(`${api}/customers/token_refresh`, { method: 'POST' }), 401);
  });
});
