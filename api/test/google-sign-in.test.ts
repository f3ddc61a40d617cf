// Google ID tokens are verified in every stage: in production against Google's key set (here a local
// key server on 127.0.0.1 standing in for Google's, through HAVEN_GOOGLE_JWKS_URL), for our client id,
// from Google's issuer, unexpired, carrying a nonce this api issued, and only once. The development
// issuer is trusted in the development stage only; the test stage (the browser suite's) signs in through
// the production path, against the key set of the api's stand-in for Google. Every refusal reads the
// same, whoever the token names.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeJwt, SignJWT } from 'jose';
import { startApi, type Started } from '../src/server.js';
import { DEV_GOOGLE_CLIENT_ID, DEV_GOOGLE_ISSUER, signDevelopmentIdToken } from '../src/identity/index.js';
import { TEST_GOOGLE_CLIENT_ID } from '../src/core/config.js';
import { GOOGLE_LOGIN_FAILED } from '../src/identity/identity-links.js';
import {
  boot,
  call,
  googleCredential,
  savedDatabase,
  localKeyServer,
  providerKey,
  type LocalServer,
  type ProviderKey,
  type Res,
} from './helpers.js';

const CLIENT_ID = 'haven-web-test.apps.googleusercontent.com';
const GOOGLE = 'https://accounts.google.com';

let trusted: ProviderKey;
let stranger: ProviderKey;
let keyServer: LocalServer;
let prod: Started;
let prodApi: string;
let dev: Awaited<ReturnType<typeof boot>>;
let development: Awaited<ReturnType<typeof boot>>;

before(async () => {
  [trusted, stranger] = await Promise.all([providerKey('google-test-1'), providerKey('not-google')]);
  keyServer = await localKeyServer(trusted);
  const jwksUrl = `${keyServer.origin}/oauth2/v3/certs`;
  const env = {
    HAVEN_API_SECRET: 'a'.repeat(24) + '-api-secret-for-google',
    HAVEN_FIREBASE_SECRET: 'b'.repeat(24) + '-firebase-secret-google',
    HAVEN_FILES_DIR: path.join(tmpdir(), 'haven-files-google-test'),
    HAVEN_TRUST_PROXY: 'none',
    HAVEN_LOAD_SHEDDING: 'off',
    HAVEN_GOOGLE_CLIENT_ID: CLIENT_ID,
    HAVEN_GOOGLE_JWKS_URL: jwksUrl,
  };
  [prod, dev, development] = await Promise.all([
    startApi({ port: 0, realtimePort: 0, realtime: false, database: savedDatabase('migrated') ?? 'memory', stage: 'production', env }),
    boot(),
    boot({ stage: 'development' }),
  ]);
  prodApi = `${prod.url}/api/v1`;
});
after(async () => {
  await Promise.all([prod.close(), dev.close(), development.close(), keyServer.close()]);
});

const nonceFrom = async (api: string) => (await call(`${api}/customers/google_nonce`, { method: 'POST' })).body.nonce as string;

let seq = 0;
const fresh = () => `google-${process.pid}-${++seq}@example.com`;

/** A Google ID token as Google signs one, with whatever the case changes. */
async function googleToken(
  o: { key?: typeof trusted; iss?: string; aud?: string; nonce?: string | null; expS?: number; email?: string } = {},
): Promise<string> {
  const key = o.key ?? trusted;
  const now = Math.floor(Date.now() / 1000);
  const email = o.email ?? fresh();
  const nonce = o.nonce === undefined ? await nonceFrom(prodApi) : o.nonce;
  return new SignJWT({ email, email_verified: true, given_name: 'Gita', family_name: 'Rao', ...(nonce ? { nonce } : {}) })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
    .setIssuer(o.iss ?? GOOGLE)
    .setAudience(o.aud ?? CLIENT_ID)
    .setSubject(`1${seq}${process.pid}`)
    .setIssuedAt(now - 60)
    .setExpirationTime(o.expS ?? now + 3600)
    .sign(key.privateKey);
}

