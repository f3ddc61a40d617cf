import {
  ATTRIBUTION_VALID_MS,
  attributionToStore,
  buildAttributionRecord,
  hasMarketingParams,
  hasValidTimestamp,
  isAttributionActive,
  isInOrganicUser,
  isPaidTraffic,
  isPaidUser,
  isPerformanceMarketingUser,
  markConsumed,
  needsDocReferralUpdate,
  normaliseMedium,
  normaliseSource,
  organicRecord,
  queryFromSearch,
  queryValue,
  shouldUseRemote,
  shouldWriteRemote,
  withIspm,
} from './attribution-rules';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const DAY = 24 * 60 * 60 * 1000;
const q = (search: string) => queryFromSearch(search);

describe('normaliseMedium (product rules, Attribution and analytics: "lower-cased, matched by substring (cpc, ppc, performance_marketing give performance_marketing; bp_paid gives brand_partnership_paid; tpp_paid gives third_party_platform_paid, and so on)")', () => {
  it.each([
    ['cpc', 'performance_marketing'],
    ['CPC', 'performance_marketing'],
    ['google_cpc', 'performance_marketing'],
    ['ppc', 'performance_marketing'],
    ['Performance_Marketing', 'performance_marketing'],
    ['bp_paid', 'brand_partnership_paid'],
    ['insta_bp_paid', 'brand_partnership_paid'],
    ['bp_unpaid', 'brand_partnership_unpaid'],
    ['tpp_paid', 'third_party_platform_paid'],
    ['tpp_unpaid', 'third_party_platform_unpaid'],
    ['social_unpaid', 'social_unpaid'],
    ['event_paid', 'event_paid'],
    ['event_unpaid', 'event_unpaid'],
    ['referral_paid', 'referral_paid'],
    ['referral_unpaid', 'referral_unpaid'],
    ['product_marketing', 'product_marketing'],
    ['organic', 'organic'],
    ['brand_partnership_paid', 'brand_partnership_paid'],
    ['Newsletter', 'newsletter'],
    ['', null],
  ])('%s -> %s', (medium, expected) => {
    expect(normaliseMedium(medium)).toBe(expected);
  });
});

describe('queryValue (product rules, Attribution and analytics: "Query values take the first item if an array and are cut at the first question mark")', () => {
  it.each([
    [['cpc', 'ppc'], 'cpc'],
    ['cpc?utm_source=x', 'cpc'],
    [['spring?x=1', 'b'], 'spring'],
    ['?only-after', null],
    [undefined, null],
    ['', null],
  ] as const)('%j -> %s', (value, expected) => {
    expect(queryValue(value)).toBe(expected);
  });
});

describe('normaliseSource (product rules, Attribution and analytics: "Source insta and instagram normalise to instagram")', () => {
  it.each([
    ['insta', 'instagram'],
    ['instagram', 'instagram'],
    ['Instagram', 'instagram'],
    ['google', 'google'],
    [undefined, null],
  ])('%s -> %s', (source, expected) => {
    expect(normaliseSource(source)).toBe(expected);
  });
});

describe('isPaidTraffic (product rules, Attribution and analytics: "true if the activity is in the paid set or contains _paid, or the source contains _pd, _paid, cpc or ppc")', () => {
  it.each([
    ['performance_marketing', 'google', true],
    ['brand_partnership_paid', 'x', true],
    ['third_party_platform_paid', 'x', true],
    ['event_paid', 'x', true],
    ['referral_paid', 'x', true],
    ['something_paid', 'x', true],
    ['organic', 'fb_pd', true],
    ['organic', 'partner_paid', true],
    ['organic', 'google_cpc', true],
    ['organic', 'bing_ppc', true],
    ['social_unpaid', 'instagram', false],
    ['organic', 'google', false],
    [null, null, false],
  ])('activity %s, source %s -> %s', (activity, source, expected) => {
    expect(isPaidTraffic(activity, source)).toBe(expected);
  });
});

describe('isPaidUser (product rules, Attribution and analytics: "A paid user has medium cpc, ppc or performance_marketing")', () => {
  it.each([
    ['cpc', true],
    ['PPC', true],
    ['performance_marketing', true],
    ['email', false],
    [null, false],
  ])('%s -> %s', (medium, expected) => {
    expect(isPaidUser(medium)).toBe(expected);
  });
});

