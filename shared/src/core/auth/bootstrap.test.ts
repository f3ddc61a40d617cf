import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { http, HttpResponse } from 'msw';
import { getCredentials } from '../credentials/credential-store';
import { eventBus } from '../events/event-bus';
import { havenStore } from '../state/store';
import { markPagePainted, resetPagePaintedForTests } from '../platform/page-painted';
import {
  bootstrapAuth,
  couldNotAsk,
  credentialsFromTokenQuery,
  resetBootstrapForTests,
  setValidationRetryWaitForTests,
  validationRetryDelayMs,
} from './bootstrap';
import { FIREBASE_LOGIN_ERROR } from './messages';
import { logout } from './logout';
import { API, apiUser, calls, credHeaders, creds, installAuthTestKit, json, server, signedIn } from './test/auth-test-kit';
import { realtime, resetRealtimeMock } from './test/realtime-mock';

jest.mock('../realtime/realtime-client', () => jest.requireActual('./test/realtime-mock').realtime);

installAuthTestKit();
beforeEach(() => {
  resetBootstrapForTests();
  resetRealtimeMock();
  resetPagePaintedForTests();
});

const auth = () => havenStore.getState().auth;
const waitForRequest = async (method: string, path: string) => {
  for (let i = 0; i < 100 && calls(method, path).length === 0; i += 1) await new Promise((r) => setTimeout(r, 10));
};
const waitFor = async (condition: () => boolean) => {
  for (let i = 0; i < 200 && !condition(); i += 1) await new Promise((r) => setTimeout(r, 10));
  expect(condition()).toBe(true);
};
const at = (url: string) => {
  window.history.replaceState(null, '', url);
  return window.location;
};

