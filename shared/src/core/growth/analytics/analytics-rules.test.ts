import {
  isAnalyticsExcluded,
  isEngagementEligible,
  pageContext,
  platformLabel,
  userAgentProperty,
  ENGAGEMENT_ELIGIBLE_MS,
} from './analytics-rules';

const NOW = Date.UTC(2026, 10, 23);
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

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
