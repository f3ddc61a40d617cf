import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { getCredentials, setCredentials, type Credentials } from '@haven/shared';
import { setTestRuntimeConfig, TEST_API_BASE_URL as API } from '../../../../shared/src/core/test/runtime-config-kit';
import { SessionRoom } from './SessionRoom';

// The call itself is not under test: once let in, the page shows this instead.
jest.mock('./RoomStage', () => ({ __esModule: true, default: () => <p>In the room</p> }));

const server = setupServer();
const linkCredentials = { 'access-token': 'from-link', client: 'device-1', uid: 'priya@haven.test', expiry: '100' };
const signedInHere: Credentials = { 'access-token': 'asha-token', client: 'asha-device', uid: 'asha@haven.test', expiry: '200' };
let calls: string[] = [];

beforeAll(() => {
  setTestRuntimeConfig();
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());
beforeEach(() => {
  localStorage.clear();
  window.dispatchEvent(new StorageEvent('storage', { key: null }));
  calls = [];
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  server.use(
    http.post(`${API}/session_room/:uuid/join`, ({ request }) => {
      calls.push(`join as ${request.headers.get('uid')}`);
      return HttpResponse.json({ data: { role: 'patient', session: {}, fb_token: 't', ice_servers: [] } });
    }),
    http.post(`${API}/customers/bookings/:uuid/session_start`, () => HttpResponse.json({ data: {} })),
    http.delete(`${API}/customers/logout`, ({ request }) => {
      calls.push(`logout of ${request.headers.get('uid')}`);
      return HttpResponse.json({ success: true });
    }),
  );
});
afterEach(() => jest.restoreAllMocks());

const openLink = () => {
  const payload = encodeURIComponent(btoa(JSON.stringify({ ...linkCredentials, redirectUrl: '' })));
  render(
    <MemoryRouter initialEntries={[`/session-room/s1/${payload}/website`]}>
      <Routes>
        <Route path="/session-room/:sessionId/:payload/:platform" element={<SessionRoom />} />
      </Routes>
    </MemoryRouter>,
  );
};

test("another person's room link never switches who is signed in: it offers to sign them out first", async () => {
  setCredentials(signedInHere);
  openLink();
  expect(await screen.findByRole('heading', { name: 'This link is for another account' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Join with this link' })).toBeNull();
  // Nothing was sent with the link's credentials, and the person signed in here still is.
  expect(calls).toEqual([]);
  expect(getCredentials()).toMatchObject(signedInHere);

  await userEvent.click(screen.getByRole('button', { name: 'Sign out, then join' }));
  expect(await screen.findByText('In the room')).toBeInTheDocument();
  // Their session ended first (on the server too); only then did the link's account enter.
  await waitFor(() => expect(calls).toEqual(['logout of asha@haven.test', 'join as priya@haven.test']));
  expect(getCredentials()?.uid).toBe('priya@haven.test');
});

test('nobody signed in: the link opens the room at once', async () => {
  openLink();
  expect(await screen.findByText('In the room')).toBeInTheDocument();
  expect(calls).toEqual(['join as priya@haven.test']);
});
