// When the api ends someone's access, the realtime server refuses that identity's next frame: a cancelled
// booking's room, and a user's tokens revoked by a password change (the same path as log-out everywhere
// and account closing). The periodic access check stays at its default (20 s) here, so only the api's
// announcement can make these pass: the write sent right after the api's answer is not kept, and the
// listener of the other side receives nothing more.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { realtimeSuite, rawRealtime, type RawRealtime } from './realtime-helpers.js';
import { as, call, freshPatient, signIn } from './helpers.js';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts.js';

const { server, clientWithToken } = realtimeSuite();

/** The answer to a write, or 'closed' when the server cut the socket instead of answering. */
async function writeOutcome(raw: RawRealtime, path: string, value: unknown): Promise<string> {
  if (raw.isClosed) return 'closed';
  return Promise.race([
    raw.ask('p', { p: path, d: value }).then(
      (a) => a.s,
      () => 'no answer',
    ),
    raw.closed.then(() => 'closed'),
  ]);
}
const idTokenOf = async (fbToken: string, label: string) => (await clientWithToken(fbToken, label)).token;

test(
  "a cancelled booking's room: the patient's next write is refused and the provider's listener gets nothing more, right after the cancel answers",
  { timeout: 60_000 },
  async () => {
    const r = await call(`${server().api}/dev/session_room`, { body: { email: 'patient@haven.test', starts_in_minutes: 5 } });
    assert.equal(r.status, 201);
    const { uuid, room_token } = r.body.data as { uuid: string; room_token: string };
    const patientSession = await signIn(server().api, 'patient@haven.test');
    const patientToken = (await as(patientSession, `${server().api}/session_room/${uuid}/join`, { body: {} })).body.data.fb_token as string;
    const providerToken = (await call(`${server().api}/session_room/${uuid}/join`, { body: { room_token } })).body.data.fb_token as string;
    const port = server().realtimePort;
    const patient = await rawRealtime(port);
    const provider = await rawRealtime(port);
    assert.equal((await patient.ask('auth', { cred: await idTokenOf(patientToken, 'rv-p') })).s, 'ok');
    assert.equal((await provider.ask('auth', { cred: await idTokenOf(providerToken, 'rv-v') })).s, 'ok');
    const peer = (page: string) => ({ page, state: 'joined', audio: true, video: true, online: true });
    assert.equal((await provider.ask('q', { p: `/rooms/${uuid}/peers/patient`, h: '' })).s, 'ok');
    assert.equal(await writeOutcome(patient, `/rooms/${uuid}/peers/patient`, peer('before')), 'ok');
    await new Promise((res) => setTimeout(res, 100));
    assert.ok(
      provider.pushes.some((p) => JSON.stringify(p.d).includes('before')),
      'the provider sees the patient while the booking holds',
    );

    const cancel = await as(patientSession, `${server().api}/bookings/${uuid}/cancel`, { body: { reason: 'test' } });
    assert.equal(cancel.status, 200, JSON.stringify(cancel.body));
    const pushesAtCancel = provider.pushes.length;
    const outcome = await writeOutcome(patient, `/rooms/${uuid}/peers/patient`, peer('after'));
    assert.notEqual(outcome, 'ok', 'the first write after the cancel is refused');
    await new Promise((res) => setTimeout(res, 300));
    assert.equal(provider.pushes.length, pushesAtCancel, 'the provider receives nothing after the cancel');
    const kept = server().realtime.data as { rooms?: Record<string, { peers?: { patient?: { page?: string } } }> };
    assert.equal(kept.rooms?.[uuid]?.peers?.patient?.page, 'before', 'the write after the cancel is not stored');
    assert.ok(patient.isClosed && provider.isClosed, 'both connections of the room are cut');
    assert.deepEqual(
      [patient.authRevoked, provider.authRevoked],
      [['permission_denied'], ['permission_denied']],
      'each was told why (auth revoked)',
    );
    // The same tokens are refused when they come back.
    const again = await rawRealtime(port);
    assert.equal(
      (await again.ask('auth', { cred: await idTokenOf(patientToken, 'rv-p2').catch(() => 'refused-at-mint') })).s !== 'ok',
      true,
    );
  },
);

test(
  'a patient who signs out everywhere mid-call: the provider, still in the room, learns at once that they left',
  { timeout: 60_000 },
  async () => {
    const r = await call(`${server().api}/dev/session_room`, { body: { email: 'intl@haven.test', starts_in_minutes: 5 } });
    assert.equal(r.status, 201);
    const { uuid, room_token } = r.body.data as { uuid: string; room_token: string };
    const patientSession = await signIn(server().api, 'intl@haven.test');
    const patientToken = (await as(patientSession, `${server().api}/session_room/${uuid}/join`, { body: {} })).body.data.fb_token as string;
    const providerToken = (await call(`${server().api}/session_room/${uuid}/join`, { body: { room_token } })).body.data.fb_token as string;
    const port = server().realtimePort;
    const patient = await rawRealtime(port);
    const provider = await rawRealtime(port);
    assert.equal((await patient.ask('auth', { cred: await idTokenOf(patientToken, 'lv-p') })).s, 'ok');
    assert.equal((await provider.ask('auth', { cred: await idTokenOf(providerToken, 'lv-v') })).s, 'ok');
    assert.equal((await provider.ask('q', { p: `/rooms/${uuid}/peers/patient`, h: '' })).s, 'ok');
    assert.equal(
      await writeOutcome(patient, `/rooms/${uuid}/peers/patient`, { page: 'p1', state: 'joined', audio: true, video: true, online: true }),
      'ok',
    );

    const out = await as(patientSession, `${server().api}/customers/logout?remove_all=true`, { method: 'DELETE' });
    assert.equal(out.status, 200, JSON.stringify(out.body));
    // The patient's own "left" would be refused now: the server marks it, and the provider hears it.
    await new Promise((res) => setTimeout(res, 300));
    assert.ok(patient.isClosed, "the patient's connection is cut");
    assert.ok(!provider.isClosed, 'the provider stays in the room');
    assert.ok(
      provider.pushes.some((p) => JSON.stringify(p.d).includes('"state":"left"')),
      `the provider hears that the patient left: ${JSON.stringify(provider.pushes.slice(-2))}`,
    );
  },
);

test("a password change: the user's other realtime connections are refused from their next frame", { timeout: 60_000 }, async () => {
  const person = await freshPatient(server().api, 'rt-revoke');
  const c = await clientWithToken(person.user.fb_token as string, 'pw');
  const raw = await rawRealtime(server().realtimePort);
  assert.equal((await raw.ask('auth', { cred: c.token })).s, 'ok');
  assert.equal(await writeOutcome(raw, `/Status/${c.uid}`, 'Online'), 'ok');
  const changed = await as(person, `${server().api}/auth/password`, {
    method: 'PUT',
    body: { password: `${DEMO_PASSWORD}-2`, password_confirmation: `${DEMO_PASSWORD}-2`, current_password: DEMO_PASSWORD },
  });
  assert.equal(changed.status, 200, JSON.stringify(changed.body));
  assert.notEqual(await writeOutcome(raw, `/Status/${c.uid}`, 'Offline'), 'ok', 'the first write after the change is refused');
  const kept = server().realtime.data as { Status?: Record<string, string> };
  assert.equal(kept.Status?.[c.uid], 'Online');
});
