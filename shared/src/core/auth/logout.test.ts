import { http } from 'msw';
import { getCredentials } from '../credentials/credential-store';
import { eventBus } from '../events/event-bus';
import { havenStore } from '../state/store';
import { logout, LOGOUT_REDIRECT_URL } from './logout';
import { API, apiUser, calls, installAuthTestKit, json, server, signedIn } from './test/auth-test-kit';
import { realtime, resetRealtimeMock } from './test/realtime-mock';

jest.mock('../realtime/realtime-client', () => jest.requireActual('./test/realtime-mock').realtime);

installAuthTestKit();
beforeEach(resetRealtimeMock);

function loggedInState() {
  signedIn();
  const s = havenStore.getState();
  s.auth.update({ user: apiUser(), firebaseUser: { uid: 'uid-7' }, loading: false });
  s.sessions.update({ upcomingSessions: [{ id: 1 }] } as never);
  s.chat.update({ decryptionKeys: { c: 'k' } } as never);
  s.providers.update({ providers: [{ firstname: 'A', lastname: 'B', uuid: 'p' }] } as never);
  s.appConfig.update({ hideBackBtn: true } as never);
  s.tfl.update({ isTflFlow: true });
  localStorage.setItem('loginstatus', 'true');
  localStorage.setItem('customer_id', '7');
  localStorage.setItem('secondary_token', 'sec');
  localStorage.setItem('is_tfl_flow', 'true');
  sessionStorage.setItem(
    'storedPageData',
    JSON.stringify({ path: '/journal', landing: '/', user: 'u-7', text: {}, savedAt: Date.now(), returned: false }),
  );
}

describe('logout (product rules, Sign-in and identity)', () => {
  it('Status Offline, state cleared, DELETE logout, then the log-in page', async () => {
    loggedInState();
    const navigate = jest.fn();
    const onLogout = jest.fn();
    const off = eventBus.on('auth:logout', onLogout);
    await logout({ navigate });
    off();

    expect(realtime.setStatus).toHaveBeenCalledWith('uid-7', 'Offline');
    const [call] = calls('DELETE', '/customers/logout');
    expect(call?.search.get('remove_all')).toBe('false');
    expect(call?.headers.get('access-token')).toBe('tok-1'); // sent before the credentials go
    const s = havenStore.getState();
    expect(s.auth).toMatchObject({ user: null, firebaseUser: null, loading: false });
    expect(s.sessions.upcomingSessions).toEqual([]);
    expect(s.chat.decryptionKeys).toEqual({});
    expect(s.providers.providers).toEqual([]);
    expect(s.appConfig.hideBackBtn).toBe(false);
    expect(s.tfl.isTflFlow).toBe(false);
    expect(localStorage.getItem('is_tfl_flow')).toBeNull();
    expect(sessionStorage.getItem('storedPageData')).toBeNull();
    expect(getCredentials()).toBeNull();
    expect(localStorage.getItem('loginstatus')).toBe('false');
    expect(localStorage.getItem('customer_id')).toBeNull();
    expect(localStorage.getItem('secondary_token')).toBeNull();
    expect(onLogout).toHaveBeenCalledWith({ reason: 'user' });
    expect(LOGOUT_REDIRECT_URL).toBe('/auth/log-in/?redirectPath=%2Ft-p');
    expect(navigate).toHaveBeenCalledWith('/auth/log-in/?redirectPath=%2Ft-p');
  });

  it('verified partnership users keep their verified flag; the company of the session goes', async () => {
    loggedInState();
    localStorage.setItem('partner_verified', 'true');
    localStorage.setItem('company_details', JSON.stringify({ uuid: 'org-1', name: 'KLI' }));
    havenStore.getState().appConfig.update({ orgData: { uuid: 'org-1', name: 'KLI' } });
    await logout({ navigate: jest.fn() });
    expect(localStorage.getItem('partner_verified')).toBe('true');
    expect(localStorage.getItem('company_details')).toBeNull();
    expect(havenStore.getState().appConfig.orgData).toBeNull();
  });

  it('a failing DELETE or realtime write does not stop the logout', async () => {
    loggedInState();
    realtime.setStatus.mockRejectedValueOnce(new Error('offline'));
    server.use(http.delete(`${API}/customers/logout`, () => json({ message: 'x' }, 500)));
    const navigate = jest.fn();
    await logout({ navigate });
    expect(getCredentials()).toBeNull();
    expect(navigate).toHaveBeenCalled();
  });

  it('everywhere: DELETE logout with remove_all=true', async () => {
    loggedInState();
    await logout({ navigate: jest.fn(), everywhere: true });
    expect(calls('DELETE', '/customers/logout')[0]?.search.get('remove_all')).toBe('true');
  });

  it('the default navigation stays in the page (pushState + popstate)', async () => {
    loggedInState();
    const onPop = jest.fn();
    window.addEventListener('popstate', onPop);
    await logout();
    window.removeEventListener('popstate', onPop);
    expect(window.location.pathname + window.location.search).toBe('/auth/log-in/?redirectPath=%2Ft-p');
    expect(onPop).toHaveBeenCalled();
  });

  it('two logouts at once run once', async () => {
    loggedInState();
    await Promise.all([logout({ navigate: jest.fn() }), logout({ navigate: jest.fn() })]);
    expect(calls('DELETE', '/customers/logout')).toHaveLength(1);
  });
});
