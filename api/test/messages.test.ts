// Messages that leave: the api's outbox rows are sent once committed, e-mail over SMTP to a real local
// SMTP server (read back here), SMS and WhatsApp over the Messages REST api to its local double. The
// reset e-mail's link works; a one-time code by SMS and by WhatsApp signs in; a refused send is retried
// with its error kept, two dispatchers send a message once, and a rolled-back change sends nothing.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { boot, call, freshPostgres, signUpWithCode } from './helpers.js';
import {
  localMessagesEnv,
  startLocalMessagesApi,
  startLocalSmtp,
  type LocalMessagesApi,
  type LocalSmtp,
} from '../scripts/local-messages.js';
import { deliver } from '../src/core/outbox.js';
import { dispatchOnce, MAX_ATTEMPTS } from '../src/messages/dispatcher.js';
import { migrate, openDb, type Db } from '../src/db/index.js';
import { messagesApiTransport, type Transport } from '../src/messages/delivery.js';
import { resetPasswordLink, signInCode } from '../src/messages/templates.js';

let smtp: LocalSmtp;
let texts: LocalMessagesApi;
let srv: Awaited<ReturnType<typeof boot>>;
let api: string;

before(async () => {
  [smtp, texts] = await Promise.all([startLocalSmtp(), startLocalMessagesApi()]);
  srv = await boot({ env: { ...localMessagesEnv(smtp, texts), HAVEN_OUTBOX_POLL_MS: '50' } });
  api = srv.api;
});
after(async () => {
  await srv.close();
  await Promise.all([smtp.close(), texts.close()]);
});

const statusOf = async (to: string) =>
  srv.db.query<{ status: string; provider_id: string | null; attempts: number; last_error: string | null }>(
    `SELECT status, provider_id, attempts, last_error FROM outbox WHERE recipient = $1 ORDER BY id DESC`,
    [to],
  );

/** The outbox row once the dispatcher recorded the send (the message may arrive a moment before that). */
async function sentRow(to: string) {
  for (let i = 0; i < 200; i++) {
    const [row] = await statusOf(to);
    if (row?.status === 'sent') return row;
    await new Promise((ok) => setTimeout(ok, 25));
  }
  return (await statusOf(to))[0];
}

describe('e-mail over SMTP', () => {
  test('a password-reset request arrives by e-mail, and its link sets the new password', async () => {
    const email = `reset-${process.pid}@example.com`;
    assert.equal((await signUpWithCode(api, { email, password: 'original-pass1', password_confirmation: 'original-pass1' })).status, 200);
    // The sign-up code's e-mail arrived first; only the reset e-mail is read below.
    smtp.mails.splice(smtp.mails.indexOf(await smtp.waitFor(email)), 1);
    const asked = await call(`${api}/auth/password`, { body: { email, redirect_url: 'http://localhost:3000/set-password' } });
    assert.equal(asked.status, 200);

    const mail = await smtp.waitFor(email);
    assert.equal(mail.subject, resetPasswordLink('x').subject);
    assert.match(mail.from, /no-reply@haven\.localhost/);
    const link = new URL(/(http:\/\/localhost:3000\/set-password\?\S+)/.exec(mail.text)?.[1] ?? 'http://none/');
    const token = link.searchParams.get('reset_password_token');
    assert.ok(token, mail.text);

    const set = await call(`${api}/auth/password`, {
      method: 'PUT',
      body: { password: 'brand-new-pass1', password_confirmation: 'brand-new-pass1', reset_password_token: token },
    });
    assert.equal(set.status, 200, JSON.stringify(set.body));
    assert.equal((await call(`${api}/auth/sign_in`, { body: { email, password: 'brand-new-pass1' } })).status, 200);
    const row = await sentRow(email);
    assert.equal(row?.status, 'sent');
    assert.ok(row?.provider_id, 'the SMTP message id is kept');
  });
});

