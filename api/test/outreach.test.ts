// Referrals, short links, the newsletter and the leads forms (src/routes/referrals.ts, src/routes/outreach.ts):
// the contracts, the privacy of the referral count, the limits (reserved before anything is looked up),
// the same newsletter answer for every address, and counts that hold under a concurrent burst (run on
// PostgreSQL with TEST_POSTGRES=1).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { as, boot, call, freshPatient, signIn, signUpWithCode, waitForOutbox, type Res, type Session } from './helpers.js';
import { assertClientError } from './assert-helpers.js';
import { limitsFor } from '../src/config/limits.js';
import { webOrigin } from '../src/config/web.js';
import { isInProductPath, referralPath, resolveShortLink } from '../src/growth/index.js';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts.js';
import type { Db } from '../src/db/index.js';

let srv: Awaited<ReturnType<typeof boot>>;
let api: string;
before(async () => {
  // Development stage: the per-address limits are the real ones. Each test sends from its own address.
  srv = await boot({ stage: 'development', env: { HAVEN_TRUST_PROXY: 'loopback' } });
  api = srv.api;
});
after(async () => srv.close());

const LIMITS = limitsFor('development');
const from = (address: string) => ({ 'x-forwarded-for': address });
let seq = 0;
const uniqueEmail = (prefix: string) => `${prefix}-${process.pid}-${++seq}@example.com`;
const newUserBody = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  password: DEMO_PASSWORD,
  password_confirmation: DEMO_PASSWORD,
  first_name: 'Ravi',
  ...extra,
});

describe('referrals', () => {
  test('without a session: 401', async () => {
    assert.equal((await call(`${api}/customers/referrals`)).status, 401);
  });

  test('a code, its short link to sign-up with referral_unpaid, and a count that goes up when a friend joins through it', async () => {
    const referrer = await freshPatient(api, 'referrer');
    const first = await as(referrer, `${api}/customers/referrals`);
    assert.equal(first.status, 200);
    const { code, short_link, joined_count } = first.body.data;
    assert.deepEqual(Object.keys(first.body.data).sort(), ['code', 'joined_count', 'short_link'], 'a count only: no names or e-mails');
    assert.match(code, /^[A-Z2-9]{8}$/);
    assert.equal(short_link, `/s/${code}`);
    assert.equal(joined_count, 0);
    assert.equal((await as(referrer, `${api}/customers/referrals`)).body.data.code, code, 'the same code on every ask');

    const resolved = await call(`${api}/short_links/${code}`);
    assert.equal(resolved.status, 200);
    const target = new URL(resolved.body.data.path, 'http://web.test');
    assert.equal(target.pathname, '/auth/sign-up');
    assert.equal(target.searchParams.get('utm_medium'), 'referral_unpaid');
    assert.equal(target.searchParams.get('ref'), code);
    assert.equal((await call(`${api}/short_links/${code.toLowerCase()}`)).body.data.path, resolved.body.data.path, 'typed in lower case');

    const joined = await signUpWithCode(api, newUserBody(uniqueEmail('friend'), { referral_code: code }));
    assert.equal(joined.status, 200, JSON.stringify(joined.body));
    const after1 = await as(referrer, `${api}/customers/referrals`);
    assert.equal(after1.body.data.joined_count, 1);
    assert.doesNotMatch(JSON.stringify(after1.body), /friend-/, 'the friend is not named');
  });

  test("a second user sees their own code and count, never the first user's", async () => {
    const one = await freshPatient(api, 'ref-one');
    const two = await freshPatient(api, 'ref-two');
    const a = (await as(one, `${api}/customers/referrals`)).body.data;
    assert.equal((await signUpWithCode(api, newUserBody(uniqueEmail('ref-friend'), { referral_code: a.code }))).status, 200);
    const b = (await as(two, `${api}/customers/referrals`)).body.data;
    assert.notEqual(b.code, a.code);
    assert.equal(b.joined_count, 0);
    assert.equal((await as(one, `${api}/customers/referrals`)).body.data.joined_count, 1);
  });

  test('an unknown or malformed code never fails a sign-up and counts for nobody', async () => {
    for (const referral_code of ['ZZZZZZZZ', 'not a code', '']) {
      const r = await signUpWithCode(api, newUserBody(uniqueEmail('no-ref'), { referral_code }));
      assert.equal(r.status, 200, `${referral_code}: ${JSON.stringify(r.body)}`);
    }
  });

  test('nobody counts for themselves (the database refuses a self-referral too)', async () => {
    const me = await freshPatient(api, 'self');
    const { code } = (await as(me, `${api}/customers/referrals`)).body.data;
    await assert.rejects(
      srv.db.query(
        `INSERT INTO referrals (referred_user_id, referrer_user_id) SELECT user_id, user_id FROM referral_codes WHERE code = $1`,
        [code],
      ),
    );
    assert.equal((await as(me, `${api}/customers/referrals`)).body.data.joined_count, 0);
  });
});