describe('bootstrapAuth — "On load", in order', () => {
  it('a user exists → loading ends, nothing is called', async () => {
    auth().update({ user: apiUser() });
    signedIn();
    expect(await bootstrapAuth(at('/?token=x&app_token=y'))).toEqual({ step: 'user' });
    expect(auth().loading).toBe(false);
    expect(realtime.signInRealtime).not.toHaveBeenCalled();
  });

  it('jwt → loading ends, nothing is called', async () => {
    signedIn();
    expect(await bootstrapAuth(at('/?jwt=abc&token=x'))).toEqual({ step: 'jwt' });
    expect(auth()).toMatchObject({ loading: false, user: null });
  });

  it('token → stored, then validated with device info; the token leaves the URL', async () => {
    server.use(http.get(`${API}/auth/validate_token`, () => json({ success: true, data: apiUser() }, 200, credHeaders)));
    const result = await bootstrapAuth(at('/therapy-psychiatry/?token=tok-q&client_id=cl-q&uid=asha%40example.com&expiry=123&x=1'));
    expect(result.step).toBe('token');
    expect(result.outcome?.ok).toBe(true);
    const [call] = calls('GET', '/auth/validate_token');
    expect(call?.headers.get('access-token')).toBe('tok-q');
    expect(call?.headers.get('client')).toBe('cl-q');
    const deviceInfo = JSON.parse(call?.search.get('device_info') ?? '{}') as Record<string, unknown>;
    expect(deviceInfo).toMatchObject({ logged_in_location: { country: 'India' }, device_name: navigator.userAgent.slice(0, 500) });
    expect(Object.keys(deviceInfo).sort()).toEqual([
      'application_name',
      'device_id',
      'device_name',
      'device_type',
      'logged_in_location',
      'operating_system',
    ]);
    expect(deviceInfo.device_id).toBe(localStorage.getItem('deviceId')); // deviceId, sent with the device info
    expect(window.location.search).toBe('?x=1');
    expect(getCredentials()?.['access-token']).toBe('tok-2'); // rotated by the answer
    expect(auth()).toMatchObject({ loading: false, user: { id: 7 } });
  });

  it('app_token → decoded into a user (header jwt-token), secondary token saved, app_token removed with replaceState', async () => {
    server.use(
      http.post(`${API}/customers/decode_token`, () =>
        json({ success: true, user: apiUser() }, 200, { ...credHeaders, 'secondary-profile-access-token': 'sec-9' }),
      ),
    );
    const replace = jest.spyOn(window.history, 'replaceState');
    const result = await bootstrapAuth(at('/dashboard?app_token=app-1&platform=android'));
    expect(result).toMatchObject({ step: 'app_token', outcome: { ok: true } });
    expect(calls('POST', '/customers/decode_token')[0]?.headers.get('jwt-token')).toBe('app-1');
    expect(localStorage.getItem('secondary_token')).toBe('sec-9');
    expect(replace).toHaveBeenCalled();
    expect(window.location.pathname + window.location.search).toBe('/dashboard?platform=android');
    expect(auth().user?.id).toBe(7);
    replace.mockRestore();
  });

  it('app_token without a secondary profile saves no secondary token', async () => {
    server.use(http.post(`${API}/customers/decode_token`, () => json({ success: true, user: apiUser() }, 200, credHeaders)));
    await bootstrapAuth(at('/?app_token=app-2'));
    expect(localStorage.getItem('secondary_token')).toBeNull();
    expect(auth().user?.id).toBe(7);
  });

  it('app_token with is_secondary_token_handled=true: the app keeps the secondary token, the web does not store it', async () => {
    server.use(
      http.post(`${API}/customers/decode_token`, () =>
        json({ success: true, user: apiUser() }, 200, { ...credHeaders, 'secondary-profile-access-token': 'sec-9' }),
      ),
    );
    await bootstrapAuth(at('/dashboard?app_token=app-3&is_secondary_token_handled=true'));
    expect(localStorage.getItem('secondary_token')).toBeNull();
    expect(auth().user?.id).toBe(7);
  });

  it('a stored token → validated', async () => {
    signedIn();
    server.use(http.get(`${API}/auth/validate_token`, () => json({ success: true, data: apiUser() })));
    expect(await bootstrapAuth(at('/'))).toMatchObject({ step: 'stored', outcome: { ok: true } });
    expect(calls('GET', '/auth/validate_token')[0]?.headers.get('access-token')).toBe(creds['access-token']);
  });

  it('a logout that starts while the stored token is being checked wins: the user is not signed back in', async () => {
    signedIn();
    let answer: () => void = () => undefined;
    server.use(
      http.get(
        `${API}/auth/validate_token`,
        () =>
          new Promise<Response>((resolve) => {
            answer = () => resolve(json({ success: true, data: apiUser() }));
          }),
      ),
      http.delete(`${API}/customers/logout`, () => json({ success: true })),
    );
    const booting = bootstrapAuth(at('/auth/log-out'));
    await waitForRequest('GET', '/auth/validate_token');
    await logout({ redirectTo: false });
    answer();
    expect(await booting).toEqual({ step: 'stored' });
    expect(auth().user).toBeNull();
    expect(realtime.signInRealtime).not.toHaveBeenCalled();
    expect(localStorage.getItem('loginstatus')).toBe('false');
  });

  it('nothing → loading ends', async () => {
    expect(await bootstrapAuth(at('/'))).toEqual({ step: 'none' });
    expect(auth().loading).toBe(false);
    expect(calls('GET', '/auth/validate_token')).toHaveLength(0);
  });

  it('validation failure (the api refuses the credentials) → loading ends and logout runs', async () => {
    signedIn();
    localStorage.setItem('loginstatus', 'true');
    server.use(http.get(`${API}/auth/validate_token`, () => json({ success: false, errors: ['Invalid login credentials'] }, 401)));
    const onLogout = jest.fn();
    const off = eventBus.on('auth:logout', onLogout);
    await bootstrapAuth(at('/'));
    off();
    expect(auth()).toMatchObject({ loading: false, user: null });
    expect(getCredentials()).toBeNull();
    expect(localStorage.getItem('loginstatus')).toBe('false');
    expect(onLogout).toHaveBeenCalledWith({ reason: 'validation-failed' });
  });

  describe('the api could not answer: asked again, the person stays signed in', () => {
    const waits: number[] = [];
    beforeEach(() => {
      waits.length = 0;
      setValidationRetryWaitForTests((ms) => {
        waits.push(ms);
        return Promise.resolve();
      });
    });
    afterEach(() => setValidationRetryWaitForTests(null));

    /** validate_token answers each of `answers` once, in turn, then the user. */
    const answersInTurn = (answers: Array<() => Response>) => {
      let call = 0;
      server.use(
        http.get(`${API}/auth/validate_token`, () => answers[call++]?.() ?? json({ success: true, data: apiUser() }, 200, credHeaders)),
      );
    };

    it('load shed, a network failure and a server error, then the answer → signed in, no logout, waits growing', async () => {
      signedIn();
      const onLogout = jest.fn();
      const off = eventBus.on('auth:logout', onLogout);
      answersInTurn([
        () => json({ message: 'Busy', code: 'overloaded' }, 503, { 'Retry-After': '2' }),
        () => HttpResponse.error(),
        () => json({ message: 'Internal Server Error' }, 500),
      ]);
      const result = await bootstrapAuth(at('/dashboard'));
      off();
      expect(result.outcome?.ok).toBe(true);
      expect(calls('GET', '/auth/validate_token')).toHaveLength(4);
      expect(waits).toEqual([2000, 2000, 4000]);
      expect(auth().user).toMatchObject({ email: 'asha@example.com' });
      expect(getCredentials()).not.toBeNull();
      expect(onLogout).not.toHaveBeenCalled();
    });

    it('a logout while waiting to ask again wins: not signed back in', async () => {
      signedIn();
      answersInTurn([() => json({ message: 'Too many requests' }, 429, { 'Retry-After': '5' })]);
      setValidationRetryWaitForTests(async (ms) => {
        waits.push(ms);
        await logout({ redirectTo: false });
      });
      expect(await bootstrapAuth(at('/'))).toEqual({ step: 'stored' });
      expect(waits).toEqual([5000]);
      expect(calls('GET', '/auth/validate_token')).toHaveLength(1);
      expect(auth().user).toBeNull();
    });
  });

  it('runs once per page', async () => {
    const first = bootstrapAuth(at('/'));
    expect(bootstrapAuth(at('/'))).toBe(first);
    await first;
  });
});

