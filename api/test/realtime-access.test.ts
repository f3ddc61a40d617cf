// Who a realtime connection is to the rules (pure, table-driven): its own identity while the token is
// unexpired and the api has not ended its access; signed out (null) otherwise.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  accessEnded,
  identityKey,
  listRevocations,
  newRevocations,
  pruneRevocations,
  recordEnded,
  ruleAuth,
  type RealtimeIdentity,
} from '../src/realtime/access.js';

const T = 1_800_000_000_000;
const user: RealtimeIdentity = {
  uid: 'fb-1',
  claims: { haven_user_id: '7' },
  token: { sub: 'fb-1', haven_user_id: '7' },
  issuedAtMs: T,
  expiresAtMs: T + 3600_000,
};
const room = (role: string, uid = 'fb-1'): RealtimeIdentity => ({
  uid,
  claims: { haven_room: 'r1', haven_room_role: role },
  token: { sub: uid, haven_room: 'r1', haven_room_role: role },
  issuedAtMs: T,
  expiresAtMs: T + 600_000,
});

test('ruleAuth: the own identity, or null when there is none, it expired or its access ended', () => {
  const rev = newRevocations();
  assert.equal(ruleAuth(null, T, rev), null, 'never signed in');
  assert.deepEqual(ruleAuth(user, T + 1, rev), { uid: 'fb-1', provider: 'custom', token: user.token });
  assert.equal(ruleAuth(user, T + 3600_000, rev), null, 'expired');
  recordEnded(rev, { uid: 'fb-1', beforeMs: T + 1 });
  assert.equal(ruleAuth(user, T + 2, rev), null, 'revoked');
});

test('accessEnded: by user, by room, by identity; tokens issued after the end are a new decision', () => {
  const cases: Array<[string, (r: ReturnType<typeof newRevocations>) => void, RealtimeIdentity, boolean]> = [
    ['nothing ended', () => undefined, user, false],
    ['the user, before the token', (r) => recordEnded(r, { uid: 'fb-1', beforeMs: T + 1 }), user, true],
    ['the user, at the token', (r) => recordEnded(r, { uid: 'fb-1', beforeMs: T }), user, false],
    ['another user', (r) => recordEnded(r, { uid: 'fb-2', beforeMs: T + 1 }), user, false],
    ["the user's room identity too", (r) => recordEnded(r, { uid: 'fb-1', beforeMs: T + 1 }), room('patient'), true],
    ['a provider of a room is not a user', (r) => recordEnded(r, { uid: 'fb-1', beforeMs: T + 1 }), room('provider', 'provider-x'), false],
    ['the room: both sides', (r) => recordEnded(r, { room: 'r1', beforeMs: T + 1 }), room('provider', 'provider-x'), true],
    ['the room: not the user identity', (r) => recordEnded(r, { room: 'r1', beforeMs: T + 1 }), user, false],
    ['another room', (r) => recordEnded(r, { room: 'r2', beforeMs: T + 1 }), room('patient'), false],
    ['the periodic check, same identity', (r) => r.identities.set(identityKey(user), T), user, true],
    ['the periodic check, its room identity is another', (r) => r.identities.set(identityKey(user), T), room('patient'), false],
  ];
  for (const [what, setUp, identity, ended] of cases) {
    const rev = newRevocations();
    setUp(rev);
    assert.equal(accessEnded(identity, rev), ended, what);
  }
});

test('revocations: the latest end wins, listed for a restarted worker, pruned after two hours', () => {
  const rev = newRevocations();
  recordEnded(rev, { uid: 'fb-1', beforeMs: T + 5 });
  recordEnded(rev, { uid: 'fb-1', beforeMs: T + 1 });
  recordEnded(rev, { room: 'r1', beforeMs: T });
  assert.deepEqual(listRevocations(rev), [
    { uid: 'fb-1', beforeMs: T + 5 },
    { room: 'r1', beforeMs: T },
  ]);
  pruneRevocations(rev, T + 2 * 3600_000 + 1);
  assert.deepEqual(listRevocations(rev), [{ uid: 'fb-1', beforeMs: T + 5 }]);
});
