// The client at the HTTP layer (msw): nothing of axios is mocked.
import { AxiosError } from 'axios';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { setTestRuntimeConfig, TEST_API_BASE_URL as API } from '../test/runtime-config-kit';
import { setRuntimeConfig } from '../config/runtime-config';
import { getCredentials, resetCredentialStoreForTests, setCredentials, type Credentials } from '../credentials/credential-store';
import { eventBus } from '../events/event-bus';
import { havenStore } from '../state/store';
import type { AuthUser } from '../state/types';
import { apiClient, API_TIMEOUT_MS, createApiClient } from './client';

const creds: Credentials = { 'access-token': 'tok-1', expiry: '1900000000', uid: 'me@example.com', client: 'cl-1' };
const server = setupServer();
let seen: Headers;
const navigate = jest.fn();
let pathname = '/dashboard';
const client = createApiClient({ baseURL: API, sessionLoss: { pathname: () => pathname, navigate } });
let consoleError: jest.SpyInstance;

function answer(status: number, body: unknown = {}, headers: Record<string, string> = {}) {
  server.use(
    http.all(`${API}/*`, ({ request }) => {
      seen = request.headers;
      return HttpResponse.json(body as Record<string, unknown>, { status, headers });
    }),
  );
}

function decodeUtm(): Record<string, unknown> {
  return JSON.parse(Buffer.from(seen.get('x-utm-params') ?? '', 'base64').toString('utf8')) as Record<string, unknown>;
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  localStorage.clear();
  resetCredentialStoreForTests();
  navigate.mockReset();
  pathname = '/dashboard';
  document.cookie = '_fbp=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  document.cookie = '_fbc=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  server.resetHandlers();
  consoleError.mockRestore();
  delete (window as unknown as Record<string, unknown>).ReactNativeWebView;
  havenStore.getState().auth.reset();
});

