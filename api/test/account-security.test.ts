// Over real HTTP: linked accounts (a Google sign-in links; unlinked by the owner only, never the
// last way in), the account PIN (set, reset with the current PIN, reset by a code from the outbox;
// hashed; wrong PINs and codes sent rate-limited) and the avatar url of the profile answer.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  as,
  serverPerFile,
  call,
  credsFrom,
  freshPatient as fresh,
  googleCredential,
  signIn,
  waitForOutbox,
  type Session,
  type TestServer,
} from './helpers.js';
import { assertClientError } from './assert-helpers.js';

let srv: TestServer;
let api: string;
const server = serverPerFile();
before(async () => {
  srv = await server();
  api = srv.api;
});

let seq = 0;
const uniqueEmail = (what: string) => `${what}-${process.pid}-${++seq}@haven.test`;

const freshPatient = () => fresh(api, 'sec');

/** Signs in with a development Google credential for `email`, as the log-in page does. */
async function googleSignIn(email: string): Promise<Session> {
  const credential = await googleCredential(api, email);
  const r = await call(`${api}/customers/google_sign_in`, { body: { credential } });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return { headers: credsFrom(r.headers), user: r.body.data };
}

describe('linked accounts', () => {
  test('a Google sign-in links the account; it is listed, refused to a second account (404) and unlinked by its owner', async () => {
    const email = uniqueEmail('google');
    const me = await googleSignIn(email);
    const list = await as(me, `${api}/customers/linked_accounts`);
    assert.equal(list.status, 200);
    assert.equal(list.body.data.length, 1);
    const link = list.body.data[0];
    assert.equal(link.provider, 'google');
    assert.equal(link.email, email);
    // Google proved the e-mail, so a code to it still signs in: the link may go.
    assert.equal(link.can_unlink, true);

    const other = await freshPatient();
    assertClientError(await as(other, `${api}/customers/linked_accounts/${link.uuid}`, { method: 'DELETE' }), 404);
    assert.equal((await as(other, `${api}/customers/linked_accounts`)).body.data.length, 0, 'nobody else sees it');
    assert.equal((await as(me, `${api}/customers/linked_accounts`)).body.data.length, 1, 'still linked after the stranger tried');

    assert.equal((await as(me, `${api}/customers/linked_accounts/${link.uuid}`, { method: 'DELETE' })).status, 200);
    assert.equal((await as(me, `${api}/customers/linked_accounts`)).body.data.length, 0);
    assertClientError(await as(me, `${api}/customers/linked_accounts/${link.uuid}`, { method: 'DELETE' }), 404);
  });

  test("a link signs in to its account after the account's e-mail changed; once unlinked it no longer does", async () => {
    const googleEmail = uniqueEmail('gmail');
    const me = await googleSignIn(googleEmail);
    const newEmail = uniqueEmail('moved');
    assert.equal(
      (await as(me, `${api}/customers/contact_change`, { method: 'POST', body: { kind: 'email', email: newEmail } })).status,
      200,
    );
    const code = (await waitForOutbox(api, newEmail, 'email')).body.data[0].code as string;
    assert.equal(
      (await as(me, `${api}/customers/contact_change/verify`, { method: 'POST', body: { kind: 'email', code } })).body.data.email,
      newEmail,
    );

    const again = await googleSignIn(googleEmail);
    assert.equal(again.user.uuid, me.user.uuid, 'the link, not the e-mail, found the account');

    // The session signed in before the change keeps working (session-identity.test.ts); this one is new.
    const listed = await as(again, `${api}/customers/linked_accounts`);
    assert.equal(listed.status, 200, JSON.stringify(listed.body));
    const [link] = listed.body.data as Array<{ uuid: string }>;
    assert.equal((await as(again, `${api}/customers/linked_accounts/${link!.uuid}`, { method: 'DELETE' })).status, 200);
    const after = await googleSignIn(googleEmail);
    assert.notEqual(after.user.uuid, me.user.uuid, 'an unlinked Google account no longer opens this account');
  });

  test('the last way in cannot be unlinked (no password, no proven e-mail or number, no other link)', async () => {
    const me = await googleSignIn(uniqueEmail('only'));
    // No sign-up path leaves such an account today (Google proves its e-mail); the rule guards accounts
    // whose provider address proves nothing, so the state is made directly.
    await srv.db.query(`UPDATE users SET email_verified_at = NULL, password_hash = NULL WHERE uuid::text = $1`, [me.user.uuid]);
    const [link] = (await as(me, `${api}/customers/linked_accounts`)).body.data as Array<{ uuid: string; can_unlink: boolean }>;
    assert.equal(link!.can_unlink, false);
    assertClientError(
      await as(me, `${api}/customers/linked_accounts/${link!.uuid}`, { method: 'DELETE' }),
      422,
      'only way you can sign in',
    );
    assert.equal((await as(me, `${api}/customers/linked_accounts`)).body.data.length, 1, 'still linked');
    // A password is another way in: now it may go.
    await srv.db.query(`UPDATE users SET password_hash = 'scrypt$x' WHERE uuid::text = $1`, [me.user.uuid]);
    assert.equal((await as(me, `${api}/customers/linked_accounts/${link!.uuid}`, { method: 'DELETE' })).status, 200);
  });
});