describe('buildAttributionRecord (product rules, Attribution and analytics: record; "Missing values are stored as the string null")', () => {
  it('maps utm parameters to utm_data and marketing_data, timestamp in ms, is_consumed false, added_by WEB', () => {
    expect(buildAttributionRecord(q('utm_medium=CPC&utm_source=insta&utm_campaign=spring?x=1'), NOW)).toEqual({
      utm_data: { utm_medium: 'CPC', utm_source: 'instagram', utm_campaign: 'spring', utm_content: 'null', utm_term: 'null' },
      marketing_data: {
        marketing_activity: 'performance_marketing',
        marketing_channel: 'instagram',
        marketing_campaign: 'spring',
        marketing_content: 'null',
        marketing_term: 'null',
      },
      timestamp: NOW,
      is_consumed: false,
      added_by: 'WEB',
    });
  });
  it.each([
    ['utm_source=google&clickid=gclid-77', 'gclid-77'],
    ['utm_source=google', undefined],
  ])('keeps the ad click id the visit came with (%s)', (search, clickid) => {
    expect(buildAttributionRecord(q(search), NOW).clickid).toBe(clickid);
  });
  it('reads medium when utm_medium is absent', () => {
    expect(buildAttributionRecord(q('medium=bp_paid'), NOW).marketing_data.marketing_activity).toBe('brand_partnership_paid');
  });
  it.each([['is_coach=true&utm_medium=whatsapp&utm_campaign=ignored'], ['is_cs=true&utm_medium=whatsapp']])(
    'Product rules, Attribution and analytics: coach or customer-support link (%s): activity from the medium, channel coach_outreach, campaign coach_call_clients',
    (search) => {
      const { marketing_data } = buildAttributionRecord(q(search), NOW);
      expect(marketing_data.marketing_activity).toBe('whatsapp');
      expect(marketing_data.marketing_channel).toBe('coach_outreach');
      expect(marketing_data.marketing_campaign).toBe('coach_call_clients');
    },
  );
});

describe('freshness (product rules, Attribution and analytics: used only if its timestamp passes the check; "active only if not consumed and under 7 days old"; both readings hold)', () => {
  it.each([
    ['just written', { timestamp: NOW, is_consumed: false }, true, true],
    ['6 days 23 h old', { timestamp: NOW - ATTRIBUTION_VALID_MS + 3600_000, is_consumed: false }, true, true],
    ['exactly 7 days old', { timestamp: NOW - 7 * DAY, is_consumed: false }, false, false],
    ['8 days old', { timestamp: NOW - 8 * DAY, is_consumed: false }, false, false],
    ['consumed, 1 day old', { timestamp: NOW - DAY, is_consumed: true }, true, false],
    ['timestamp in the future', { timestamp: NOW + DAY, is_consumed: false }, false, false],
    ['no timestamp', { is_consumed: false }, false, false],
    ['timestamp the string null', { timestamp: 'null' as unknown as number }, false, false],
  ])('%s: valid timestamp %s, active %s', (_case, record, valid, active) => {
    expect(hasValidTimestamp(record, NOW)).toBe(valid);
    expect(isAttributionActive(record, NOW)).toBe(active);
  });
});

describe('attributionToStore (product rules, Attribution and analytics: nothing without marketing parameters; coach links override the freshness guard)', () => {
  const fresh = buildAttributionRecord(q('utm_medium=email&utm_source=newsletter'), NOW - DAY);
  const stale = { ...fresh, timestamp: NOW - 8 * DAY };
  it.each([
    ['no marketing parameters', '?token=abc&platform=website', null, false],
    ['no marketing parameters, stale record', '?page=2', stale, false],
    ['utm visitor, nothing stored', '?utm_source=google&utm_medium=cpc', null, true],
    ['utm visitor, fresh record kept (freshness guard)', '?utm_source=google&utm_medium=cpc', fresh, false],
    ['utm visitor, stale record replaced', '?utm_source=google&utm_medium=cpc', stale, true],
    ['utm visitor, consumed record replaced', '?utm_source=google&utm_medium=cpc', markConsumed(fresh), true],
    ['coach link rebuilds a fresh record', '?is_coach=true&utm_medium=call', fresh, true],
    ['customer-support link rebuilds a fresh record', '?is_cs=true&medium=call', fresh, true],
  ])('%s', (_case, search, stored, writes) => {
    const result = attributionToStore(q(search), stored, NOW);
    expect(result !== null).toBe(writes);
    if (result) expect(result.timestamp).toBe(NOW);
  });
  it('has marketing params only for the attribution parameters', () => {
    expect(hasMarketingParams(q('utm_term=x'))).toBe(true);
    expect(hasMarketingParams(q('is_cs=true'))).toBe(true);
    expect(hasMarketingParams(q('utm_term='))).toBe(false);
  });
});

