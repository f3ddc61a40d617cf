// Uploads that scale out: two production processes keep documents in one S3-compatible bucket (a local S3
// server from the npm registry), nothing in a folder of their own. A document uploaded through one process
// is downloaded through the other, and deleting it removes the object.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts.js';
import { startTwoProcessCluster, type TwoProcessCluster } from './cluster.js';

const BUCKET = 'haven-documents';
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

let s3Dir: string;
let s3Server: S3rver;
let s3: S3Client;
let cluster: TwoProcessCluster | undefined;
before(async () => {
  s3Dir = mkdtempSync(path.join(tmpdir(), 'haven-s3-'));
  s3Server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir });
  const { port } = await s3Server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  s3 = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: CREDENTIALS });
  await s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
  cluster = await startTwoProcessCluster('haven_s3', {
    HAVEN_S3_BUCKET: BUCKET,
    HAVEN_S3_ENDPOINT: endpoint,
    HAVEN_S3_FORCE_PATH_STYLE: 'on',
    HAVEN_S3_PREFIX: 'documents/',
    AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
  });
});
after(async () => {
  await cluster?.stop();
  await s3Server?.close();
  rmSync(s3Dir, { recursive: true, force: true });
});

const objectKeys = async () => ((await s3.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((o) => o.Key);

test('a document uploaded through one process is downloaded through the other, from the bucket', async () => {
  const [first, second] = cluster!.procs;
  assert.ok(first && second);
  const signIn = await fetch(`${first.url}/api/v1/auth/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'patient@haven.test', password: DEMO_PASSWORD }),
  });
  assert.equal(signIn.status, 200);
  const creds = Object.fromEntries(['access-token', 'client', 'uid'].map((h) => [h, signIn.headers.get(h) ?? '']));

  const up = await fetch(`${first.url}/api/v1/customers/documents?kind=document&file_name=report.pdf`, {
    method: 'POST',
    headers: { ...creds, 'content-type': 'application/octet-stream' },
    body: PDF,
  });
  assert.equal(up.status, 200, await up.clone().text());
  const { uuid, sha256 } = ((await up.json()) as { data: { uuid: string; sha256: string } }).data;
  assert.deepEqual(await objectKeys(), [`documents/${sha256.slice(0, 2)}/${sha256}`]);
  // Nothing was kept in the process's own folder.
  assert.deepEqual(readdirSync(cluster!.env.HAVEN_FILES_DIR!), []);

  const file = await fetch(`${second.url}/api/v1/customers/documents/${uuid}/file`, { headers: creds });
  assert.equal(file.status, 200);
  assert.equal(file.headers.get('content-type'), 'application/pdf');
  assert.deepEqual(Buffer.from(await file.arrayBuffer()), PDF);

  assert.equal((await fetch(`${second.url}/api/v1/customers/documents/${uuid}`, { method: 'DELETE', headers: creds })).status, 200);
  assert.deepEqual(await objectKeys(), []);
  assert.equal((await fetch(`${first.url}/api/v1/customers/documents/${uuid}/file`, { headers: creds })).status, 404);
});