describe('PIN', () => {
  test('set once (the rule checked), stored hashed, reset with the current PIN; wrong PINs are rate-limited (429)', async () => {
    const me = await freshPatient();
    assert.deepEqual((await as(me, `${api}/customers/pin`)).body.data, { pin_set: false, updated_at: null });
    assertClientError(await as(me, `${api}/customers/pin`, { method: 'POST', body: { pin: '1234' } }), 422, 'harder to guess');
    assertClientError(await as(me, `${api}/customers/pin`, { method: 'POST', body: { pin: '48a1' } }), 422, 'Enter 4 digits');
    const set = await as(me, `${api}/customers/pin`, { method: 'POST', body: { pin: '4821' } });
    assert.equal(set.status, 200, JSON.stringify(set.body));
    assert.equal(set.body.data.pin_set, true);
    const [row] = await srv.db.query<{ pin_hash: string }>(`SELECT pin_hash FROM users WHERE uuid::text = $1`, [me.user.uuid]);
    assert.match(row!.pin_hash, /^scrypt\$/);
    assert.ok(!row!.pin_hash.includes('4821'));
    assertClientError(await as(me, `${api}/customers/pin`, { method: 'POST', body: { pin: '5930' } }), 422, 'already have a PIN');

    assert.equal((await as(me, `${api}/customers/pin`, { method: 'PUT', body: { current_pin: '4821', pin: '5930' } })).status, 200);
    for (let i = 0; i < 5; i++) {
      assertClientError(
        await as(me, `${api}/customers/pin`, { method: 'PUT', body: { current_pin: '0001', pin: '7261' } }),
        422,
        'current PIN is not right',
      );
    }
    const limited = await as(me, `${api}/customers/pin`, { method: 'PUT', body: { current_pin: '5930', pin: '7261' } });
    assert.equal(limited.status, 429, 'locked even with the right PIN');
    assert.equal(limited.body.code, 'rate_limited');
    assert.ok(Number(limited.headers.get('retry-after')) > 0);
  });

  test('reset by a one-time code from the outbox: a wrong code and a guessable PIN change nothing; a second send within 30 s is 429', async () => {
    const me = await freshPatient();
    assert.equal((await as(me, `${api}/customers/pin`, { method: 'POST', body: { pin: '4821' } })).status, 200);
    const sent = await as(me, `${api}/customers/pin/reset_otp`, { method: 'POST' });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    assert.equal(sent.body.sent_to, me.email);
    const again = await as(me, `${api}/customers/pin/reset_otp`, { method: 'POST' });
    assert.equal(again.status, 429);
    assert.ok(Number(again.headers.get('retry-after')) > 0);
    const code = (await waitForOutbox(api, me.email, 'email')).body.data[0].code as string;

    assertClientError(
      await as(me, `${api}/customers/pin/reset_otp/verify`, {
        method: 'POST',
        body: { code: code === '000000' ? '111111' : '000000', pin: '6150' },
      }),
      422,
      'Invalid verification code',
    );
    assertClientError(
      await as(me, `${api}/customers/pin/reset_otp/verify`, { method: 'POST', body: { code, pin: '9999' } }),
      422,
      'harder to guess',
    );
    const ok = await as(me, `${api}/customers/pin/reset_otp/verify`, { method: 'POST', body: { code, pin: '6150' } });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    // The new PIN works as the current one; the old does not; the code was for one use.
    assertClientError(
      await as(me, `${api}/customers/pin`, { method: 'PUT', body: { current_pin: '4821', pin: '3174' } }),
      422,
      'current PIN is not right',
    );
    assert.equal((await as(me, `${api}/customers/pin`, { method: 'PUT', body: { current_pin: '6150', pin: '3174' } })).status, 200);
    assertClientError(
      await as(me, `${api}/customers/pin/reset_otp/verify`, { method: 'POST', body: { code, pin: '2085' } }),
      422,
      'Invalid verification code',
    );
  });

  test('a secondary profile cannot set or reset the account PIN', async () => {
    const me = await freshPatient();
    const kid = await as(me, `${api}/customers/profiles`, { method: 'POST', body: { kind: 'profile', first_name: 'Kid' } });
    const token = (await as(me, `${api}/customers/profiles/${kid.body.data.uuid}/session`, { method: 'POST' })).headers.get(
      'secondary-profile-access-token',
    )!;
    assertClientError(
      await as(me, `${api}/customers/pin`, { method: 'POST', body: { pin: '4821' }, headers: { 'secondary-profile-access-token': token } }),
      422,
      'Switch back',
    );
    assertClientError(
      await as(me, `${api}/customers/pin/reset_otp`, { method: 'POST', headers: { 'secondary-profile-access-token': token } }),
      422,
      'Switch back',
    );
  });
});

describe('avatar', () => {
  test('the profile answer carries the avatar url on the asset host (none: null), and the development asset host serves it', async () => {
    const patient = await signIn(api, 'patient@haven.test');
    const url = (await as(patient, `${api}/customers/profile_info`)).body.data.avatar_url as string;
    assert.equal(url, 'http://localhost:4000/avatars/priya-sharma.png');
    assert.equal((await as(await freshPatient(), `${api}/customers/profile_info`)).body.data.avatar_url, null);

    const image = await fetch(`${srv.url}/avatars/priya-sharma.png`);
    assert.equal(image.status, 200);
    assert.equal(image.headers.get('content-type'), 'image/png');
    assert.deepEqual([...new Uint8Array(await image.arrayBuffer()).slice(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
    assert.equal((await fetch(`${srv.url}/avatars/nobody.png`)).status, 404);
    assert.equal((await fetch(`${srv.url}/avatars/..%2Fpackage.json`)).status, 400);
  });
});