describe('short links', () => {
  test('an unknown code is 404; a malformed one 400', async () => {
    assertClientError(await call(`${api}/short_links/NOPE2345`), 404);
    assert.equal((await call(`${api}/short_links/${encodeURIComponent('a/b')}`)).status, 400);
    assert.equal((await call(`${api}/short_links/${encodeURIComponent('évil')}`)).status, 400);
  });

  test('only an in-product path: another host is never stored, nor answered', async () => {
    for (const path of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'evil.example']) {
      await assert.rejects(srv.db.query(`INSERT INTO short_links (code, path) VALUES ($1, $2)`, [`X${++seq}`, path]), path);
    }
    // Even a row written around the table's check is not answered (the resolver checks again).
    const fake = { query: async () => [{ path: '//evil.example/' }] } as unknown as Db;
    assert.equal(await resolveShortLink(fake, 'ANY'), null);
  });

  const table: [string, boolean][] = [
    ['/', true],
    ['/auth/sign-up?ref=ABC', true],
    [referralPath('ABCDEFGH'), true],
    ['//evil.example', false],
    ['/\\evil.example', false],
    ['/%0d%0a', true],
    ['/a b', false],
    ['/a\nb', false],
    ['https://evil.example/', false],
    ['javascript:alert(1)', false],
    ['', false],
  ];
  for (const [path, ok] of table) test(`isInProductPath(${JSON.stringify(path)}) is ${ok}`, () => assert.equal(isInProductPath(path), ok));

  test('resolving is rate-limited per client address', async () => {
    const max = LIMITS.short_link_address[0]!.max;
    const rs = await Promise.all(
      Array.from({ length: max + 5 }, () => call(`${api}/short_links/NOPE2345`, { headers: from('198.51.100.90') })),
    );
    assert.equal(rs.filter((r) => r.status === 404).length, max);
    assert.equal(rs.filter((r) => r.status === 429).length, 5);
  });
});

const subscribe = (email: string, address: string) => call(`${api}/newsletter/subscriptions`, { body: { email }, headers: from(address) });
const tokenIn = (body: string, page: string) =>
  new URL(body.match(new RegExp(`(http\\S+/newsletter/${page}\\?\\S+)`))![1]!).searchParams.get('newsletter_token')!;

