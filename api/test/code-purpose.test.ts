// One-time codes are bound to their purpose (migration 038): a code sent for one flow (sign-in, e-mail
// change, phone change, PIN reset, closing the account) is refused by every other flow, at the proofs
// level for every pair and at each route that takes a code, and is still good for its own flow after.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { as, serverPerFile, call, freshPatient as fresh, waitForOutbox, type TestServer } from './helpers.js';
import { assertClientError } from './assert-helpers.js';
import { CODE_PURPOSES, consumeCode, issueCode } from '../src/identity/proofs.js';

let srv: TestServer;
let api: string;
const server = serverPerFile();
before(async () => {
  srv = await server();
  api = srv.api;
});

let seq = 0;
const uniqueEmail = (what: string) => `${what}-${process.pid}-${++seq}@haven.test`;
const uniquePhone = () => `98${String(process.pid % 10_000).padStart(4, '0')}${String(++seq).padStart(4, '0')}`;

const freshPatient = () => fresh(api, 'purpose');
const lastCodeTo = async (to: string, channel: string) => (await waitForOutbox(api, to, channel)).body.data[0].code as string;
const INVALID = 'Invalid verification code';

describe('a one-time code is accepted only for its purpose', () => {
  test("every pair of purposes: a code issued for one is refused for each other, then still works for its own; a new code for one purpose leaves the others' pending", async () => {
    for (const issued of CODE_PURPOSES) {
      const to = uniqueEmail(`pair-${issued}`);
      const code = await issueCode(srv.db, issued, 'email', to);
      // A code for every other purpose to the same address, sent after: it must not void this one.
      for (const other of CODE_PURPOSES.filter((p) => p !== issued)) await issueCode(srv.db, other, 'email', uniqueEmail('elsewhere'));
      for (const other of CODE_PURPOSES.filter((p) => p !== issued)) {
        assert.equal(await consumeCode(srv.db, other, to, code), 'wrong', `${issued} code accepted for ${other}`);
      }
      assert.equal(await consumeCode(srv.db, issued, to, code), 'ok', `${issued} code refused for its own purpose`);
    }
    const to = uniqueEmail('kept');
    const pinCode = await issueCode(srv.db, 'pin-reset', 'email', to);
    await issueCode(srv.db, 'sign-in', 'email', to);
    assert.equal(await consumeCode(srv.db, 'pin-reset', to, pinCode), 'ok', 'a sign-in code sent later did not void the PIN-reset code');
  });

  test('a PIN-reset code neither signs in (otp/verify) nor closes the account; it resets the PIN', async () => {
    const me = await freshPatient();
    assert.equal((await as(me, `${api}/customers/pin`, { method: 'POST', body: { pin: '4821' } })).status, 200);
    assert.equal((await as(me, `${api}/customers/pin/reset_otp`, { method: 'POST' })).status, 200);
    const code = await lastCodeTo(me.email, 'email');
    assertClientError(await call(`${api}/otp/verify`, { body: { channel: 'email', email: me.email, code } }), 422, INVALID);
    assertClientError(
      await as(me, `${api}/customers/permanent_account_disable`, { method: 'POST', body: { confirm: 'CLOSE', code } }),
      422,
      INVALID,
    );
    assert.equal((await as(me, `${api}/customers/pin/reset_otp/verify`, { method: 'POST', body: { code, pin: '6150' } })).status, 200);
  });

  test('an account-closing code neither signs in nor resets the PIN; it closes the account', async () => {
    const me = await freshPatient();
    assert.equal((await as(me, `${api}/customers/pin`, { method: 'POST', body: { pin: '4821' } })).status, 200);
    assert.equal((await as(me, `${api}/customers/permanent_account_disable/code`, { method: 'POST' })).status, 200);
    const code = await lastCodeTo(me.email, 'email');
    assertClientError(await call(`${api}/otp/verify`, { body: { channel: 'email', email: me.email, code } }), 422, INVALID);
    assertClientError(await as(me, `${api}/customers/pin/reset_otp/verify`, { method: 'POST', body: { code, pin: '6150' } }), 422, INVALID);
    assert.equal(
      (await as(me, `${api}/customers/permanent_account_disable`, { method: 'POST', body: { confirm: 'CLOSE', code } })).status,
      200,
    );
  });

  test('a sign-in code neither resets the PIN nor closes the account; it signs in', async () => {
    const me = await freshPatient();
    assert.equal((await as(me, `${api}/customers/pin`, { method: 'POST', body: { pin: '4821' } })).status, 200);
    assert.equal((await call(`${api}/otp/send`, { body: { channel: 'email', email: me.email } })).status, 200);
    const code = await lastCodeTo(me.email, 'email');
    assertClientError(await as(me, `${api}/customers/pin/reset_otp/verify`, { method: 'POST', body: { code, pin: '6150' } }), 422, INVALID);
    assertClientError(
      await as(me, `${api}/customers/permanent_account_disable`, { method: 'POST', body: { confirm: 'CLOSE', code } }),
      422,
      INVALID,
    );
    const signedIn = await call(`${api}/otp/verify`, { body: { channel: 'email', email: me.email, code } });
    assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
    assert.equal(signedIn.body.data.uuid, me.user.uuid);
  });

  test('an e-mail-change code does not sign in (nor prove the address for sign-up); a sign-in code to the new address does not confirm the change', async () => {
    const me = await freshPatient();
    const newEmail = uniqueEmail('new');
    assert.equal(
      (await as(me, `${api}/customers/contact_change`, { method: 'POST', body: { kind: 'email', email: newEmail } })).status,
      200,
    );
    const code = await lastCodeTo(newEmail, 'email');
    assertClientError(await call(`${api}/otp/verify`, { body: { channel: 'email', email: newEmail, code } }), 422, INVALID);
    // A sign-in code to the new address (issued as otp/send would: a second send within 30 s is limited).
    const signInCode = await issueCode(srv.db, 'sign-in', 'email', newEmail);
    assertClientError(
      await as(me, `${api}/customers/contact_change/verify`, { method: 'POST', body: { kind: 'email', code: signInCode } }),
      422,
      INVALID,
    );
    const changed = await as(me, `${api}/customers/contact_change/verify`, { method: 'POST', body: { kind: 'email', code } });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    assert.equal(changed.body.data.email, newEmail);
  });

  test('a phone-change code does not sign in; a sign-in code to the new number does not confirm the change', async () => {
    const me = await freshPatient();
    const mobile = uniquePhone();
    const e164 = `+91${mobile}`;
    assert.equal(
      (await as(me, `${api}/customers/contact_change`, { method: 'POST', body: { kind: 'phone', mobile, country_code: '+91' } })).status,
      200,
    );
    const code = await lastCodeTo(e164, 'sms');
    assertClientError(await call(`${api}/otp/verify`, { body: { channel: 'sms', mobile, country_code: '91', code } }), 422, INVALID);
    const signInCode = await issueCode(srv.db, 'sign-in', 'sms', e164);
    assertClientError(
      await as(me, `${api}/customers/contact_change/verify`, { method: 'POST', body: { kind: 'phone', code: signInCode } }),
      422,
      INVALID,
    );
    const changed = await as(me, `${api}/customers/contact_change/verify`, { method: 'POST', body: { kind: 'phone', code } });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    assert.equal(changed.body.data.mobile, mobile);
  });
});
