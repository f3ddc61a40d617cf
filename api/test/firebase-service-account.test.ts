// A real Firebase project by configuration: a service account key file makes the fb_tokens custom
// tokens Firebase Auth accepts (RS256 by the service account, its e-mail as issuer and subject, the
// Identity Toolkit audience, uid and claims, at most one hour); a broken file or a project mismatch
// refuses the start, naming the problem.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { importSPKI, jwtVerify } from 'jose';
import { readServiceAccount } from '../src/identity/firebase-service-account.js';
import { customTokenFor } from '../src/identity/tokens.js';
import { ConfigError } from '../src/core/config.js';
import { startApi } from '../src/server.js';

const dir = mkdtempSync(path.join(tmpdir(), 'haven-sa-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const key = {
  type: 'service_account',
  project_id: 'haven-prod',
  client_email: 'api@haven-prod.iam.gserviceaccount.com',
  private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  private_key_id: 'k1',
};
const file = (name: string, content: string) => {
  const f = path.join(dir, name);
  writeFileSync(f, content);
  return f;
};

test('with a service account, the fb_token is a custom token signed by it that Firebase Auth accepts', async () => {
  const sa = readServiceAccount(file('sa.json', JSON.stringify(key)));
  const ident = { uid: 'fb-uid-1', claims: { haven_user_id: '7', haven_uuid: 'u-7' } };
  const token = await customTokenFor({ firebaseSecret: 'unused-here', firebaseProjectId: 'haven-prod', firebaseServiceAccount: sa }, ident);
  const { payload, protectedHeader } = await jwtVerify(
    token,
    await importSPKI(publicKey.export({ type: 'spki', format: 'pem' }).toString(), 'RS256'),
    {
      issuer: key.client_email,
      subject: key.client_email,
      audience: 'https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit',
    },
  );
  assert.equal(protectedHeader.alg, 'RS256');
  assert.equal(payload.uid, 'fb-uid-1');
  assert.deepEqual(payload.claims, ident.claims);
  assert.ok(payload.exp! - payload.iat! <= 3600);
  // Without one: the local emulator's token (HS256), which the real project would refuse.
  const local = await customTokenFor({ firebaseSecret: 's'.repeat(40), firebaseProjectId: 'haven-local' }, ident);
  assert.equal(JSON.parse(Buffer.from(local.split('.')[0]!, 'base64url').toString()).alg, 'HS256');
});

test('a broken key file is refused, naming the file and the problem', () => {
  const cases: Array<[string, string, RegExp]> = [
    ['not-json.json', 'nope', /not-json\.json: .*JSON/],
    ['wrong-type.json', JSON.stringify({ ...key, type: 'authorized_user' }), /wrong-type\.json: not a service account key/],
    ['no-key.json', JSON.stringify({ ...key, private_key: '' }), /no-key\.json: not a service account key/],
  ];
  for (const [name, content, message] of cases) {
    assert.throws(
      () => readServiceAccount(file(name, content)),
      (e: Error) => e instanceof ConfigError && message.test(e.message),
    );
  }
});

test("the api refuses to start when the project id is not the service account's", async () => {
  const env = { HAVEN_FIREBASE_SERVICE_ACCOUNT_FILE: file('sa2.json', JSON.stringify(key)), HAVEN_FIREBASE_PROJECT_ID: 'another-project' };
  await assert.rejects(
    startApi({ port: 0, realtimePort: 0, stage: 'test', env }),
    (e: Error) => e instanceof ConfigError && /not the service account's project \(haven-prod\)/.test(e.message),
  );
});
