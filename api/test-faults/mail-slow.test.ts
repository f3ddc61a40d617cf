// A slow mail server: it answers each message after longer than the outbox's old lease (70 s against
// 60 s, where one message was delivered twice), scaled down by 20: 3.5 s against 3 s. The SMTP client's
// timeouts (connection, greeting, socket) now bound an attempt and the lease is longer than their sum,
// so no second process claims a message while its first attempt waits: each arrives exactly once,
// counted by Message-ID (the outbox row's own) and by recipient at the SMTP server, each after a single
// attempt. With DATABASE_URL: two api processes on PostgreSQL; else one on PGlite.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { deliver } from '../src/core/outbox.js';
import { MAIL_FROM, startApis, startMailServer, tally, until, type Apis, type MailServer } from './mail-fixtures.js';

const ACCEPT_DELAY_MS = 3500;
const MESSAGES = 4;
let mail: MailServer;
let apis: Apis;

before(async () => {
  mail = await startMailServer({ acceptDelayMs: ACCEPT_DELAY_MS });
  apis = await startApis({
    HAVEN_SMTP_URL: mail.url,
    HAVEN_MAIL_FROM: MAIL_FROM,
    HAVEN_OUTBOX_POLL_MS: '100',
    HAVEN_OUTBOX_RETRY_FIRST_MS: '200',
    HAVEN_OUTBOX_RETRY_MAX_MS: '1500',
    // 500 + 500 + 4500 = 5500 ms at most for one attempt; the lease is longer.
    HAVEN_SMTP_CONNECTION_TIMEOUT_MS: '500',
    HAVEN_SMTP_GREETING_TIMEOUT_MS: '500',
    HAVEN_SMTP_SOCKET_TIMEOUT_MS: '4500',
    HAVEN_SMS_TIMEOUT_MS: '2000',
    HAVEN_OUTBOX_LEASE_MS: '6000',
  });
});
after(async () => {
  await apis?.close();
  await mail?.stop();
});

test('a mail server slower to accept than the old lease: every message delivered once, after one attempt', async () => {
  const db = apis.db;
  const run = `${process.pid}-${Date.now().toString(36)}`;
  const mailsTo = Array.from({ length: MESSAGES }, (_, i) => `slow-${i}-${run}@example.com`);
  const began = Date.now();
  for (const t of mailsTo) await deliver(db, { channel: 'email', to: t, subject: 'slow', body: 'b' });
  const settled = await until(async () => {
    const [left] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox WHERE recipient LIKE $1 AND status <> 'sent'`, [
      `slow-%-${run}@example.com`,
    ]);
    return left?.n === 0;
  }, 30_000);
  // A second claim would start within a lease after the first; wait that long before counting.
  await new Promise((ok) => setTimeout(ok, ACCEPT_DELAY_MS + 500));
  const mine = mail.accepted.filter((a) => a.to.endsWith(`-${run}@example.com`));
  const t = tally(mine);
  const rows = await db.query<{ recipient: string; status: string; attempts: number }>(
    `SELECT recipient, status, attempts FROM outbox WHERE recipient LIKE $1 ORDER BY id`,
    [`slow-%-${run}@example.com`],
  );
  console.log(
    `slow mail server (${apis.processes} api process${apis.processes > 1 ? 'es' : ''}, ${ACCEPT_DELAY_MS} ms to accept): ${MESSAGES} queued, ` +
      `${mine.length} delivered, ${t.duplicatesByRecipient} duplicates, attempts ${rows.map((r) => r.attempts).join(',')}; ` +
      `${((Date.now() - began) / 1000).toFixed(1)} s`,
  );
  assert.ok(settled, 'every message recorded sent');
  assert.equal(t.duplicatesByRecipient, 0, 'no message delivered twice');
  assert.equal(t.duplicatesByMessageId, 0, 'no Message-ID twice');
  assert.deepEqual([...t.byTo.keys()].sort(), [...mailsTo].sort(), 'every message delivered');
  assert.deepEqual(
    rows.map((r) => r.attempts),
    mailsTo.map(() => 1),
    'one attempt each: no claim while the first attempt waited',
  );
  // Each e-mail carried its outbox row's own Message-ID.
  const ids = await db.query<{ recipient: string; message_id: string }>(
    `SELECT recipient, message_id::text AS message_id FROM outbox WHERE recipient LIKE $1`,
    [`slow-%-${run}@example.com`],
  );
  for (const r of ids) assert.equal(mine.find((a) => a.to === r.recipient)?.messageId, `<${r.message_id}@haven.localhost>`);
});
