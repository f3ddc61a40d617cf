import {
  base64Json,
  decodeBase64Json,
  isJoinOpen,
  readSessionRoomPayload,
  sessionRoomAddress,
  sessionRoomPlatform,
  sessionRoomReturnPath,
} from './session-room-address';

describe('sessionRoomAddress (product rules, Sessions and the room: session room, join session)', () => {
  const auth = { 'access-token': 'tok+/=', client: 'c1', uid: 'priya@haven.test', expiry: '1790000000' };

  it('is /session-room/<id>/<base64 JSON of auth + URL-encoded redirectUrl>/<platform>?is_web_app=true', () => {
    const address = sessionRoomAddress({
      sessionId: 'b-1',
      auth,
      currentUrl: 'http://localhost:3000/dashboard?x=1',
      platform: 'website',
      installedWebApp: true,
    });
    const url = new URL(address, 'http://localhost:3000');
    const [, room, id, payload, platform] = url.pathname.split('/');
    expect([room, id, platform]).toEqual(['session-room', 'b-1', 'website']);
    expect(decodeBase64Json(decodeURIComponent(payload ?? ''))).toEqual({
      ...auth,
      redirectUrl: 'http%3A%2F%2Flocalhost%3A3000%2Fdashboard%3Fx%3D1',
    });
    expect(url.searchParams.get('is_web_app')).toBe('true');
    expect(url.searchParams.has('secondary_token')).toBe(false);
  });

  it('carries a stored secondary token in the query', () => {
    const address = sessionRoomAddress({
      sessionId: 'b-1',
      auth,
      currentUrl: 'http://x/',
      platform: 'android',
      secondaryToken: 'sec.tok',
      installedWebApp: false,
    });
    const url = new URL(address, 'http://localhost:3000');
    expect(url.pathname.endsWith('/android')).toBe(true);
    expect(url.searchParams.get('secondary_token')).toBe('sec.tok');
    expect(url.searchParams.get('is_web_app')).toBe('false');
  });

  it('keeps non-Latin text intact (UTF-8 base64)', () => {
    const address = sessionRoomAddress({
      sessionId: 's',
      auth: { uid: 'प्रिया@haven.test' },
      currentUrl: 'http://x/',
      platform: 'ios',
      installedWebApp: false,
    });
    const payload = decodeURIComponent(address.split('/')[3] ?? '');
    expect(decodeBase64Json(payload)).toMatchObject({ uid: 'प्रिया@haven.test' });
  });
});

describe('sessionRoomPlatform (product rules, Sessions and the room: android, ios or website)', () => {
  it.each([
    [null, false, 'website'],
    ['android', false, 'website'],
    ['android', true, 'android'],
    ['IOS', true, 'ios'],
    ['haven-app', true, 'website'],
  ] as const)('stored %p, webview %p -> %s', (stored, webview, expected) => {
    expect(sessionRoomPlatform(stored, webview)).toBe(expected);
  });
});

describe('isJoinOpen (10 minutes before the start until the end)', () => {
  const start = '2026-11-23T10:00:00Z';
  const end = '2026-11-23T10:50:00Z';
  it.each([
    ['11 minutes before', Date.UTC(2026, 10, 23, 9, 49), false],
    ['10 minutes before', Date.UTC(2026, 10, 23, 9, 50), true],
    ['during the session', Date.UTC(2026, 10, 23, 10, 30), true],
    ['at the end', Date.UTC(2026, 10, 23, 10, 50), false],
  ])('%s', (_case, now, expected) => {
    expect(isJoinOpen(start, end, now)).toBe(expected);
  });
  it('an invalid time never opens', () => {
    expect(isJoinOpen('nope', end, Date.UTC(2026, 10, 23, 10, 30))).toBe(false);
  });
});

describe('readSessionRoomPayload (who is coming in: the patient credentials or the provider room link)', () => {
  const creds = { 'access-token': 't', client: 'c', uid: 'a@b.test', expiry: '99' };
  const address = sessionRoomAddress({
    sessionId: 's1',
    auth: creds,
    currentUrl: 'http://localhost:3000/dashboard?x=1',
    platform: 'website',
    installedWebApp: false,
  });
  const payloadOf = (path: string) => decodeURIComponent(path.split('/')[3]!);
  it.each([
    [
      'the address the dashboard builds',
      payloadOf(address),
      { kind: 'patient', credentials: creds, redirectUrl: 'http://localhost:3000/dashboard?x=1' },
    ],
    ['a provider room link', base64Json({ room_token: 'jwt' }), { kind: 'provider', roomToken: 'jwt', redirectUrl: null }],
    ['an empty payload (e30)', 'e30', null],
    ['credentials with a field missing', base64Json({ ...creds, client: undefined }), null],
    ['a number where a token goes', base64Json({ ...creds, 'access-token': 5 }), null],
    ['not base64', '%%%', null],
    ['base64 of text that is not JSON', btoa('hello'), null],
    ['a list', base64Json([creds]), null],
  ])('%s', (_case, segment, expected) => {
    expect(readSessionRoomPayload(segment)).toEqual(expected);
  });
});

describe('sessionRoomReturnPath (back from the room: the page the person came from, on this site only)', () => {
  it.each([
    ['http://localhost:3000/dashboard?tab=1', '/dashboard?tab=1'],
    ['https://evil.example/dashboard', '/dashboard'],
    ['http://localhost:3000/session-room/a/b/website', '/dashboard'],
    [null, '/dashboard'],
    ['::not a url', '/::not%20a%20url'],
  ])('%p -> %s', (redirectUrl, expected) => {
    expect(sessionRoomReturnPath(redirectUrl, 'http://localhost:3000')).toBe(expected);
  });
});
