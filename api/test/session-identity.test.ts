// A device signed in before the person changed e-mail keeps its session (migration 039): the device's
// uid is the one it was given at sign-in, while the person is found through the device's client and
// token. Product rules, Session loss: ends a session on a 401 or a device logged out, never on a changed e-mail.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { as, serverPerFile, call, signIn, waitForOutbox, signUpWithCode, type TestServer } from './helpers.js';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts.js';

let srv: TestServer;
let api: string;
const server = serverPerFile();
before(async () => {
  srv = await server();
  api = srv.api;
});

test('after an e-mail change every device signed in before keeps working; new sign-ins use the new e-mail', async () => {
  const email = `identity-${process.pid}@haven.test`;
  const created = await signUpWithCode(api, {
    email,
    password: DEMO_PASSWORD,
    password_confirmation: DEMO_PASSWORD,
    first_name: 'Test',
    last_name: 'Patient',
  });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  const phone = await signIn(api, email);
  const laptop = await signIn(api, email);

  const newEmail = `identity-moved-${process.pid}@haven.test`;
  assert.equal(
    (await as(laptop, `${api}/customers/contact_change`, { method: 'POST', body: { kind: 'email', email: newEmail } })).status,
    200,
  );
  const code = (await waitForOutbox(api, newEmail, 'email')).body.data[0].code as string;
  const changed = await as(laptop, `${api}/customers/contact_change/verify`, { method: 'POST', body: { kind: 'email', code } });
  assert.equal(changed.status, 200, JSON.stringify(changed.body));
  assert.equal(changed.body.data.email, newEmail);

  for (const [name, device] of [
    ['the device that changed it', laptop],
    ['another device', phone],
  ] as const) {
    const me = await as(device, `${api}/auth/validate_token`);
    assert.equal(me.status, 200, `${name}: ${JSON.stringify(me.body)}`);
    assert.equal(me.body.data.email, newEmail, name);
  }
  // Signing in again: the old e-mail no longer opens the account, the new one does, with its uid.
  assert.equal((await call(`${api}/auth/sign_in`, { body: { email, password: DEMO_PASSWORD } })).status, 401);
  const again = await signIn(api, newEmail);
  assert.equal(again.headers.uid, newEmail);
  assert.equal((await as(again, `${api}/auth/validate_token`)).status, 200);
  // The uid still has to be the device's own: a device presenting another uid is refused.
  assert.equal((await call(`${api}/auth/validate_token`, { headers: { ...phone.headers, uid: newEmail } })).status, 401);
});
