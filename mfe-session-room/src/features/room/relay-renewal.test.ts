import { RELAY_RENEW_BEFORE_MS, relayRenewalAt } from './RoomStage';

// The relays' credentials last minutes (the api's RELAY_CREDENTIAL_TTL_MS); the room enters again before
// the first of them expires, so a call through a relay goes on and a cancelled session's relay closes.
test.each([
  ['no relay configured', [], null],
  ['one relay: its expiry less the renewal margin', [{ username: '1900000000:room.patient' }], 1_900_000_000_000 - RELAY_RENEW_BEFORE_MS],
  [
    'several: the first to expire',
    [{ username: '1900000600:room.patient' }, { username: '1900000000:room.patient' }],
    1_900_000_000_000 - RELAY_RENEW_BEFORE_MS,
  ],
  ['a username without an expiry is not renewed', [{ username: 'static-user' }], null],
])('%s', (_case, relays, expected) => {
  expect(relayRenewalAt(relays)).toBe(expected);
});