describe('remote sync (product rules, Attribution and analytics: "written to the user\'s remote record if the remote one is missing or older"; live subscription "writes the local record when fresh")', () => {
  const local = buildAttributionRecord(q('utm_medium=cpc'), NOW - 1000);
  it.each([
    ['remote missing', local, null, true],
    ['remote older', local, { ...local, timestamp: NOW - DAY }, true],
    ['remote same age', local, local, false],
    ['remote newer', local, { ...local, timestamp: NOW }, false],
    ['no local record', null, null, false],
    ['stale local record is not used', { ...local, timestamp: NOW - 8 * DAY }, null, false],
  ])('%s -> write %s', (_case, l, r, expected) => {
    expect(shouldWriteRemote(l, r, NOW)).toBe(expected);
  });
  it.each([
    ['fresh remote', { ...local }, true],
    ['stale remote', { ...local, timestamp: NOW - 8 * DAY }, false],
    ['no remote', null, false],
  ])('%s -> use %s', (_case, remote, expected) => {
    expect(shouldUseRemote(remote, NOW)).toBe(expected);
  });
  it('organic overwrite: activity organic, is_consumed true', () => {
    expect(organicRecord(NOW)).toMatchObject({
      is_consumed: true,
      timestamp: NOW,
      marketing_data: { marketing_activity: 'organic' },
      utm_data: { utm_medium: 'null' },
    });
  });
});

describe('isInOrganicUser (product rules, Attribution and analytics: "any utm or marketing_activity parameter marks the user inorganic ... otherwise the stored value is used")', () => {
  it.each([
    ['?utm_source=google', null, true],
    ['?marketing_activity=event_paid', 'false', true],
    ['?page=1', 'true', true],
    ['?page=1', 'false', false],
    ['', null, false],
  ])('%s, stored %s -> %s', (search, stored, expected) => {
    expect(isInOrganicUser(q(search), stored)).toBe(expected);
  });
});

describe('ispm (product rules, Routes and redirects: "medium cpc or ppc, or marketing_activity performance_marketing, with valid timestamp, get ispm=true added to the URL on route change")', () => {
  const rec = (search: string, ts: number) => buildAttributionRecord(q(search), ts);
  it.each([
    ['medium cpc, fresh', true, rec('utm_medium=cpc', NOW)],
    ['medium ppc, fresh', true, rec('utm_medium=PPC', NOW)],
    ['activity performance_marketing', true, rec('utm_medium=google_performance_marketing', NOW)],
    ['medium cpc, 8 days old', false, rec('utm_medium=cpc', NOW - 8 * DAY)],
    ['medium email', false, rec('utm_medium=email', NOW)],
    ['no record', false, null],
  ])('%s -> %s', (_case, expected, record) => {
    expect(isPerformanceMarketingUser(record, NOW)).toBe(expected);
  });
  it('adds ispm=true once, keeping the rest of the address', () => {
    expect(withIspm('http://localhost:3000/providers?x=1#top')).toBe('http://localhost:3000/providers?x=1&ispm=true#top');
    expect(withIspm('http://localhost:3000/providers?ispm=true')).toBeNull();
  });
});

describe('doc_referral (product rules, Attribution and analytics: "sent when the source equals doc_referral and the user has a uuid")', () => {
  const record = buildAttributionRecord(q('utm_source=doc_referral'), NOW);
  it.each([
    ['source doc_referral, uuid', record, 'u-1', true],
    ['source doc_referral, no uuid', record, null, false],
    ['other source', buildAttributionRecord(q('utm_source=google'), NOW), 'u-1', false],
    ['no record', null, 'u-1', false],
  ])('%s', (_case, r, uuid, expected) => {
    expect(needsDocReferralUpdate(r, uuid)).toBe(expected);
  });
});