describe('newsletter', () => {
  test('double opt-in: the confirm link confirms, a welcome with the way out follows, the unsubscribe link ends it', async () => {
    const email = uniqueEmail('news');
    const r = await subscribe(email.toUpperCase(), '198.51.100.10');
    assert.equal(r.status, 202);
    const mail = (await waitForOutbox(api, email, 'email')).body.data[0];
    assert.match(mail.subject, /Confirm your Haven newsletter/);
    assert.equal((await srv.db.query(`SELECT status FROM newsletter_subscriptions WHERE email = $1`, [email]))[0]?.status, 'pending');
    const confirm = tokenIn(mail.body, 'confirm');
    const unsubscribeToken = tokenIn(mail.body, 'unsubscribe');
    const c = await call(`${api}/newsletter/subscriptions/confirm`, { body: { token: confirm } });
    assert.equal(c.status, 200);
    assert.deepEqual(c.body, { data: { status: 'confirmed' } });
    assert.equal((await call(`${api}/newsletter/subscriptions/confirm`, { body: { token: confirm } })).status, 200, 'a second click');
    const all = (await waitForOutbox(api, email, 'email', 2)).body.data;
    assert.equal(all.length, 2, 'one welcome, not one per click');
    assert.equal((await srv.db.query(`SELECT status FROM newsletter_subscriptions WHERE email = $1`, [email]))[0]?.status, 'confirmed');
    // The confirm token does not unsubscribe, nor the unsubscribe token confirm: each names what it is for.
    assertClientError(await call(`${api}/newsletter/subscriptions/unsubscribe`, { body: { token: confirm } }), 422);
    assertClientError(await call(`${api}/newsletter/subscriptions/confirm`, { body: { token: unsubscribeToken } }), 422);
    const u = await call(`${api}/newsletter/subscriptions/unsubscribe`, { body: { token: unsubscribeToken } });
    assert.deepEqual(u.body, { data: { status: 'unsubscribed' } });
    assert.equal((await srv.db.query(`SELECT status FROM newsletter_subscriptions WHERE email = $1`, [email]))[0]?.status, 'unsubscribed');
  });

  test('the same answer for a new, a confirmed and an account-holding address; a confirmed one gets no second e-mail', async () => {
    const fresh = uniqueEmail('news-new');
    const confirmed = uniqueEmail('news-done');
    await subscribe(confirmed, '198.51.100.11');
    const token = tokenIn((await waitForOutbox(api, confirmed, 'email')).body.data[0].body, 'confirm');
    await call(`${api}/newsletter/subscriptions/confirm`, { body: { token } });
    const answers = await Promise.all([fresh, confirmed, 'patient@haven.test'].map((e) => subscribe(e, '198.51.100.12')));
    const shape = (r: Res) => JSON.stringify({ status: r.status, body: r.body });
    assert.equal(shape(answers[1]!), shape(answers[0]!));
    assert.equal(shape(answers[2]!), shape(answers[0]!));
    assert.equal((await waitForOutbox(api, confirmed, 'email', 2)).body.data.length, 2, 'the confirm and the welcome only');
  });

  test('a forged or garbled token is refused', async () => {
    assertClientError(await call(`${api}/newsletter/subscriptions/confirm`, { body: { token: 'x.y.z' } }), 422, 'not valid');
  });

  test('per e-mail: the request over the limit is refused before any e-mail is written', async () => {
    const email = uniqueEmail('news-limit');
    const max = LIMITS.newsletter_email[0]!.max;
    const rs = await Promise.all(Array.from({ length: max + 4 }, (_, i) => subscribe(email, `198.51.100.${20 + i}`)));
    assert.equal(rs.filter((r) => r.status === 202).length, max, JSON.stringify(rs.map((r) => r.status)));
    assert.equal(rs.filter((r) => r.status === 429).length, 4);
    const mails = (await call(`${api}/dev/outbox?to=${encodeURIComponent(email)}`)).body.data;
    assert.equal(mails.length, max, 'one confirm e-mail per counted request');
  });

  test('per client address', async () => {
    const max = LIMITS.newsletter_address[0]!.max;
    const rs = await Promise.all(Array.from({ length: max + 2 }, () => subscribe(uniqueEmail('news-addr'), '198.51.100.40')));
    assert.equal(rs.filter((r) => r.status === 429).length, 2);
  });

  test('link checks are counted per client address before the token is compared', async () => {
    const max = LIMITS.newsletter_link_address[0]!.max;
    const rs = await Promise.all(
      Array.from({ length: max + 3 }, () =>
        call(`${api}/newsletter/subscriptions/confirm`, { body: { token: 'forged' }, headers: from('198.51.100.41') }),
      ),
    );
    assert.equal(rs.filter((r) => r.status === 422).length, max);
    assert.equal(rs.filter((r) => r.status === 429).length, 3);
  });
});

const LEADS: Record<string, Record<string, unknown>> = {
  b2b: { name: 'Meera Shah', organisation: 'Acme Ltd', size: '201-1000', job_title: 'HR lead', message: 'Employee care for 400 people' },
  careers: { name: 'Arjun', role: 'Clinical psychologist', profile_url: 'https://example.com/arjun' },
  college: { name: 'Dr Rao', organisation: 'City College', size: '1001-5000' },
  case_study: { name: 'Lee', organisation: 'Beta Corp', message: 'The retail case study, please' },
  cf: { name: 'Parent Name', child_age: 9, organisation: 'Green School' },
};

