// Messages that leave: the api's outbox rows are sent once committed, e-mail over SMTP to a real local
// SMTP server (read back here), SMS and WhatsApp over the Messages REST api to its local double. The
// reset e-mail's link works; a one-time code by SMS and by WhatsApp signs in; a refused send is retried
// with its error kept on a schedule of hours, then kept as a dead letter that an operator resends; codes
// go first, newest first, and an expired one is not sent; the SMTP client's timeouts are shorter than the
// lease; two dispatchers send a message once, and a rolled-back change sends nothing.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { boot, call, freshPostgres, savedDatabase, signUpWithCode } from './helpers.js';
import {
  localMessagesEnv,
  startLocalMessagesApi,
  startLocalSmtp,
  type LocalMessagesApi,
  type LocalSmtp,
} from '../scripts/local-messages.js';
import { deliver } from '../src/core/outbox.js';
import { dispatchOnce, startDispatcher, type DispatchTiming } from '../src/messages/dispatcher.js';
import { listDeadLetters, resendDeadLetters } from '../src/messages/dead-letters.js';
import { migrate, openDb, type Db } from '../src/db/index.js';
import { messageIdHeader, messagesApiTransport, smtpTransport, type OutgoingMessage, type Transport } from '../src/messages/delivery.js';
import {
  afterFailure,
  checkTiming,
  DEFAULT_RETRY,
  DEFAULT_TIMING,
  longestAttemptMs,
  outboxTimingFromEnv,
  retryDelayMs,
} from '../src/messages/retry.js';
import { ConfigError } from '../src/core/config.js';
import { startApi } from '../src/server.js';
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
    // The Message-ID is the outbox row's own, so that a resend of this row is the same message.
    const [ids] = await srv.db.query<{ message_id: string }>(
      `SELECT message_id::text AS message_id FROM outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1`,
      [email],
    );
    assert.equal(mail.messageId, messageIdHeader(ids!.message_id, 'Haven <no-reply@haven.localhost>'));
    assert.equal(row?.provider_id, mail.messageId);
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
    db = await openDb({ database: savedDatabase('migrated') ?? 'memory', url: fresh?.url ?? null });
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

  // Short waits, so that a test steps through hours of retries by moving the clocks it reads.
  const quick: DispatchTiming = { leaseMs: 60_000, retry: { firstMs: 1000, maxMs: 4000, retryForMs: 20_000 } };
  const waitS = async (to: string) =>
    (
      await db.query<{ s: number }>(
        `SELECT round(extract(epoch FROM next_attempt_at - now()))::int AS s FROM outbox WHERE recipient = $1`,
        [to],
      )
    )[0]?.s;

  test('a send the provider refuses stays pending with its error and backs off 1 s, 2 s, 4 s, 4 s...; past the horizon it is a dead letter', async () => {
    const refused = messagesApiTransport('sms', {
      baseUrl: texts.baseUrl,
      accountSid: texts.accountSid,
      authToken: 'wrong-token',
      from: '+15005550006',
    });
    const to = '+919812300003';
    await deliver(db, { channel: 'sms', to, subject: 's', body: 'b' });
    const errors: unknown[] = [];
    assert.equal(await dispatchOnce(db, [refused], (e) => errors.push(e), quick), 0);
    assert.equal(errors.length, 1, 'the refusal is reported');
    assert.deepEqual(await rowOf(to), {
      status: 'pending',
      attempts: 1,
      last_error: errors.length ? String((errors[0] as Error).message) : '',
    });
    assert.match((await rowOf(to))?.last_error ?? '', /401/);
    assert.equal(await waitS(to), 1);
    await dispatchOnce(db, [refused], (e) => errors.push(e), quick);
    assert.equal(errors.length, 1, 'not retried before its back-off');
    // Many more attempts than the five the outbox once gave up after: still pending, the wait capped at 4 s.
    const waits: (number | undefined)[] = [];
    for (let i = 2; i <= 8; i++) {
      await due(to);
      await dispatchOnce(db, [refused], (e) => errors.push(e), quick);
      waits.push(await waitS(to));
    }
    assert.deepEqual(waits, [2, 4, 4, 4, 4, 4, 4]);
    assert.deepEqual({ ...(await rowOf(to)), last_error: undefined }, { status: 'pending', attempts: 8, last_error: undefined });
    assert.equal(errors.length, 8);
    // 17 s into a 20 s horizon: the next wait (4 s) would fall past it, so this failure is the last.
    await db.query(`UPDATE outbox SET next_attempt_at = now(), retrying_since = now() - interval '17 seconds' WHERE recipient = $1`, [to]);
    await dispatchOnce(db, [refused], (e) => errors.push(e), quick);
    assert.equal((await rowOf(to))?.status, 'dead');
    assert.equal(errors.length, 9);
    await due(to);
    await dispatchOnce(db, [refused], (e) => errors.push(e), quick);
    assert.equal(errors.length, 9, 'a dead letter is not tried again by itself');
    const dead = (await listDeadLetters(db)).find((d) => d.recipient === to);
    assert.equal(dead?.attempts, 9);
    assert.match(dead?.last_error ?? '', /401/);
  });

  test('a dead letter resent by the operator leaves again, as the same message (its Message-ID), once', async () => {
    const to = 'dead-letter@example.com';
    await deliver(db, { channel: 'email', to, subject: 'receipt', body: 'b' });
    const ids: string[] = [];
    const tried: string[] = [];
    let up = false;
    const flaky: Transport = {
      channel: 'email',
      send: async (m) => {
        tried.push(m.id);
        if (!up) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
        ids.push(m.id);
        return `<${m.id}@haven.localhost>`;
      },
    };
    const [{ message_id: messageId } = { message_id: '' }] = await db.query<{ message_id: string }>(
      `SELECT message_id::text AS message_id FROM outbox WHERE recipient = $1`,
      [to],
    );
    // A first attempt that may have reached the server (an answer lost): the row stays pending.
    await dispatchOnce(db, [flaky], () => undefined, quick);
    await due(to);
    // Fails past its horizon: dead.
    await db.query(`UPDATE outbox SET retrying_since = now() - interval '1 hour' WHERE recipient = $1`, [to]);
    await dispatchOnce(db, [flaky], () => undefined, quick);
    const [dead] = (await listDeadLetters(db)).filter((d) => d.recipient === to);
    assert.ok(dead, 'listed as a dead letter');
    assert.match(dead.last_error ?? '', /ECONNREFUSED/);
    up = true;
    assert.deepEqual(await resendDeadLetters(db, [dead.id, 999_999]), [dead.id], 'only dead letters are resent');
    assert.deepEqual(await resendDeadLetters(db, [dead.id]), [], 'a second resend finds it queued already');
    await dispatchOnce(db, [flaky], assert.fail, quick);
    await dispatchOnce(db, [flaky], assert.fail, quick);
    assert.deepEqual(ids, [messageId], 'sent once');
    assert.deepEqual(tried, [messageId, messageId, messageId], 'every attempt, before and after the resend, is the same message');
    assert.equal((await rowOf(to))?.status, 'sent');
    assert.equal((await listDeadLetters(db)).filter((d) => d.recipient === to).length, 0);
  });

  test('codes go first, newest first, even behind a queue of older messages that keep failing; then the rest, oldest first', async () => {
    // Older messages to a mailbox that refuses them, more than a pass sends.
    for (let i = 0; i < 60; i++)
      await deliver(db, { channel: 'whatsapp', to: `+9198000${String(i).padStart(5, '0')}`, subject: 's', body: 'old' });
    await deliver(db, { channel: 'whatsapp', to: '+919800100001', subject: 's', body: 'code 1', code: '111111', validForS: 600 });
    await deliver(db, { channel: 'whatsapp', to: '+919800100002', subject: 's', body: 'code 2', code: '222222', validForS: 600 });
    await deliver(db, { channel: 'whatsapp', to: '+919800100003', subject: 's', body: 'notice' });
    const order: string[] = [];
    const picky: Transport = {
      channel: 'whatsapp',
      send: async (m) => {
        order.push(m.body === 'old' ? m.to : m.body);
        if (m.body === 'old') throw new Error('mailbox full');
        return 'id';
      },
    };
    await dispatchOnce(db, [picky], () => undefined, quick);
    assert.deepEqual(
      order,
      ['code 2', 'code 1', '+919800000000'],
      'the codes before the older failing rows (the oldest next); one failure ends the pass',
    );
    assert.equal((await rowOf('+919800100002'))?.status, 'sent');
    assert.equal((await rowOf('+919800100001'))?.status, 'sent');
  });

  test('a code message past its code’s validity is not sent, and is recorded expired', async () => {
    const to = 'late-code@example.com';
    await deliver(db, { channel: 'email', to, subject: 'Your code', body: '123456', code: '123456', validForS: 600 });
    await db.query(`UPDATE outbox SET expires_at = now() - interval '1 second' WHERE recipient = $1`, [to]);
    const counted: string[] = [];
    await dispatchOnce(db, [{ channel: 'email', send: async (m) => (counted.push(m.to), 'id') }], assert.fail, quick);
    assert.ok(!counted.includes(to), 'not sent');
    assert.equal((await rowOf(to))?.status, 'expired');
    const [{ id } = { id: 0 }] = await db.query<{ id: number }>(`SELECT id FROM outbox WHERE recipient = $1`, [to]);
    assert.deepEqual(await resendDeadLetters(db, [id]), [], 'an expired message is no dead letter: never resent');
    assert.equal((await rowOf(to))?.status, 'expired');
  });

  test('stopping the dispatcher waits for the message being sent, not for the rest of its pass', async () => {
    for (let i = 0; i < 5; i++) await deliver(db, { channel: 'sms', to: `+91981239000${i}`, subject: 's', body: 'b' });
    let open!: () => void;
    const gate = new Promise<void>((ok) => (open = ok));
    let began!: () => void;
    const first = new Promise<void>((ok) => (began = ok));
    const sentTo: string[] = [];
    const slow: Transport = {
      channel: 'sms',
      send: async (m) => {
        began();
        await gate;
        sentTo.push(m.to);
        return 'id';
      },
    };
    const d = startDispatcher(db, [slow], { timing: { ...DEFAULT_TIMING, pollMs: 10 }, onError: assert.fail });
    await first;
    const stopped = d.stop();
    open();
    await stopped;
    assert.deepEqual(sentTo, ['+919812390000']);
    const [left] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox WHERE recipient LIKE '+91981239000_' AND status = 'pending'`,
    );
    assert.equal(left?.n, 4, 'the rest wait for the next start');
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

describe('how long an attempt may take, and the lease', () => {
  test('the retry schedule: seconds growing to minutes, retried for hours (an hour-long outage loses nothing)', () => {
    const table: [number, number][] = [
      [1, 10_000],
      [2, 20_000],
      [3, 40_000],
      [4, 80_000],
      [5, 160_000],
      [6, 320_000],
      [7, 640_000],
      [8, 900_000],
      [40, 900_000],
      [1000, 900_000],
    ];
    for (const [attempts, ms] of table) assert.equal(retryDelayMs(attempts, DEFAULT_RETRY), ms, `after ${attempts} attempts`);
    // Failing every attempt for an hour: still pending.
    let elapsed = 0;
    let attempts = 0;
    while (elapsed < 3600_000) {
      const next = afterFailure(++attempts, elapsed, DEFAULT_RETRY);
      assert.equal(next.dead, false, `after ${attempts} attempts, ${elapsed} ms`);
      if (!next.dead) elapsed += next.waitMs;
    }
    assert.ok(attempts > 5);
    assert.deepEqual(afterFailure(100, 24 * 3600_000 - 900_000, DEFAULT_RETRY), { dead: false, waitMs: 900_000 });
    assert.deepEqual(afterFailure(100, 24 * 3600_000 - 899_999, DEFAULT_RETRY), { dead: true });
  });

  test('the SMTP timeouts together are shorter than the lease; a configuration that is not is refused', () => {
    const smtp = DEFAULT_TIMING.smtp;
    assert.ok(smtp.connectionTimeout > 0 && smtp.greetingTimeout > 0 && smtp.socketTimeout > 0);
    assert.ok(DEFAULT_TIMING.leaseMs > smtp.connectionTimeout + smtp.greetingTimeout + smtp.socketTimeout);
    assert.ok(DEFAULT_TIMING.leaseMs > longestAttemptMs(DEFAULT_TIMING));
    assert.deepEqual(outboxTimingFromEnv({}), DEFAULT_TIMING);
    assert.throws(() => outboxTimingFromEnv({ HAVEN_OUTBOX_LEASE_MS: '50000' }), ConfigError, 'a lease equal to the sum');
    assert.throws(() => outboxTimingFromEnv({ HAVEN_SMTP_SOCKET_TIMEOUT_MS: '200000' }), ConfigError, 'a socket timeout past the lease');
    assert.throws(() => outboxTimingFromEnv({ HAVEN_OUTBOX_LEASE_MS: 'soon' }), ConfigError);
    assert.doesNotThrow(() => checkTiming({ ...DEFAULT_TIMING, leaseMs: 50_001 }));
  });

  test('the api refuses to start with a lease a send could outlast', async () => {
    // Refused before anything is opened (no database, no port).
    const env = { ...process.env, HAVEN_OUTBOX_LEASE_MS: '1000' };
    await assert.rejects(startApi({ port: 0, database: 'memory', stage: 'test', realtime: false, env }), ConfigError);
  });

  test(
    'an SMTP server that never greets fails the attempt at the greeting timeout (not nodemailer’s 30 s)',
    { timeout: 10_000 },
    async () => {
      const sockets = new Set<Socket>();
      const mute = createTcpServer((s) => sockets.add(s));
      await new Promise<void>((ok) => mute.listen(0, '127.0.0.1', ok));
      const port = (mute.address() as AddressInfo).port;
      const t = smtpTransport({
        url: `smtp://127.0.0.1:${port}`,
        from: 'Haven <no-reply@haven.localhost>',
        timeouts: { connectionTimeout: 500, greetingTimeout: 500, socketTimeout: 1000 },
      });
      const m: OutgoingMessage = {
        channel: 'email',
        to: 'a@example.com',
        subject: 's',
        body: 'b',
        id: '00000000-0000-4000-8000-000000000000',
      };
      try {
        await assert.rejects(t.send(m), (e: Error & { code?: string }) => {
          assert.match(`${e.code} ${e.message}`, /greeting|ETIMEDOUT/i);
          return true;
        });
      } finally {
        t.close?.();
        for (const s of sockets) s.destroy();
        await new Promise((ok) => mute.close(ok));
      }
    },
  );
});
