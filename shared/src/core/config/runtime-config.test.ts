import {
  getRuntimeConfig,
  isProduction,
  loadRuntimeConfig,
  parseRuntimeConfig,
  setRuntimeConfig,
  ssoBaseUrlOf,
  type RuntimeConfig,
} from './runtime-config';

const valid: RuntimeConfig = {
  stage: 'development',
  siteBaseUrl: 'http://localhost:3000',
  apiBaseUrl: 'http://localhost:4000/api/v1',
  realtimeDatabaseUrl: 'http://localhost:4100?ns=haven-local',
  firebase: { apiKey: 'local-dev-key', projectId: 'haven-local', authEmulatorUrl: 'http://localhost:4000' },
  partnerIntegrationsHost: 'partners.localhost:3000',
  remotes: { 'mfe-auth': 'http://localhost:3001/mf-manifest.json' },
};

function mockFetch(body: unknown, status = 200) {
  const fn = jest.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));
  globalThis.fetch = fn as unknown as typeof fetch;
  return fn;
}

afterEach(() => setRuntimeConfig(null));

test('loads /config.json without the HTTP cache and keeps it', async () => {
  const fetchMock = mockFetch(valid);
  await expect(loadRuntimeConfig()).resolves.toEqual(valid);
  expect(fetchMock).toHaveBeenCalledWith('/config.json', { cache: 'no-store' });
  expect(getRuntimeConfig().apiBaseUrl).toBe('http://localhost:4000/api/v1');
});

test('rejects an invalid shape with a clear message', async () => {
  mockFetch({ ...valid, stage: 'prod', apiBaseUrl: 42 });
  await expect(loadRuntimeConfig('/x.json')).rejects.toThrow(
    /Invalid runtime config: stage must be one of .*apiBaseUrl must be a non-empty string/,
  );
});

test('the asset host is optional, and when given an http(s) origin (avatars, product rules, Validation)', () => {
  expect(parseRuntimeConfig({ ...valid, assetHost: 'https://assets.example.com' }).assetHost).toBe('https://assets.example.com');
  expect(parseRuntimeConfig(valid)).not.toHaveProperty('assetHost');
  for (const bad of ['assets.example.com', 'https://assets.example.com/avatars/', 'javascript:alert(1)', '', 7]) {
    expect(() => parseRuntimeConfig({ ...valid, assetHost: bad })).toThrow('assetHost must be an http(s) origin');
  }
});

test('rejects non-JSON and HTTP errors', async () => {
  mockFetch('<html>');
  await expect(loadRuntimeConfig()).rejects.toThrow('not JSON');
  mockFetch('nope', 404);
  await expect(loadRuntimeConfig()).rejects.toThrow('HTTP 404');
});

test('getRuntimeConfig throws a clear error before loading', () => {
  expect(() => getRuntimeConfig()).toThrow(/Runtime config not loaded/);
});

test('authEmulatorUrl is optional; remotes must be strings', () => {
  const { authEmulatorUrl: _omit, ...fb } = valid.firebase;
  expect(parseRuntimeConfig({ ...valid, firebase: fb }).firebase).toEqual(fb);
  expect(() => parseRuntimeConfig({ ...valid, remotes: { a: 1 } })).toThrow('remotes.a');
  expect(() => parseRuntimeConfig(null)).toThrow('expected a JSON object');
});

test('isProduction follows the stage and is false when nothing is loaded', () => {
  expect(isProduction()).toBe(false);
  setRuntimeConfig({ ...valid, stage: 'production' });
  expect(isProduction()).toBe(true);
  setRuntimeConfig(valid);
  expect(isProduction()).toBe(false);
});

test('keeps an optional Google client id, and rejects an empty one', () => {
  expect(parseRuntimeConfig({ ...valid, googleClientId: 'abc.apps.googleusercontent.com' }).googleClientId).toBe(
    'abc.apps.googleusercontent.com',
  );
  expect(parseRuntimeConfig(valid)).not.toHaveProperty('googleClientId');
  expect(() => parseRuntimeConfig({ ...valid, googleClientId: '' })).toThrow(/googleClientId must be a non-empty string/);
});

test.each(['appleClientId', 'facebookAppId', 'ssoBaseUrl'] as const)('keeps an optional %s, and rejects an empty one', (key) => {
  expect(parseRuntimeConfig({ ...valid, [key]: 'x-1' })[key]).toBe('x-1');
  expect(parseRuntimeConfig(valid)).not.toHaveProperty(key);
  expect(() => parseRuntimeConfig({ ...valid, [key]: '' })).toThrow(new RegExp(`${key} must be a non-empty string`));
});