test('adds every header', async () => {
  setCredentials(creds);
  document.cookie = '_fbp=fb.1.123';
  document.cookie = '_fbc=fb.1.456';
  localStorage.setItem('secondary_token', 'sec-1');
  localStorage.setItem('company_details', JSON.stringify({ uuid: 'co-uuid', name: 'Acme' }));
  localStorage.setItem('platform', 'android-app');
  localStorage.setItem('userCountry', 'AE');
  const timestamp = Date.now() - 24 * 60 * 60 * 1000;
  localStorage.setItem(
    'ad_user_params',
    JSON.stringify({
      utm_data: { utm_medium: 'CPC', utm_source: 'google', utm_campaign: 'Spring', utm_content: 'null', utm_term: 'null' },
      marketing_data: {},
      timestamp,
      is_consumed: false,
    }),
  );
  answer(200, { ok: true });

  await client.post('/customers/things', { a: 1 });

  expect(seen.get('access-token')).toBe('tok-1');
  expect(seen.get('expiry')).toBe('1900000000');
  expect(seen.get('uid')).toBe('me@example.com');
  expect(seen.get('client')).toBe('cl-1');
  expect(seen.get('fbp')).toBe('fb.1.123');
  expect(seen.get('fbc')).toBe('fb.1.456');
  expect(seen.get('secondary-profile-access-token')).toBe('sec-1');
  expect(seen.get('x-company-profile-uuid')).toBe('co-uuid');
  expect(seen.get('x-company-profile-name')).toBe('Acme');
  expect(seen.get('platform')).toBe('android-app');
  expect(seen.get('x-timezone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
  expect(seen.get('x-country')).toBe('AE');
  expect(seen.get('content-type')).toContain('application/json');
  expect(seen.get('accept')).toContain('application/json');
  expect(decodeUtm()).toEqual({
    utm_medium: 'cpc',
    utm_source: 'google',
    utm_campaign: 'Spring',
    utm_content: 'null',
    utm_term: 'null',
    is_consumed: false,
    is_utm_params_expired: false,
  });
});

test('defaults with nothing stored: X-Country null, no token headers, expired empty utm', async () => {
  localStorage.setItem('ad_user_params', '{corrupt');
  answer(200);
  await client.get('/customers/things');
  expect(seen.get('access-token')).toBeNull();
  expect(seen.get('fbp')).toBeNull();
  expect(seen.get('x-country')).toBe('null');
  expect(seen.get('x-timezone')).toBeTruthy();
  expect(decodeUtm()).toEqual({ is_consumed: false, is_utm_params_expired: true });
});

test('attribution older than 7 days is marked expired; the credentials company profile wins', async () => {
  setCredentials({ ...creds, 'x-company-profile-uuid': 'cred-uuid', 'x-company-profile-name': 'Cred Co' });
  localStorage.setItem('company_details', JSON.stringify({ uuid: 'co-uuid', name: 'Acme' }));
  localStorage.setItem(
    'ad_user_params',
    JSON.stringify({ utm_data: { utm_medium: 'Email' }, timestamp: Date.now() - 8 * 24 * 3600 * 1000, is_consumed: true }),
  );
  answer(200);
  await client.get('/x');
  expect(seen.get('x-company-profile-uuid')).toBe('cred-uuid');
  expect(seen.get('x-company-profile-name')).toBe('Cred Co');
  expect(decodeUtm()).toEqual({ utm_medium: 'email', is_consumed: true, is_utm_params_expired: true });
});

test('time-out 30000 ms; the shared client takes its base URL from the runtime config', async () => {
  expect((await client.instance()).defaults.timeout).toBe(30000);
  expect(API_TIMEOUT_MS).toBe(30000);
  setTestRuntimeConfig();
  answer(200, { hello: 'world' });
  await expect(apiClient.get('/ping')).resolves.toMatchObject({ status: 200, data: { hello: 'world' } });
  setRuntimeConfig(null);
});

test('rotates credentials from response headers; an answer without them keeps the current ones', async () => {
  setCredentials({ ...creds, 'x-company-profile-uuid': 'cred-uuid' });
  answer(200, {}, { 'access-token': 'tok-2', expiry: '1900000100', uid: 'me@example.com', client: 'cl-1' });
  await client.get('/x');
  expect(getCredentials()).toEqual({
    'access-token': 'tok-2',
    expiry: '1900000100',
    uid: 'me@example.com',
    client: 'cl-1',
    'x-company-profile-uuid': 'cred-uuid',
  });
  expect(JSON.parse(localStorage.getItem('@Token:') ?? '{}')['access-token']).toBe('tok-2');

  answer(200, {}, { 'access-token': 'tok-3' }); // incomplete set: keep
  await client.get('/x');
  expect(getCredentials()?.['access-token']).toBe('tok-2');
});

describe.each([
  ['401', 401, { errors: ['You need to sign in'] }],
  ['403 is_device_logged_out', 403, { is_device_logged_out: true }],
])('%s: forced logout (product rules, Session loss)', (_name, status, body) => {
  test('removes the token, clears storage, goes to the landing page, cleans up, reports, rejects', async () => {
    setCredentials(creds);
    localStorage.setItem('clickid', 'c');
    havenStore.getState().auth.update({ user: { id: 1, email: 'me@example.com' } as AuthUser, loading: false });
    havenStore.getState().tfl.update({ isTflFlow: true });
    const lost = jest.fn();
    const off = eventBus.on('session:lost', lost);
    answer(status, body);

    const error = await client.get('/customers/me').catch((e: unknown) => e);

    off();
    expect(error).toBeInstanceOf(AxiosError);
    expect((error as AxiosError).response?.status).toBe(status);
    expect(getCredentials()).toBeNull();
    expect(localStorage.getItem('@Token:')).toBeNull();
    expect(localStorage.getItem('clickid')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/');
    expect(lost).toHaveBeenCalledWith({ status });
    expect(havenStore.getState().auth.user).toBeNull();
    expect(havenStore.getState().tfl.isTflFlow).toBe(false);
    expect(consoleError).toHaveBeenCalledWith('[haven]', error, expect.objectContaining({ status }));
  });
});

test('a 401 for a token another tab rotated while the request was on its way is no logout: sent once more with the current credentials', async () => {
  setCredentials(creds);
  const tokens: Array<string | null> = [];
  server.use(
    http.all(`${API}/*`, ({ request }) => {
      const token = request.headers.get('access-token');
      tokens.push(token);
      if (token === 'tok-1') {
        // Meanwhile another tab rotated the shared credentials (it writes them to storage).
        setCredentials({ ...creds, 'access-token': 'tok-other-tab' });
        return HttpResponse.json({ errors: ['Invalid login credentials'] }, { status: 401 });
      }
      return HttpResponse.json({ ok: true }, { status: 200 });
    }),
  );
  const response = await client.post('/customers/thing', { a: 1 });
  expect(response.data).toEqual({ ok: true });
  expect(tokens).toEqual(['tok-1', 'tok-other-tab']);
  expect(getCredentials()?.['access-token']).toBe('tok-other-tab');
  expect(navigate).not.toHaveBeenCalled();
});

test('a 401 for a profile token whose profile session ended while the request was on its way is no logout: sent once more as the account holder', async () => {
  setCredentials(creds);
  localStorage.setItem('secondary_token', 'profile-token-1');
  const sent: Array<string | null> = [];
  server.use(
    http.all(`${API}/*`, ({ request }) => {
      const profile = request.headers.get('secondary-profile-access-token');
      sent.push(profile);
      if (profile === 'profile-token-1') {
        // Meanwhile this person switched back to their own profile: the api voided the token.
        localStorage.removeItem('secondary_token');
        return HttpResponse.json({ errors: ['Invalid secondary profile token'] }, { status: 401 });
      }
      return HttpResponse.json({ ok: true }, { status: 200 });
    }),
  );
  expect((await client.get('/customers/upcomingsessions')).data).toEqual({ ok: true });
  expect(sent).toEqual(['profile-token-1', null]);
  expect(navigate).not.toHaveBeenCalled();
  expect(getCredentials()).not.toBeNull();
});

test('a 401 for a profile token the caller passed, or for the stored one still current, is the session lost', async () => {
  setCredentials(creds);
  localStorage.setItem('secondary_token', 'profile-token-1');
  let n = 0;
  server.use(
    http.all(`${API}/*`, () => {
      n += 1;
      return HttpResponse.json({ errors: ['Invalid secondary profile token'] }, { status: 401 });
    }),
  );
  await expect(client.get('/x', { headers: { 'secondary-profile-access-token': 'from-a-link' } })).rejects.toBeInstanceOf(AxiosError);
  expect(n).toBe(1);
  expect(navigate).toHaveBeenCalledWith('/');
  setCredentials(creds);
  localStorage.setItem('secondary_token', 'profile-token-1');
  n = 0;
  await expect(client.get('/x')).rejects.toBeInstanceOf(AxiosError);
  expect(n).toBe(1);
});

test('a 401 for the current token, or again after the one resend, is the session lost', async () => {
  setCredentials(creds);
  let n = 0;
  server.use(
    http.all(`${API}/*`, () => {
      n += 1;
      if (n === 1) setCredentials({ ...creds, 'access-token': `tok-rotated` });
      return HttpResponse.json({ errors: ['Invalid login credentials'] }, { status: 401 });
    }),
  );
  await expect(client.get('/x')).rejects.toBeInstanceOf(AxiosError);
  expect(n).toBe(2);
  expect(getCredentials()).toBeNull();
  expect(navigate).toHaveBeenCalledWith('/');
});

test('a verified partnership user keeps the verified flag when storage is cleared', async () => {
  setCredentials(creds);
  localStorage.setItem('partner_verified', 'true');
  localStorage.setItem('clickid', 'c');
  answer(401);
  await expect(client.get('/x')).rejects.toBeInstanceOf(AxiosError);
  expect(localStorage.getItem('clickid')).toBeNull();
  expect(localStorage.getItem('partner_verified')).toBe('true');
});

test('on an exempt page the token goes but storage stays and there is no redirect', async () => {
  pathname = '/auth/log-in/';
  setCredentials(creds);
  localStorage.setItem('clickid', 'c');
  answer(401);
  await expect(client.get('/x')).rejects.toBeInstanceOf(AxiosError);
  expect(getCredentials()).toBeNull();
  expect(localStorage.getItem('clickid')).toBe('c');
  expect(navigate).not.toHaveBeenCalled();
});

test('inside a native webview it asks the app to close instead of redirecting', async () => {
  const postMessage = jest.fn();
  (window as unknown as Record<string, unknown>).ReactNativeWebView = { postMessage };
  setCredentials(creds);
  localStorage.setItem('clickid', 'c');
  answer(401);
  await expect(client.get('/x')).rejects.toBeInstanceOf(AxiosError);
  expect(postMessage).toHaveBeenCalledTimes(1);
  expect(navigate).not.toHaveBeenCalled();
  expect(localStorage.getItem('clickid')).toBe('c');
  expect(getCredentials()).toBeNull();
});

test.each([
  ['403 without the flag', 403, { is_device_logged_out: false }],
  ['422', 422, { errors: ['bad'] }],
  ['500', 500, {}],
])('%s is rejected to the caller untouched', async (_name, status, body) => {
  setCredentials(creds);
  answer(status, body);
  const error = (await client.get('/x').catch((e: unknown) => e)) as AxiosError;
  expect(error.response?.status).toBe(status);
  expect(error.response?.data).toEqual(body);
  expect(getCredentials()).toEqual(creds);
  expect(navigate).not.toHaveBeenCalled();
  expect(consoleError).not.toHaveBeenCalled();
});

test("reports an anomaly when an answer carries another user's contact data", async () => {
  havenStore.getState().auth.update({ user: { id: 1, email: 'me@example.com', mobile: '9876543210' } as AuthUser });
  answer(200, { data: { email: 'someone@else.com' } });
  const response = await client.get('/customers/leaky?x=1');
  expect(response.data).toEqual({ data: { email: 'someone@else.com' } });
  expect(consoleError).toHaveBeenCalledWith('[haven]', new Error('Anomaly detected in endpoint /customers/leaky'), {
    endpoint: '/customers/leaky',
    field: 'email',
  });

  consoleError.mockClear();
  answer(200, { data: { email: 'someone@else.com' } });
  await client.get('/customers/upcomingsessions');
  expect(consoleError).not.toHaveBeenCalled();
});

test("the product's own support numbers (runtime config) in an answer are no anomaly; another number is", async () => {
  havenStore.getState().auth.update({ user: { id: 1, email: 'me@example.com', mobile: '9876543210' } as AuthUser });
  setTestRuntimeConfig({ support: { email: 'support@haven.test', whatsapp: '+442079460123', phone: '+442079460124' } });
  try {
    answer(200, { data: { help: { whatsapp_phone: '+44 20 7946 0123', phone: '+44 20 7946 0124' } } });
    await client.get('/customers/help');
    expect(consoleError).not.toHaveBeenCalled();

    answer(200, { data: { phone: '+442079460999' } });
    await client.get('/customers/help');
    expect(consoleError).toHaveBeenCalledWith('[haven]', new Error('Anomaly detected in endpoint /customers/help'), {
      endpoint: '/customers/help',
      field: 'phone',
    });
  } finally {
    setRuntimeConfig(null);
  }
});

describe('a caller that stops waiting (AbortSignal)', () => {
  const rotated = { 'access-token': 'tok-2', expiry: '1900000001', uid: 'me@example.com', client: 'cl-1' };

  it.each([
    ['get', (signal: AbortSignal) => client.get('/slow', { signal })],
    ['post', (signal: AbortSignal) => client.post('/slow', { a: 1 }, { signal })],
    ['request', (signal: AbortSignal) => client.request({ url: '/slow', method: 'put', signal })],
  ])('%s: the caller gets a cancellation at once; the request runs on and its rotated token is kept', async (_, send) => {
    setCredentials(creds);
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    let arrived = false;
    server.use(
      http.all(`${API}/slow`, async () => {
        arrived = true;
        await answered;
        return HttpResponse.json({ ok: true }, { headers: rotated });
      }),
    );
    const controller = new AbortController();
    const call = send(controller.signal);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(arrived).toBe(true);
    controller.abort();
    await expect(call).rejects.toMatchObject({ __CANCEL__: true, code: 'ERR_CANCELED' });
    expect(getCredentials()?.['access-token']).toBe('tok-1');
    release();
    // The answer the page no longer waited for still hands over the new token (product rules, Session loss: rotation).
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(getCredentials()?.['access-token']).toBe('tok-2');
  });

  it('a signal aborted before the call sends nothing', async () => {
    let arrived = false;
    server.use(http.all(`${API}/never`, () => ((arrived = true), HttpResponse.json({}))));
    const controller = new AbortController();
    controller.abort();
    await expect(client.get('/never', { signal: controller.signal })).rejects.toMatchObject({ __CANCEL__: true });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(arrived).toBe(false);
  });

  it('a signal that never fires changes nothing: the answer and its errors reach the caller', async () => {
    answer(200, { ok: true });
    await expect(client.get('/x', { signal: new AbortController().signal })).resolves.toMatchObject({ data: { ok: true } });
    answer(422, { message: 'no' });
    await expect(client.get('/x', { signal: new AbortController().signal })).rejects.toMatchObject({ response: { status: 422 } });
  });
});

describe('requests started together (one long task)', () => {
  type SchedulerGlobal = { scheduler?: { yield?: () => Promise<void> } };
  afterEach(() => delete (globalThis as SchedulerGlobal).scheduler);

  it('each goes out after handing the main thread back, where the browser resumes it first', async () => {
    answer(200, { ok: true });
    const order: string[] = [];
    (globalThis as SchedulerGlobal).scheduler = {
      yield: () => {
        order.push('yield');
        return Promise.resolve();
      },
    };
    server.events.on('request:start', () => order.push('sent'));
    await Promise.all([client.get('/a'), client.get('/b')]);
    server.events.removeAllListeners();
    expect(order).toEqual(['yield', 'yield', 'sent', 'sent']);
  });
});