describe('credentialsFromTokenQuery', () => {
  it.each([
    ['token=a&client_id=c&uid=u&expiry=9', { 'access-token': 'a', client: 'c', uid: 'u', expiry: '9' }],
    ['token=a&client=c&uid=u', { 'access-token': 'a', client: 'c', uid: 'u', expiry: '' }],
    [
      `token=${encodeURIComponent(JSON.stringify({ 'access-token': 'a', client: 'c', uid: 'u', expiry: 9 }))}`,
      { 'access-token': 'a', client: 'c', uid: 'u', expiry: '9' },
    ],
    [
      `token=${btoa(JSON.stringify({ 'access-token': 'a', client: 'c', uid: 'u', expiry: '9' }))}`,
      { 'access-token': 'a', client: 'c', uid: 'u', expiry: '9' },
    ],
    ['token=just-a-token', null],
    ['token=', null],
  ])('%s', (search, expected) => {
    expect(credentialsFromTokenQuery(new URLSearchParams(search))).toEqual(expected);
  });
});

describe('bootstrapAuth — a restored session starts its realtime session after the page has painted', () => {
  it('the user is signed in at once; the realtime sign-in and Online status follow once a page has painted', async () => {
    signedIn();
    server.use(http.get(`${API}/auth/validate_token`, () => json({ success: true, data: apiUser() })));
    expect(await bootstrapAuth(at('/dashboard'))).toMatchObject({ step: 'stored', outcome: { ok: true } });
    expect(auth()).toMatchObject({ loading: false, user: { id: 7 }, firebaseUser: null });
    expect(realtime.signInRealtime).not.toHaveBeenCalled();
    markPagePainted();
    await waitFor(() => realtime.setStatus.mock.calls.length > 0);
    expect(realtime.signInRealtime).toHaveBeenCalledWith(apiUser().fb_token);
    expect(realtime.setStatus).toHaveBeenCalledWith(`uid-of-${apiUser().fb_token}`, 'Online');
    expect(auth().firebaseUser).toEqual({ uid: `uid-of-${apiUser().fb_token}` });
  });

  it('a realtime sign-in that fails ends the restored session (product rules, Sign-in and identity: not logged in without it)', async () => {
    signedIn();
    server.use(http.get(`${API}/auth/validate_token`, () => json({ success: true, data: apiUser() })));
    realtime.signInRealtime.mockRejectedValueOnce(new Error('realtime down'));
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await bootstrapAuth(at('/dashboard'));
    markPagePainted();
    await waitFor(() => auth().error === FIREBASE_LOGIN_ERROR);
    expect(auth()).toMatchObject({ user: null, error: FIREBASE_LOGIN_ERROR });
    expect(getCredentials()).toBeNull();
    expect(localStorage.getItem('loginstatus')).toBe('false');
    consoleError.mockRestore();
  });

  it('a logout that starts while the realtime session is starting wins: no Online status, the user stays logged out', async () => {
    signedIn();
    server.use(
      http.get(`${API}/auth/validate_token`, () => json({ success: true, data: apiUser() })),
      http.delete(`${API}/customers/logout`, () => json({ success: true })),
    );
    let finishRealtime: () => void = () => undefined;
    realtime.signInRealtime.mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          finishRealtime = () => resolve({ uid: 'uid-7' });
        }),
    );
    await bootstrapAuth(at('/dashboard'));
    markPagePainted();
    await waitFor(() => realtime.signInRealtime.mock.calls.length > 0);
    await logout({ redirectTo: false });
    const statusCallsAtLogout = realtime.setStatus.mock.calls.length;
    finishRealtime();
    await waitFor(() => realtime.signOutRealtime.mock.calls.length > 1);
    expect(realtime.setStatus.mock.calls.slice(statusCallsAtLogout)).toEqual([]);
    expect(auth().user).toBeNull();
    expect(localStorage.getItem('loginstatus')).toBe('false');
  });
});