test('the SSO base: the configured one, else the api origin + /sso/v1', () => {
  expect(ssoBaseUrlOf({ apiBaseUrl: 'https://api.example.com/api/v1' })).toBe('https://api.example.com/sso/v1');
  expect(ssoBaseUrlOf({ apiBaseUrl: 'http://localhost:4000/api/v1', ssoBaseUrl: 'https://sso.example.com/v2' })).toBe(
    'https://sso.example.com/v2',
  );
});

test.each([
  ['a STUN server', [{ urls: 'stun:stun.example.com:3478' }], true],
  [
    'a TURN server with credentials and several addresses',
    [{ urls: ['turn:turn.example.com:3478?transport=udp', 'turns:turn.example.com:5349'], username: 'u', credential: 'p' }],
    true,
  ],
  ['none', [], true],
  ['an http address', [{ urls: 'https://turn.example.com' }], false],
  ['no urls', [{ username: 'u' }], false],
  ['not a list', { urls: 'stun:x' }, false],
  ['a numeric credential', [{ urls: 'turn:x', username: 'u', credential: 1 }], false],
])('iceServers (the session room STUN/TURN list): %s', (_name, iceServers, ok) => {
  const parse = () => parseRuntimeConfig({ ...valid, iceServers });
  if (ok) expect(parse().iceServers).toEqual(iceServers);
  else expect(parse).toThrow(/iceServers must be a list/);
});

test.each([
  ['absent: every candidate (the default)', undefined, true],
  ['all', 'all', true],
  ['relay: TURN relays only', 'relay', true],
  ['a misspelling', 'relay-only', false],
  ['the empty text', '', false],
  ['a flag instead of a word', true, false],
])('iceTransportPolicy (the session room call): %s', (_name, iceTransportPolicy, ok) => {
  const parse = () => parseRuntimeConfig({ ...valid, iceTransportPolicy });
  if (!ok) expect(parse).toThrow('iceTransportPolicy must be one of all, relay');
  else if (iceTransportPolicy === undefined) expect(parse()).not.toHaveProperty('iceTransportPolicy');
  else expect(parse().iceTransportPolicy).toBe(iceTransportPolicy);
});

describe('support contacts and app-store links (product rules, Constants)', () => {
  it('keeps well-formed contacts and store links', () => {
    const support = { email: 'support@haven.test', whatsapp: '+442079460123', phone: '+442079460124' };
    const appStores = { android: 'https://apps.example.com/android', ios: 'https://apps.example.com/ios' };
    expect(parseRuntimeConfig({ ...valid, support, appStores })).toMatchObject({ support, appStores });
    expect(parseRuntimeConfig(valid)).not.toHaveProperty('support');
  });

  it("keeps each country's own lines, keyed by its code in capitals", () => {
    const support = { phone: '+442079460124', byCountry: { in: { phone: '+912200000124' } } };
    expect(parseRuntimeConfig({ ...valid, support }).support).toEqual({
      phone: '+442079460124',
      byCountry: { IN: { phone: '+912200000124' } },
    });
  });

  it.each([
    [{ support: { email: 'not an address' } }, 'support.email must be an e-mail address'],
    [{ support: { phone: '080 1234 5678' } }, 'support.phone must be an E.164 number'],
    [{ support: { whatsapp: '+0123' } }, 'support.whatsapp must be an E.164 number'],
    [{ support: 'x' }, 'support must be an object'],
    [{ support: { byCountry: { IN: { phone: '022 1234' } } } }, 'support.byCountry.IN.phone must be an E.164 number'],
    [
      { support: { byCountry: { India: { phone: '+912200000124' } } } },
      'support.byCountry.India: the key must be a two-letter country code',
    ],
    [{ appStores: { ios: 'javascript:alert(1)' } }, 'appStores.ios must be an http(s) address'],
  ])('rejects %j', (extra, message) => {
    expect(() => parseRuntimeConfig({ ...valid, ...extra })).toThrow(message);
  });
});

test('growth.engagement is kept as given (the engagement tool checks it when it starts)', () => {
  const engagement = { accountId: 'TEST-R78-ZZ1', region: 'in1' };
  expect(parseRuntimeConfig({ ...valid, growth: { mixpanelToken: 't', engagement } }).growth).toEqual({ mixpanelToken: 't', engagement });
  expect(parseRuntimeConfig({ ...valid, growth: { mixpanelToken: 't' } }).growth).not.toHaveProperty('engagement');
});
