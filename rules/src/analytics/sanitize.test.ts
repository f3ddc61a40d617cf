import { sanitizeAddress, sanitizeProperties } from './sanitize';

// The session room's payload: base64 of the patient's devise credentials, their e-mail and redirectUrl.
const ROOM_PAYLOAD = encodeURIComponent(
  btoa(JSON.stringify({ 'access-token': 'tok123', client: 'cli', uid: 'ann@example.com', expiry: '1', redirectUrl: 'x' })),
);

describe('sanitizeAddress (product rules, Attribution and analytics: "with the token parameter stripped", and every other credential)', () => {
  it.each([
    ['http://localhost:3000/dashboard?token=abc&x=1', 'http://localhost:3000/dashboard?x=1'],
    ['http://localhost:3000/dashboard?x=1&token=abc#s', 'http://localhost:3000/dashboard?x=1#s'],
    ['http://localhost:3000/?token=abc', 'http://localhost:3000/'],
    ['http://localhost:3000/providers', 'http://localhost:3000/providers'],
    ['/relative?token=abc&y=2', '/relative?y=2'],
    ['/relative?y=2&token=abc', '/relative?y=2'],
    // Sign-in links, hand-offs, app tokens, one-time codes, the secondary-profile token.
    ['http://localhost:3000/?app_token=secret', 'http://localhost:3000/'],
    ['http://h/t-p?jwt=a.b.c&utm_source=news', 'http://h/t-p?utm_source=news'],
    ['http://h/?token=t&client_id=c&uid=u%40x.com&expiry=9', 'http://h/'],
    ['http://h/auth?code=123456&CRNID=CRN1001&auth_token=z', 'http://h/auth'],
    ['http://h/a?Access-Token=t&keep=1', 'http://h/a?keep=1'],
    ['http://h/a?secondary_token=s&is_web_app=false', 'http://h/a?is_web_app=false'],
    // A value holding an e-mail, whatever its name.
    ['http://h/a?next=%2Fx%3Fu%3Dann%40example.com&y=1', 'http://h/a?y=1'],
    ['http://h/a?who=ann@example.com', 'http://h/a'],
    // The session-room payload (a path segment), and an e-mail in the path.
    [
      `http://localhost:3000/session-room/7b1c/${ROOM_PAYLOAD}/website?is_web_app=false`,
      'http://localhost:3000/session-room/7b1c/redacted/website?is_web_app=false',
    ],
    [`/session-room/7b1c/${ROOM_PAYLOAD}/android`, '/session-room/7b1c/redacted/android'],
    ['http://h/users/ann%40example.com/profile', 'http://h/users/redacted/profile'],
    // Credentials in the hash (implicit-flow style) and in the authority.
    ['http://h/cb#access_token=t&state=1', 'http://h/cb#state=1'],
    ['http://user:pass@h/a', 'http://h/a'],
    // Kept: ids, slugs, the placeholder the room leaves in the address, short words.
    [
      'http://h/session-room/7b1c2d3e-0000-4000-8000-000000000001/entry/website',
      'http://h/session-room/7b1c2d3e-0000-4000-8000-000000000001/entry/website',
    ],
    ['http://h/therapists/dr-ann-smith-psychologist?page=2', 'http://h/therapists/dr-ann-smith-psychologist?page=2'],
    ['http://h/a#faq', 'http://h/a#faq'],
  ])('%s -> %s', (address, expected) => {
    expect(sanitizeAddress(address)).toBe(expected);
  });

  it('what it returns holds no token, client or e-mail of the room payload', () => {
    const out = sanitizeAddress(`http://localhost:3000/session-room/1/${ROOM_PAYLOAD}/website?secondary_token=sec`);
    for (const secret of ['tok123', 'cli', 'ann@example.com', 'sec', ROOM_PAYLOAD]) expect(out).not.toContain(secret);
  });
});

describe("sanitizeProperties (an event's own properties)", () => {
  it.each([
    ['a credential name', { token: 't', access_token: 'a', 'secondary-token': 's', kind: 'x' }, { kind: 'x' }],
    ['an e-mail value', { invitee: 'ann@example.com', n: 3 }, { invitee: 'redacted', n: 3 }],
    [
      'an address value',
      { from: '/session-room/1/' + ROOM_PAYLOAD + '/website', to: 'https://h/a?jwt=j&b=1' },
      { from: '/session-room/1/redacted/website', to: 'https://h/a?b=1' },
    ],
    [
      'plain values kept',
      { provider_uuid: '7b1c2d3e-0000-4000-8000-000000000001', amount: 1500, ok: true },
      { provider_uuid: '7b1c2d3e-0000-4000-8000-000000000001', amount: 1500, ok: true },
    ],
  ])('%s', (_case, input, expected) => {
    expect(sanitizeProperties(input)).toEqual(expected);
  });
});