describe('couldNotAsk / validationRetryDelayMs', () => {
  const failed = (status?: number) => {
    const error = new AxiosError('failed');
    if (status !== undefined)
      error.response = {
        status,
        headers: new AxiosHeaders(),
        data: {},
        statusText: '',
        config: { headers: new AxiosHeaders() },
      } as AxiosResponse;
    return error;
  };
  it.each([
    ['no answer (network, time-out)', failed(), true],
    ['408', failed(408), true],
    ['429', failed(429), true],
    ['500', failed(500), true],
    ['503', failed(503), true],
    ['401: the credentials are refused', failed(401), false],
    ['403: the device was logged out', failed(403), false],
    ['404', failed(404), false],
    ['not an api error (an answer without a user)', new Error('validate_token answered without a user'), false],
  ])('%s → %s', (_what, error, expected) => expect(couldNotAsk(error)).toBe(expected));

  it.each([
    [1, null, 1000],
    [2, null, 2000],
    [5, null, 16000],
    [6, null, 30000],
    [40, null, 30000],
    [1, 7, 7000],
    [3, 0, 1000],
    [1, 600, 60000],
  ])('attempt %i, Retry-After %s → %i ms', (attempt, retryAfter, ms) => expect(validationRetryDelayMs(attempt, retryAfter)).toBe(ms));
});
