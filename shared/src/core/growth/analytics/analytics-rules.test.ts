import {
  isAnalyticsExcluded,
  isEngagementEligible,
  pageContext,
  platformLabel,
  sanitizeAddress,
  sanitizeProperties,
  userAgentProperty,
  ENGAGEMENT_ELIGIBLE_MS,
} from './analytics-rules';

const NOW = Date.UTC(2026, 10, 23);
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

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

describe('pageContext (product rules, Attribution and analytics: "current page address, initial referrer (or direct) and referrer (or direct)")', () => {
  it.each([
    ['no referrers', 'http://h/a', '', null, { current_page: 'http://h/a', initial_referrer: 'direct', referrer: 'direct' }],
    [
      'both referrers',
      'http://h/a?token=t',
      'https://google.com/?token=x',
      'https://ads.example/',
      { current_page: 'http://h/a', initial_referrer: 'https://ads.example/', referrer: 'https://google.com/' },
    ],
  ])('%s', (_case, href, referrer, initial, expected) => {
    expect(pageContext(href, referrer, initial)).toEqual(expected);
  });
});

describe('isAnalyticsExcluded (product rules, Attribution and analytics: "Users whose e-mail belongs to internal company domains have analytics blocked"; skip_analytics stored for the session)', () => {
  it.each([
    ['patient@haven.test', null, false],
    ['ops@haven.care', null, true],
    ['ops@team.haven.health', null, true],
    [null, 'true', true],
    [null, '1', true],
    [null, 'false', false],
    [undefined, undefined, false],
  ])('%s, skip_analytics %s -> %s', (email, skip, expected) => {
    expect(isAnalyticsExcluded(email, skip)).toBe(expected);
  });
});

describe('platformLabel (product rules, Attribution and analytics: "desktop_browser, mobile_android_app, mobile_ios_app, mobile_android_browser, mobile_ios_browser")', () => {
  it.each([
    [DESKTOP, null, 'desktop_browser'],
    [ANDROID_CHROME, null, 'mobile_android_browser'],
    [IPHONE_SAFARI, 'website', 'mobile_ios_browser'],
    [ANDROID_CHROME, 'android', 'mobile_android_app'],
    [IPHONE_SAFARI, 'ios', 'mobile_ios_app'],
  ])('%#: platform %s -> %s', (ua, platform, expected) => {
    expect(platformLabel(ua, platform)).toBe(expected);
  });
});

describe('userAgentProperty (product rules, Constants: "User-agent string truncated to 500 characters")', () => {
  it.each([
    [10, 10],
    [500, 500],
    [501, 500],
    [2000, 500],
  ])('%i characters -> %i', (n, expected) => {
    expect(userAgentProperty('x'.repeat(n))).toHaveLength(expected);
  });
});

describe('isEngagementEligible (product rules, Attribution and analytics: "only when the stored country is empty or IN"; "3,888,000,000 ms (about 45 days) from the stored timestamp")', () => {
  it.each([
    ['country IN, no timestamp', 'IN', null, true],
    ['country empty', '', null, true],
    ['country null', null, null, true],
    ['country US', 'US', null, false],
    ['IN, 44 days', 'IN', NOW - 44 * 86_400_000, true],
    ['IN, exactly 45 days', 'IN', NOW - ENGAGEMENT_ELIGIBLE_MS, true],
    ['IN, 45 days + 1 ms', 'IN', NOW - ENGAGEMENT_ELIGIBLE_MS - 1, false],
    ['AE, 1 day', 'AE', NOW - 86_400_000, false],
  ])('%s -> %s', (_case, country, ts, expected) => {
    expect(isEngagementEligible(country, ts, NOW)).toBe(expected);
  });
});