/** A sign-in answer: the user, or an error body. */
interface Answer {
  message?: string;
  request_id?: string;
  data: { email: string; first_name: string };
}
const signInWith = (api: string, credential: string) =>
  fetch(`${api}/customers/google_sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ credential, select_by: 'btn', platform: 'website', usertype: 'patient' }).toString(),
  }).then(async (r) => ({ status: r.status, body: await r.json(), headers: r.headers }) as Res<Answer>);

function refused(r: Res<Answer>, what: string) {
  assert.equal(r.status, 422, `${what}: ${JSON.stringify(r.body)}`);
  assert.equal(r.body.message, GOOGLE_LOGIN_FAILED, what);
  assert.equal(r.headers.get('access-token'), null, what);
}

describe('production stage: Google tokens against Google’s key set', () => {
  test('a valid token signs in (both forms of Google’s issuer), as the person it names', async () => {
    const email = fresh();
    const r = await signInWith(prodApi, await googleToken({ email }));
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.data.email, email);
    assert.equal(r.body.data.first_name, 'Gita');
    assert.ok(r.headers.get('access-token'));
    assert.equal((await signInWith(prodApi, await googleToken({ iss: 'accounts.google.com' }))).status, 200);
  });

  test('a token signed by a key the api does not trust is refused', async () => {
    refused(await signInWith(prodApi, await googleToken({ key: stranger })), 'untrusted key');
    // The same key under the trusted key's id: the signature still does not verify.
    refused(await signInWith(prodApi, await googleToken({ key: { ...stranger, kid: trusted.kid } })), 'forged kid');
  });

  test('another audience, another issuer, an expired token: refused', async () => {
    refused(await signInWith(prodApi, await googleToken({ aud: 'someone-else.apps.googleusercontent.com' })), 'audience');
    refused(await signInWith(prodApi, await googleToken({ iss: 'https://accounts.google.example' })), 'issuer');
    refused(await signInWith(prodApi, await googleToken({ expS: Math.floor(Date.now() / 1000) - 600 })), 'expired');
  });

  test('without a nonce, with one the api never issued, or with a used one: refused; a replayed token too', async () => {
    refused(await signInWith(prodApi, await googleToken({ nonce: null })), 'no nonce');
    refused(await signInWith(prodApi, await googleToken({ nonce: 'made-up-by-the-client-0123456789' })), 'foreign nonce');
    const devNonce = await nonceFrom(dev.api); // signed by another api secret
    refused(await signInWith(prodApi, await googleToken({ nonce: devNonce })), 'nonce of another api');
    const nonce = await nonceFrom(prodApi);
    const email = fresh();
    const first = await googleToken({ nonce, email });
    assert.equal((await signInWith(prodApi, first)).status, 200);
    refused(await signInWith(prodApi, first), 'replayed token');
    refused(await signInWith(prodApi, await googleToken({ nonce, email })), 'reused nonce');
  });

  test('the development issuer is not trusted in production', async () => {
    const credential = await signDevelopmentIdToken(
      { email: fresh(), email_verified: true, nonce: await nonceFrom(prodApi) },
      { issuer: DEV_GOOGLE_ISSUER, audience: DEV_GOOGLE_CLIENT_ID, subject: 'dev-person', ttlS: 600 },
    );
    refused(await signInWith(prodApi, credential), 'development credential');
    assert.equal((await call(`${prodApi}/dev/google_credential?email=a%40b.co`)).status, 404);
  });

  test('a refusal reads the same whether or not an account holds the e-mail', async () => {
    const email = fresh();
    assert.equal((await signInWith(prodApi, await googleToken({ email }))).status, 200);
    const known = await signInWith(prodApi, await googleToken({ email, key: stranger }));
    const unknown = await signInWith(prodApi, await googleToken({ email: fresh(), key: stranger }));
    refused(known, 'known');
    const { request_id: _k, ...knownBody } = known.body;
    const { request_id: _u, ...unknownBody } = unknown.body;
    assert.deepEqual(knownBody, unknownBody);
  });
});

/** A token of the development Google issuer (what the development stage's prompt answers) for `api`'s nonce. */
const developmentIdentity = async (api: string) =>
  signDevelopmentIdToken(
    { email: fresh(), email_verified: true, nonce: await nonceFrom(api) },
    { issuer: DEV_GOOGLE_ISSUER, audience: DEV_GOOGLE_CLIENT_ID, subject: 'dev-person', ttlS: 600 },
  );

describe('test stage: Google through the production path, against the stand-in’s key set', () => {
  test('the development issuer is not trusted in the test stage', async () => {
    refused(await signInWith(dev.api, await developmentIdentity(dev.api)), 'development credential');
  });

  test('the stand-in’s token (Google’s issuer, our client id) with an api nonce signs in; without one, or replayed, it is refused', async () => {
    const email = fresh();
    const credential = await googleCredential(dev.api, email);
    const claims = decodeJwt(credential);
    assert.equal(claims.iss, GOOGLE, 'issued as Google issues');
    assert.equal(claims.aud, TEST_GOOGLE_CLIENT_ID);
    const r = await signInWith(dev.api, credential);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.data.email, email);
    refused(await signInWith(dev.api, credential), 'replayed');
    const bare = (await call(`${dev.api}/dev/google_credential?email=${encodeURIComponent(fresh())}`)).body.credential as string;
    refused(await signInWith(dev.api, bare), 'no nonce');
    refused(
      await signInWith(dev.api, await googleCredential(dev.api, fresh(), { audience: 'other.apps.googleusercontent.com' })),
      'audience',
    );
    refused(await signInWith(dev.api, await googleCredential(dev.api, fresh(), { expires_in: '-600' })), 'expired');
  });

  test('a token signed by a key outside the stand-in’s key set is refused', async () => {
    refused(await signInWith(dev.api, await googleToken({ aud: TEST_GOOGLE_CLIENT_ID, nonce: await nonceFrom(dev.api) })), 'other key');
  });
});

describe('development stage: the development issuer, with the same checks', () => {
  test('a development token with an api nonce signs in; replayed, for another audience or expired, it is refused', async () => {
    const api = development.api;
    const credential = await googleCredential(api, fresh());
    assert.equal(decodeJwt(credential).iss, DEV_GOOGLE_ISSUER);
    assert.equal((await signInWith(api, credential)).status, 200);
    assert.equal((await signInWith(api, await developmentIdentity(api))).status, 200);
    refused(await signInWith(api, credential), 'replayed');
    refused(await signInWith(api, await googleCredential(api, fresh(), { audience: 'other.apps.googleusercontent.com' })), 'audience');
    refused(await signInWith(api, await googleCredential(api, fresh(), { expires_in: '-600' })), 'expired');
  });

  test('a token signed by Google’s key is not trusted where no Google client id is configured', async () => {
    refused(await signInWith(development.api, await googleToken({ nonce: await nonceFrom(development.api) })), 'no client id');
  });
});
