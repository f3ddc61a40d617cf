import { captureRoomEntry, roomEntryFor, ROOM_PAYLOAD_PLACEHOLDER } from './session-room-entry';

const PAYLOAD = btoa(JSON.stringify({ 'access-token': 'tok', client: 'c', uid: 'ann@example.com', expiry: '1' }));

beforeEach(() => sessionStorage.clear());

test('the payload and the secondary token leave the address (replaceState) and stay readable for the room', () => {
  window.history.replaceState(
    { idx: 2 },
    '',
    `/session-room/s1/${encodeURIComponent(PAYLOAD)}/website?is_web_app=false&secondary_token=sec#x`,
  );
  const replace = jest.spyOn(window.history, 'replaceState');
  captureRoomEntry();
  expect(replace).toHaveBeenCalledTimes(1);
  expect(window.location.pathname).toBe(`/session-room/s1/${ROOM_PAYLOAD_PLACEHOLDER}/website`);
  expect(window.location.search).toBe('?is_web_app=false');
  expect(window.location.hash).toBe('#x');
  expect(window.history.state).toEqual({ idx: 2 });
  for (const secret of ['tok', 'ann', 'sec', PAYLOAD]) expect(window.location.href).not.toContain(secret);
  expect(roomEntryFor('s1')).toEqual({ payload: PAYLOAD, secondaryToken: 'sec' });
  replace.mockRestore();
});

test('a reload of the stripped address finds the entry in this tab; calling again changes nothing', () => {
  window.history.replaceState(null, '', `/session-room/s2/${encodeURIComponent(PAYLOAD)}/android`);
  captureRoomEntry();
  const replace = jest.spyOn(window.history, 'replaceState');
  captureRoomEntry();
  expect(replace).not.toHaveBeenCalled();
  replace.mockRestore();
  expect(roomEntryFor('s2')).toEqual({ payload: PAYLOAD, secondaryToken: null });
  expect(roomEntryFor('other')).toBeNull();
});

test('other addresses are left alone', () => {
  window.history.replaceState(null, '', '/dashboard?token=x');
  const replace = jest.spyOn(window.history, 'replaceState');
  captureRoomEntry();
  expect(replace).not.toHaveBeenCalled();
  replace.mockRestore();
});