describe('SMS and WhatsApp over the Messages REST api', () => {
  for (const [channel, to, expectTo] of [
    ['sms', '9812300001', '+919812300001'],
    ['whatsapp', '9812300002', 'whatsapp:+919812300002'],
  ] as const) {
    test(`${channel}: the one-time code arrives at the provider and signs in`, async () => {
      assert.equal((await call(`${api}/otp/send`, { body: { channel, mobile: to, country_code: '91' } })).status, 200);
      const text = await texts.waitFor(expectTo);
      assert.equal(text.from, channel === 'sms' ? '+15005550006' : 'whatsapp:+14155238886');
      const code = /^(\d{6}) /.exec(text.body)?.[1];
      assert.ok(code, text.body);
      assert.equal(text.body, signInCode(code).body);
      const ok = await call(`${api}/otp/verify`, { body: { channel, mobile: to, country_code: '91', code, create_account: true } });
      assert.equal(ok.status, 200, JSON.stringify(ok.body));
      const row = await sentRow(`+91${to}`);
      assert.equal(row?.status, 'sent');
      assert.equal(row?.provider_id, text.sid);
    });
  }
});

describe('the dispatcher (a database of its own, no other dispatcher; PostgreSQL under scripts/test-postgres.sh)', () => {
  let db: Db;
  let fresh: Awaited<ReturnType<typeof freshPostgres>>;
  before(async () => {
    fresh = await freshPostgres();
    db = await openDb({ database: 'memory', url: fresh?.url ?? null });
    await migrate(db);
  });
  after(async () => {
    await db.close();
    await fresh?.drop();
  });
  const rowOf = async (to: string) =>
    (
      await db.query<{ status: string; attempts: number; last_error: string | null }>(
        `SELECT status, attempts, last_error FROM outbox WHERE recipient = $1`,
        [to],
      )
    )[0];
  const due = (to: string) => db.query(`UPDATE outbox SET next_attempt_at = now() WHERE recipient = $1`, [to]);

  test('a send the provider refuses stays pending with its error, backs off, and fails after the last attempt', async () => {
    const refused = messagesApiTransport('sms', {
      baseUrl: texts.baseUrl,
      accountSid: texts.accountSid,
      authToken: 'wrong-token',
      from: '+15005550006',
    });
    const to = '+919812300003';
    await deliver(db, { channel: 'sms', to, subject: 's', body: 'b' });
    const errors: unknown[] = [];
    assert.equal(await dispatchOnce(db, [refused], (e) => errors.push(e)), 0);
    assert.equal(errors.length, 1, 'the refusal is reported');
    assert.deepEqual(await rowOf(to), {
      status: 'pending',
      attempts: 1,
      last_error: errors.length ? String((errors[0] as Error).message) : '',
    });
    assert.match((await rowOf(to))?.last_error ?? '', /401/);
    await dispatchOnce(db, [refused], (e) => errors.push(e));
    assert.equal(errors.length, 1, 'not retried before its back-off');
    for (let i = 2; i <= MAX_ATTEMPTS; i++) {
      await due(to);
      await dispatchOnce(db, [refused], (e) => errors.push(e));
    }
    assert.equal((await rowOf(to))?.status, 'failed');
    assert.equal(errors.length, MAX_ATTEMPTS);
  });

  test('a burst of dispatchers at once sends each message exactly once', async () => {
    const counted: string[] = [];
    // A send that takes a moment, so that the passes overlap.
    const counting: Transport = {
      channel: 'email',
      send: async (m) => {
        await new Promise((ok) => setTimeout(ok, 2));
        counted.push(m.to);
        return `id-${counted.length}`;
      },
    };
    for (let i = 0; i < 60; i++) await deliver(db, { channel: 'email', to: `once-${i}@example.com`, subject: 's', body: 'b' });
    const passes = async () => {
      let n = 0;
      for (let k; (k = await dispatchOnce(db, [counting], assert.fail)) > 0;) n += k;
      return n;
    };
    const sent = await Promise.all([passes(), passes(), passes(), passes()]);
    assert.equal(
      sent.reduce((a, b) => a + b, 0),
      60,
    );
    assert.equal(counted.length, 60);
    assert.equal(new Set(counted).size, 60);
    const [left] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox WHERE recipient LIKE 'once-%' AND status <> 'sent'`,
    );
    assert.equal(left?.n, 0);
  });

  test('a message of a change that rolled back is never sent', async () => {
    const counted: string[] = [];
    const counting: Transport = { channel: 'email', send: async (m) => (counted.push(m.to), 'id') };
    await assert.rejects(
      db.tx(async (q) => {
        await deliver(q, { channel: 'email', to: 'rolled-back@example.com', subject: 'never', body: 'never' });
        throw new Error('the change failed');
      }),
      /the change failed/,
    );
    await dispatchOnce(db, [counting], assert.fail);
    assert.deepEqual(counted, []);
    assert.equal(await rowOf('rolled-back@example.com'), undefined);
  });
});
