// Refused room entries are counted so that nobody can guess links or ids, and so that one client's
// refusals never keep a patient out of their own room. Here every client is one address (no proxy
// trusted, as behind a balancer whose setting was forgotten) and the stage is development (the
// per-address limits as deployed, not the test stage's fifty-fold ones).
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { limitsFor } from '../src/config/limits.js';
import { as, serverPerFile, call, signIn, type Session, type TestServer } from './helpers.js';

const PER_ADDRESS = limitsFor('development').room_join_failed_address[0]!.max;
const PER_USER = limitsFor('development').room_join_failed_user[0]!.max;

let srv: TestServer;
const server = serverPerFile({ stage: 'development' });
before(async () => {
  srv = await server();
});

async function liveSession(email: string) {
  const r = await call(`${srv.api}/dev/session_room`, { body: { email, status: 'confirmed', starts_in_minutes: 0 } });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  return r.body.data as { uuid: string; room_token: string };
}
const join = (uuid: string, init: { session?: Session; headers?: Record<string, string>; room_token?: string } = {}) => {
  const url = `${srv.api}/session_room/${uuid}/join`;
  const body = init.room_token ? { room_token: init.room_token } : {};
  return init.session ? as(init.session, url, { body }) : call(url, { body, headers: init.headers ?? {} });
};

test("another client's refused entries from the same address never refuse a signed-in patient's own room", async () => {
  const mine = await liveSession('patient@haven.test');
  const theirs = await liveSession('intl@haven.test');
  const patient = await signIn(srv.api, 'patient@haven.test');
  // Signed-out guesses (bad credentials, forged links) from the shared address fill its count.
  for (let i = 0; i < PER_ADDRESS; i++) {
    const r = await join(theirs.uuid, { headers: { 'access-token': 'x'.repeat(32), client: 'c', uid: 'nobody@example.com' } });
    assert.equal(r.status, 403, JSON.stringify(r.body));
  }
  assert.equal((await join(theirs.uuid, { room_token: 'forged' })).status, 429, 'the address is now refused for guesses');
  // The patient, from that same address, still enters their own room with their credentials.
  const r = await join(mine.uuid, { session: patient });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.data.role, 'patient');
});

test("a signed-in stranger's refused entries count against that person, never the patient's own room", async () => {
  const mine = await liveSession('patient@haven.test');
  const stranger = await signIn(srv.api, 'couple@haven.test');
  const patient = await signIn(srv.api, 'patient@haven.test');
  for (let i = 0; i < PER_USER; i++) assert.equal((await join(mine.uuid, { session: stranger })).status, 404);
  const refused = await join(mine.uuid, { session: stranger });
  assert.equal(refused.status, 429, 'the stranger is held');
  assert.ok(Number(refused.headers.get('retry-after')) > 0);
  assert.equal((await join(mine.uuid, { session: patient })).status, 200, 'the patient is not');
});
