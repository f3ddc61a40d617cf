// One Google ID token sent 50 times at once to two production processes on PostgreSQL: a token is taken
// once (its first use is claimed in the database), so exactly one sign-in wins, every other answer is
// the same refusal, and one account and one link exist. Google's key set is a local key server
// (HAVEN_GOOGLE_JWKS_URL); each request names its own client address, so no per-address limit answers
// in the token's place: every one of the 50 is verified.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { GOOGLE_LOGIN_FAILED } from '../src/identity/identity-links.js';
import { startTwoProcessCluster, type TwoProcessCluster } from './cluster.js';

const CLIENT_ID = 'haven-cluster.apps.googleusercontent.com';
const KID = 'google-cluster-1';
const BURST = 50;

let cluster: TwoProcessCluster | undefined;
let keyServer: Server | undefined;
let privateKey: CryptoKey;

before(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  privateKey = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  const server = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  keyServer = server;
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  cluster = await startTwoProcessCluster('haven_google_burst', {
    HAVEN_TRUST_PROXY: 'loopback',
    HAVEN_GOOGLE_CLIENT_ID: CLIENT_ID,
    HAVEN_GOOGLE_JWKS_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/oauth2/v3/certs`,
  });
});
after(async () => {
  await cluster?.stop();
  const server = keyServer;
  if (server) await new Promise((ok) => server.close(ok));
});

const api = () => `${cluster!.proxy.url}/api/v1`;

async function nonce(): Promise<string> {
  const r = await fetch(`${api()}/customers/google_nonce`, { method: 'POST', headers: { 'x-test-client': '198.51.100.7' } });
  assert.equal(r.status, 200);
  return ((await r.json()) as { nonce: string }).nonce;
}

/** A Google ID token as Google signs one, for `email`, carrying an api nonce. */
async function googleToken(email: string, subject: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email, email_verified: true, given_name: 'Burst', family_name: 'Test', nonce: await nonce() })
    .setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'JWT' })
    .setIssuer('https://accounts.google.com')
    .setAudience(CLIENT_ID)
    .setSubject(subject)
    .setIssuedAt(now - 30)
    .setExpirationTime(now + 3600)
    .sign(privateKey);
}

async function googleSignIn(credential: string, client: string): Promise<{ status: number; message?: string; token: string | null }> {
  const r = await fetch(`${api()}/customers/google_sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-test-client': client },
    body: new URLSearchParams({ credential, select_by: 'btn', platform: 'website', usertype: 'patient' }).toString(),
  });
  const body = (await r.json()) as { message?: string };
  return { status: r.status, message: body.message, token: r.headers.get('access-token') };
}

test(`one Google token sent ${BURST} times at once over two processes: one sign-in, one account, the rest refused alike`, async () => {
  const email = `google-burst-${process.pid}@example.com`;
  const credential = await googleToken(email, `burst-${process.pid}`);
  const answers = await Promise.all(Array.from({ length: BURST }, (_, i) => googleSignIn(credential, `203.0.113.${i + 1}`)));

  const won = answers.filter((a) => a.status === 200);
  const refused = answers.filter((a) => a.status !== 200);
  assert.equal(won.length, 1, `sign-ins: ${JSON.stringify(answers.map((a) => a.status))}`);
  assert.ok(won[0]!.token, 'the winner has credentials');
  assert.equal(refused.length, BURST - 1);
  for (const a of refused) {
    assert.equal(a.status, 422, JSON.stringify(a));
    assert.equal(a.message, GOOGLE_LOGIN_FAILED);
    assert.equal(a.token, null);
  }
  assert.ok(
    cluster!.proxy.counts.every((c) => c >= BURST / 4),
    `both processes answered: ${JSON.stringify(cluster!.proxy.counts)}`,
  );

  const { rows: users } = await cluster!.sql.query<{ id: number }>(`SELECT id FROM users WHERE email = $1`, [email]);
  assert.equal(users.length, 1, 'one account');
  const { rows: links } = await cluster!.sql.query(`SELECT 1 FROM linked_accounts WHERE user_id = $1`, [users[0]!.id]);
  assert.equal(links.length, 1, 'one link');
  const { rows: sessions } = await cluster!.sql.query(`SELECT 1 FROM auth_tokens WHERE user_id = $1`, [users[0]!.id]);
  assert.equal(sessions.length, 1, 'one session');
  // The token is spent: sent again later, it is refused too.
  assert.equal((await googleSignIn(credential, '203.0.113.200')).status, 422);
});
