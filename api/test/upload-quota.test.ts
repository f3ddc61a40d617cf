// The upload quota over real HTTP: files and bytes per account per hour, the parent and its profiles
// together, reserved before the bytes are read (a parallel burst cannot overrun it), 429 with Retry-After.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { as, boot, signIn, type Session, signUpWithCode } from './helpers.js';
import { assertClientError } from './assert-helpers.js';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts.js';
import { reserveUpload } from '../src/accounts/documents.js';
import { Limits } from '../src/core/limits.js';
import { HttpError } from '../src/core/http.js';

let srv: Awaited<ReturnType<typeof boot>>;
let api: string;
let now = Date.UTC(2026, 10, 26, 12);
const KB = 1024;
/** A PDF of about `size` bytes (the type is read from its first bytes). */
const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(Math.max(0, size - 9), 0x20)]);

before(async () => {
  process.env.HAVEN_FILES_DIR = await mkdtemp(join(tmpdir(), 'haven-quota-test-'));
  // A 1 MB hourly budget keeps the test's uploads small; the default is in core/config.ts.
  srv = await boot({ clock: () => now, env: { HAVEN_UPLOAD_HOURLY_MB: '1' } });
  api = srv.api;
});
after(async () => {
  await srv.close();
});

let seq = 0;
async function freshPatient(): Promise<Session> {
  const email = `quota-${process.pid}-${++seq}@haven.test`;
  const r = await signUpWithCode(api, {
    email,
    password: DEMO_PASSWORD,
    password_confirmation: DEMO_PASSWORD,
    first_name: 'Test',
    last_name: 'Patient',
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return signIn(api, email);
}

function upload(s: Session, bytes: Buffer, headers: Record<string, string> = {}) {
  return as(s, `${api}/customers/documents?kind=document&file_name=f.pdf`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', ...headers },
    raw: bytes as unknown as string,
  });
}

async function profileHeaders(me: Session): Promise<Record<string, string>> {
  const created = await as(me, `${api}/customers/profiles`, {
    method: 'POST',
    body: { kind: 'profile', first_name: 'Mira', last_name: 'Test', date_of_birth: '2015-03-04', relationship: 'child' },
  });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  const session = await as(me, `${api}/customers/profiles/${created.body.data.uuid}/session`, { method: 'POST' });
  return { 'secondary-profile-access-token': session.headers.get('secondary-profile-access-token')! };
}

describe('upload quota', () => {
  test('files per hour: a burst of 50 from the parent and a profile together stores 20; the rest get 429 with Retry-After; an hour later it opens again', async () => {
    const me = await freshPatient();
    const profile = await profileHeaders(me);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => upload(me, pdf(200), i % 2 ? profile : {})));
    const statuses = answers.map((r) => r.status);
    assert.equal(statuses.filter((s) => s === 200).length, 20, JSON.stringify(statuses));
    for (const r of answers.filter((a) => a.status !== 200)) {
      assertClientError(r, 429);
      assert.ok(Number(r.headers.get('retry-after')) > 0);
    }
    now += 3600_000 + 1000;
    assert.equal((await upload(me, pdf(200), profile)).status, 200);
  });

  test('bytes per hour: over the budget 429 until the window passes; deleting gives nothing back; a parallel burst cannot overrun it', async () => {
    const me = await freshPatient();
    const first = await upload(me, pdf(600 * KB));
    assert.equal(first.status, 200, JSON.stringify(first.body));
    const second = await upload(me, pdf(600 * KB));
    assertClientError(second, 429);
    assert.equal(second.body.code, 'rate_limited');
    const wait = Number(second.headers.get('retry-after'));
    assert.ok(wait > 3500 && wait <= 3600, `Retry-After ${wait}`);
    assert.equal((await as(me, `${api}/customers/documents/${first.body.data.uuid}`, { method: 'DELETE' })).status, 200);
    assertClientError(await upload(me, pdf(600 * KB)), 429);
    now += 3600_000 + 1000;
    assert.equal((await upload(me, pdf(600 * KB))).status, 200);

    // Five parallel 300 KB uploads into a fresh hour of a fresh account: at most 1 MB is stored.
    const other = await freshPatient();
    const burst = await Promise.all(Array.from({ length: 5 }, () => upload(other, pdf(300 * KB))));
    assert.equal(burst.filter((r) => r.status === 200).length, 3, JSON.stringify(burst.map((r) => r.status)));
    for (const r of burst.filter((b) => b.status !== 200)) assertClientError(r, 429);
  });

  // Over HTTP one account's uploads reach the quota one after another (each request's sign-in check and
  // the address's own limit come first), so the bursts above seldom overlap at the count. These send
  // the reservations themselves all at once: on PostgreSQL (scripts/test-bursts.sh) they run in
  // parallel transactions and only the per-account lock keeps them from all seeing the same room.
  const refusedAt429 = (r: PromiseSettledResult<unknown>) =>
    r.status === 'rejected' && r.reason instanceof HttpError && r.reason.statusCode === 429;

  test('files per hour, a burst at the count itself: 50 reservations for one account at once, exactly 20 taken', async () => {
    const limits = new Limits(srv.db, 'test', () => now);
    const account = `burst-${process.pid}-${++seq}`;
    const all = await Promise.allSettled(Array.from({ length: 50 }, () => limits.take('upload_account', account)));
    assert.equal(all.filter((r) => r.status === 'fulfilled').length, 20);
    assert.ok(all.filter((r) => r.status === 'rejected').every(refusedAt429));
  });

  test('bytes per hour, a burst at the reservation itself: 20 reservations of 100 KB at once into 1 MB, exactly 10 get room', async () => {
    const accountId = (await freshPatient()).user.id as number;
    const all = await Promise.allSettled(Array.from({ length: 20 }, () => reserveUpload(srv.db, accountId, 100 * KB, 1024 * KB, now)));
    assert.equal(all.filter((r) => r.status === 'fulfilled').length, 10);
    assert.ok(all.filter((r) => r.status === 'rejected').every(refusedAt429));
    const [sum] = await srv.db.query<{ bytes: string }>(`SELECT sum(size_bytes)::text AS bytes FROM upload_log WHERE account_id = $1`, [
      accountId,
    ]);
    assert.equal(Number(sum!.bytes), 1000 * KB);
  });

  test("a second account is not touched by the first one's quota", async () => {
    const a = await freshPatient();
    const b = await freshPatient();
    assert.equal((await upload(a, pdf(900 * KB))).status, 200);
    assertClientError(await upload(a, pdf(200 * KB)), 429);
    assert.equal((await upload(b, pdf(900 * KB))).status, 200);
  });
});
