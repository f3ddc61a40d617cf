import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { getCredentials, setCredentials, type Credentials } from '@haven/shared';
import { setTestRuntimeConfig, TEST_API_BASE_URL as API } from '../../../../shared/src/core/test/runtime-config-kit';
import { credentialsFor, enterRoom, isAnotherPersonsLink } from './enter-room';

const payload = { 'access-token': 'from-link', client: 'device-1', uid: 'priya@haven.test', expiry: '100' };

test.each([
  ['nothing stored: the link', null, 'from-link'],
  ['the same device stored a rotated token (a reload of the room): the stored one', { ...payload, 'access-token': 'rotated' }, 'rotated'],
  ['another device stored', { ...payload, client: 'device-2', 'access-token': 'other' }, 'from-link'],
  ['another person stored', { ...payload, uid: 'someone@haven.test', 'access-token': 'other' }, 'from-link'],
])('%s', (_case, stored, token) => {
  expect(credentialsFor(payload, stored)['access-token']).toBe(token);
});

test.each([
  ['nobody signed in', null, false],
  ['the same person (case aside), another device', { ...payload, uid: 'Priya@Haven.test', client: 'device-2' }, false],
  ['another person', { ...payload, uid: 'victim@haven.test', client: 'device-9' }, true],
])('isAnotherPersonsLink: %s', (_case, stored, expected) => {
  expect(isAnotherPersonsLink(payload, stored)).toBe(expected);
});

// The join at the HTTP layer: what is stored before, on a refusal and on acceptance.
const server = setupServer();
const victim: Credentials = { 'access-token': 'victim-token', client: 'victim-device', uid: 'victim@haven.test', expiry: '200' };
const JOIN = { role: 'patient', session: {}, realtime: {} };
let seen: Headers | null = null;
let started: string[] = [];
let storedDuringCall: { secondary: string | null; uid: string | null } | null = null;

function join(status: number, rotated?: Credentials) {
  server.use(
    http.post(`${API}/session_room/:uuid/join`, ({ request }) => {
      seen = request.headers;
      storedDuringCall = { secondary: localStorage.getItem('secondary_token'), uid: getCredentials()?.uid ?? null };
      const headers: Record<string, string> = rotated ? { ...rotated } : {};
      return status === 200
        ? HttpResponse.json({ data: JOIN }, { headers })
        : HttpResponse.json({ code: 'room_not_yours', errors: ['no'] }, { status });
    }),
    http.post(`${API}/customers/bookings/:uuid/session_start`, ({ params, request }) => {
      started.push(`${String(params.uuid)} as ${request.headers.get('uid')}`);
      return HttpResponse.json({ data: { uuid: params.uuid, session_started_at: '2026-11-27T10:00:00.000Z' } });
    }),
  );
}

let consoleError: jest.SpyInstance;
beforeAll(() => {
  setTestRuntimeConfig();
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());
beforeEach(() => {
  // The credential store reads storage again on a storage event (as from another tab).
  localStorage.clear();
  window.dispatchEvent(new StorageEvent('storage', { key: null }));
  seen = null;
  started = [];
  storedDuringCall = null;
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => consoleError.mockRestore());

const entry = { kind: 'patient' as const, credentials: payload, redirectUrl: null };

test('a link with a secondary_token: nothing written before the join; sent as a header; stored once accepted', async () => {
  join(200);
  const result = await enterRoom('s1', entry, 'link-secondary');
  expect(result.ok).toBe(true);
  expect(storedDuringCall).toEqual({ secondary: null, uid: null });
  expect(seen?.get('secondary-profile-access-token')).toBe('link-secondary');
  expect(seen?.get('access-token')).toBe('from-link');
  expect(localStorage.getItem('secondary_token')).toBe('link-secondary');
  expect(getCredentials()?.uid).toBe('priya@haven.test');
});

test('a refused link stores nothing: neither its credentials nor its secondary_token', async () => {
  join(404);
  const result = await enterRoom('s1', entry, 'link-secondary');
  expect(result).toEqual({ ok: false, code: 'room_not_yours' });
  expect(localStorage.getItem('secondary_token')).toBeNull();
  expect(getCredentials()).toBeNull();
});

test('another person signed in: a refused join leaves their session and their secondary token as they were', async () => {
  setCredentials(victim);
  localStorage.setItem('secondary_token', 'victim-secondary');
  join(404);
  await enterRoom('s1', entry, null);
  // Their secondary token was not sent along with the link's credentials.
  expect(seen?.get('secondary-profile-access-token') ?? '').toBe('');
  expect(getCredentials()).toMatchObject(victim);
  expect(localStorage.getItem('secondary_token')).toBe('victim-secondary');
});

test('another person signed in: the link is never sent and never replaces their session (they sign out first)', async () => {
  setCredentials(victim);
  localStorage.setItem('secondary_token', 'victim-secondary');
  seen = null;
  join(200, { ...payload, 'access-token': 'rotated-link' });
  expect(await enterRoom('s1', entry, null)).toEqual({ ok: false, code: 'another_person' });
  expect(seen).toBeNull();
  expect(started).toEqual([]);
  expect(getCredentials()).toMatchObject(victim);
  expect(localStorage.getItem('secondary_token')).toBe('victim-secondary');
});

test("an accepted patient join starts the session, with the link's credentials; a refused one does not", async () => {
  join(404);
  await enterRoom('s1', entry, null);
  expect(started).toEqual([]);
  join(200);
  await enterRoom('s1', entry, null);
  expect(started).toEqual(['s1 as priya@haven.test']);
});

test('a failed session start is reported and the patient is in the room all the same', async () => {
  join(200);
  server.use(http.post(`${API}/customers/bookings/:uuid/session_start`, () => HttpResponse.json({ errors: ['down'] }, { status: 503 })));
  const result = await enterRoom('s1', entry, null);
  expect(result.ok).toBe(true);
  expect(consoleError).toHaveBeenCalledWith('[haven]', expect.anything(), expect.objectContaining({ where: 'session start' }));
});
