// The mail server goes away for longer than the outbox once retried (five attempts over ~150 s; here the
// waits are scaled down, 0.2 s doubling to 1 s, so that an 8 s outage outlasts five attempts), with
// messages queued before and during the outage, some of them 45 minutes old (the outbox once dropped
// anything older than 30 minutes), and one-time codes, some of which expire during the outage. When the
// server is back: every message still of use arrives exactly once (counted by Message-ID and by recipient
// at the SMTP server), the expired codes are recorded 'expired' and never sent, nothing is a dead letter.
// With DATABASE_URL: two api processes on PostgreSQL; else one on PGlite.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { deliver } from '../src/core/outbox.js';
import { MAIL_FROM, startApis, startMailServer, tally, until, type Apis, type MailServer } from './mail-fixtures.js';

const OUTAGE_MS = 8_000;
let mail: MailServer;
let apis: Apis;

before(async () => {
  mail = await startMailServer();
  apis = await startApis({
    HAVEN_SMTP_URL: mail.url,
    HAVEN_MAIL_FROM: MAIL_FROM,
    HAVEN_OUTBOX_POLL_MS: '100',
    HAVEN_OUTBOX_RETRY_FIRST_MS: '200',
    HAVEN_OUTBOX_RETRY_MAX_MS: '1000',
    HAVEN_OUTBOX_LEASE_MS: '5000',
    HAVEN_SMTP_CONNECTION_TIMEOUT_MS: '1000',
    HAVEN_SMTP_GREETING_TIMEOUT_MS: '1000',
    HAVEN_SMTP_SOCKET_TIMEOUT_MS: '2000',
    HAVEN_SMS_TIMEOUT_MS: '2000',
  });
});
after(async () => {
  await apis?.close();
  await mail?.stop();
});

test('a mail server away for longer than the old retry horizon: every message still of use arrives exactly once, expired codes are recorded', async () => {
  const db = apis.db;
  const run = `${process.pid}-${Date.now().toString(36)}`;
  const to = (kind: string, i: number) => `${kind}-${i}-${run}@example.com`;
  const mailsTo = (kind: string, n: number) => Array.from({ length: n }, (_, i) => to(kind, i));
  const rowsOf = (kinds: string[]) =>
    db.query<{ recipient: string; status: string; attempts: number }>(
      `SELECT recipient, status, attempts FROM outbox WHERE recipient LIKE ANY($1::text[]) ORDER BY id`,
      [kinds.map((k) => `${k}-%-${run}@example.com`)],
    );

  // The server answers: a first message leaves at once.
  await deliver(db, { channel: 'email', to: to('before', 0), subject: 'before the outage', body: 'b' });
  assert.ok(await until(async () => mail.accepted.some((a) => a.to === to('before', 0)), 10_000), 'sent while the server is up');

  // The server goes away.
  await mail.stop();
  const wentAway = Date.now();
  for (const t of mailsTo('notice', 30)) await deliver(db, { channel: 'email', to: t, subject: 'notice', body: 'b' });
  // Queued 45 minutes into an hour-long outage.
  for (const t of mailsTo('old', 10)) await deliver(db, { channel: 'email', to: t, subject: 'old notice', body: 'b' });
  await db.query(`UPDATE outbox SET created_at = now() - interval '45 minutes' WHERE recipient LIKE $1`, [`old-%-${run}@example.com`]);
  for (const t of mailsTo('code', 8))
    await deliver(db, { channel: 'email', to: t, subject: 'Your code', body: '123456', code: '123456', validForS: 600 });
  for (const t of mailsTo('short', 4))
    await deliver(db, { channel: 'email', to: t, subject: 'Your code', body: '654321', code: '654321', validForS: 2 });
  const queued = 1 + 30 + 10 + 8 + 4;

  await new Promise((ok) => setTimeout(ok, OUTAGE_MS));
  const during = await rowsOf(['notice', 'old', 'code', 'short']);
  const maxAttempts = Math.max(...during.map((r) => r.attempts));
  assert.equal(
    during.filter((r) => r.status !== 'pending' && r.status !== 'expired').length,
    0,
    'nothing given up during the outage: every row waits (or its code expired)',
  );

  // The server comes back.
  await mail.start();
  const back = Date.now();
  const expected = [to('before', 0), ...mailsTo('notice', 30), ...mailsTo('old', 10), ...mailsTo('code', 8)];
  const settled = await until(async () => {
    const [left] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox WHERE recipient LIKE $1 AND status = 'pending'`, [
      `%-${run}@example.com`,
    ]);
    return left?.n === 0 && expected.every((t) => mail.accepted.some((a) => a.to === t));
  }, 15_000);
  const lastAt = Math.max(...mail.accepted.map((a) => a.at));
  const mine = mail.accepted.filter((a) => a.to.endsWith(`-${run}@example.com`));
  const t = tally(mine);
  const missing = expected.filter((e) => !t.byTo.has(e));
  console.log(
    `mail outage (${apis.processes} api process${apis.processes > 1 ? 'es' : ''}): ${queued} queued, ${mine.length} delivered ` +
      `(${t.byTo.size} distinct recipients, ${t.byId.size} Message-IDs), ${t.duplicatesByRecipient} duplicates, ${missing.length} missing; ` +
      `outage ${((back - wentAway) / 1000).toFixed(1)} s, most attempts of a row ${maxAttempts}, ` +
      `all delivered ${((lastAt - back) / 1000).toFixed(1)} s after the server came back`,
  );

  assert.ok(settled, 'every message left once the server was back');
  assert.deepEqual(missing, [], 'nothing lost');
  assert.equal(t.duplicatesByRecipient, 0, 'nothing delivered twice');
  assert.equal(t.duplicatesByMessageId, 0, 'no Message-ID twice');
  assert.equal(mine.length, expected.length);
  assert.deepEqual(
    mine.filter((a) => a.to.startsWith('short-')).map((a) => a.to),
    [],
    'a code that expired during the outage is not sent',
  );
  const rows = await rowsOf(['before', 'notice', 'old', 'code', 'short']);
  assert.deepEqual(
    rows.filter((r) => r.recipient.startsWith('short-')).map((r) => r.status),
    ['expired', 'expired', 'expired', 'expired'],
  );
  assert.deepEqual(
    rows.filter((r) => !r.recipient.startsWith('short-') && r.status !== 'sent').map((r) => `${r.recipient}: ${r.status}`),
    [],
  );
  assert.ok(maxAttempts > 5, `retried past the five attempts the outbox once gave up after (most: ${maxAttempts})`);
  // Each e-mail carried its outbox row's own Message-ID.
  const ids = await db.query<{ recipient: string; message_id: string }>(
    `SELECT recipient, message_id::text AS message_id FROM outbox WHERE recipient LIKE $1`,
    [`%-${run}@example.com`],
  );
  for (const r of ids) {
    const got = mine.find((a) => a.to === r.recipient);
    if (got) assert.equal(got.messageId, `<${r.message_id}@haven.localhost>`);
  }
});