describe('leads', () => {
  for (const [kind, fields] of Object.entries(LEADS)) {
    test(`${kind}: stored and acknowledged by e-mail, without the visitor's words`, async () => {
      const email = uniqueEmail(`lead-${kind}`);
      const r = await call(`${api}/leads`, { body: { kind, email, ...fields }, headers: from('198.51.100.50') });
      assert.equal(r.status, 201, JSON.stringify(r.body));
      const [row] = await srv.db.query<{ kind: string; fields: Record<string, unknown> }>(
        `SELECT kind, fields FROM leads WHERE email = $1`,
        [email],
      );
      assert.equal(row?.kind, kind);
      assert.deepEqual(row?.fields, fields);
      const mail = (await waitForOutbox(api, email, 'email')).body.data[0];
      assert.match(mail.subject, /We received your message/);
      for (const value of Object.values(fields)) assert.ok(!mail.body.includes(String(value)), `${value} is not in the e-mail`);
    });
  }

  test("each kind's own fields: a missing one, another kind's field, or an unknown kind is refused", async () => {
    const email = uniqueEmail('lead-bad');
    const send = (body: Record<string, unknown>) => call(`${api}/leads`, { body: { email, ...body }, headers: from('198.51.100.51') });
    assertClientError(await send({ kind: 'b2b', name: 'A', size: '1-50' }), 400);
    assertClientError(await send({ kind: 'careers', name: 'A', role: 'x', organisation: 'Acme' }), 400);
    assertClientError(await send({ kind: 'b2b', name: 'A', organisation: 'Acme', size: '7' }), 400);
    assertClientError(await send({ kind: 'cf', name: 'A', child_age: 30 }), 400);
    assertClientError(await send({ kind: 'press', name: 'A' }), 400);
    assertClientError(
      await call(`${api}/leads`, { body: { kind: 'case_study', name: 'A', organisation: 'B', email: 'not-an-email' } }),
      400,
    );
    assert.equal((await srv.db.query(`SELECT 1 FROM leads WHERE email = $1`, [email])).length, 0);
  });

  test('per e-mail and per client address, reserved before the lead is stored', async () => {
    const email = uniqueEmail('lead-limit');
    const max = LIMITS.lead_email[0]!.max;
    const rs = await Promise.all(
      Array.from({ length: max + 3 }, (_, i) =>
        call(`${api}/leads`, { body: { kind: 'case_study', email, ...LEADS.case_study }, headers: from(`198.51.100.${60 + i}`) }),
      ),
    );
    assert.equal(rs.filter((r) => r.status === 201).length, max);
    assert.equal(rs.filter((r) => r.status === 429).length, 3);
    assert.equal((await srv.db.query(`SELECT 1 FROM leads WHERE email = $1`, [email])).length, max);
    const perAddress = LIMITS.lead_address[0]!.max;
    const byAddress = await Promise.all(
      Array.from({ length: perAddress + 2 }, () =>
        call(`${api}/leads`, {
          body: { kind: 'careers', email: uniqueEmail('lead-addr'), ...LEADS.careers },
          headers: from('198.51.100.70'),
        }),
      ),
    );
    assert.equal(byAddress.filter((r) => r.status === 429).length, 2);
  });
});

describe('counts under a concurrent burst', () => {
  /** How many ask at once. */
  const BURST = 50;

  test(`${BURST} first asks for a code, all at once, agree on one code, stored once`, async () => {
    const me = await freshPatient(api, 'burst-code');
    const rs = await Promise.all(Array.from({ length: BURST }, () => call(`${api}/customers/referrals`, { headers: me.headers })));
    assert.deepEqual(
      rs.map((r) => r.status),
      Array(BURST).fill(200),
    );
    const codes = [...new Set(rs.map((r) => r.body.data.code as string))];
    assert.equal(codes.length, 1, JSON.stringify(codes));
    const stored = await srv.db.query<{ code: string }>(
      `SELECT c.code FROM referral_codes c JOIN users u ON u.id = c.user_id WHERE u.email = $1`,
      [me.user.email],
    );
    assert.deepEqual(
      stored.map((r) => r.code),
      codes,
    );
  });

  test(`${BURST} friends signing up at once through one link count exactly ${BURST}`, async () => {
    const referrer: Session = await freshPatient(api, 'burst-ref');
    const { code } = (await as(referrer, `${api}/customers/referrals`)).body.data;
    const rs = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        signUpWithCode(api, newUserBody(uniqueEmail('burst-friend'), { referral_code: code }), from(`198.51.100.${120 + i}`)),
      ),
    );
    assert.deepEqual(
      rs.map((r) => r.status),
      Array(BURST).fill(200),
    );
    assert.equal((await as(referrer, `${api}/customers/referrals`)).body.data.joined_count, BURST);
    const again = await signIn(api, 'patient@haven.test');
    assert.equal((await as(again, `${api}/customers/referrals`)).body.data.joined_count, 0, 'nobody else counted them');
  });
});

describe('the web origin of e-mailed links', () => {
  const table: [NodeJS.ProcessEnv, string][] = [
    [{}, 'http://localhost:3000'],
    [{ HAVEN_WEB_ORIGIN: 'https://app.example.com/' }, 'https://app.example.com'],
    [{ HAVEN_CORS_ORIGINS: 'https://*.partners.example.com, https://app.example.com' }, 'https://app.example.com'],
    [{ HAVEN_WEB_ORIGIN: 'https://www.example.com', HAVEN_CORS_ORIGINS: 'https://app.example.com' }, 'https://www.example.com'],
  ];
  for (const [env, origin] of table) test(`${JSON.stringify(env)} -> ${origin}`, () => assert.equal(webOrigin(env), origin));
});
