// Product rules, Attribution and analytics: "Attribution record", "Attribution" (normalisation, paid
// traffic); product rules, Routes and redirects (ispm, 7 days).
// Pure: the query, the stored record and the clock are passed in.
import type { AttributionRecord, MarketingData, UtmData } from '../state/types';

/** Attribution is valid 7 days (product rules, Attribution and analytics). */
export const ATTRIBUTION_VALID_MS = 7 * 24 * 60 * 60 * 1000;
/** Missing values are stored as the string null (product rules, Attribution and analytics). */
export const MISSING = 'null';
export const ADDED_BY_WEB = 'WEB';
export const COACH_CHANNEL = 'coach_outreach';
export const COACH_CAMPAIGN = 'coach_call_clients';

/** The query parameters attribution reads (product rules, Attribution and analytics), less the auth tokens. */
export const MARKETING_PARAMS = [
  'utm_medium',
  'medium',
  'utm_source',
  'utm_campaign',
  'utm_content',
  'utm_term',
  'is_coach',
  'is_cs',
] as const;

/** Product rules, Attribution and analytics: marketing activity values. */
export const MARKETING_ACTIVITIES = [
  'social_unpaid',
  'brand_partnership_paid',
  'brand_partnership_unpaid',
  'event_paid',
  'event_unpaid',
  'third_party_platform_paid',
  'third_party_platform_unpaid',
  'referral_paid',
  'referral_unpaid',
  'product_marketing',
  'organic',
  'performance_marketing',
] as const;

/**
 * Medium substring -> activity (product rules, Attribution and analytics), checked in this order: the longer names first, and every
 * "unpaid" before its "paid" (`bp_unpaid` must not read as paid).
 */
const MEDIUM_SUBSTRINGS: ReadonlyArray<readonly [string, string]> = [
  ...MARKETING_ACTIVITIES.filter((a) => a !== 'performance_marketing').map((a) => [a, a] as const),
  ['performance_marketing', 'performance_marketing'],
  ['cpc', 'performance_marketing'],
  ['ppc', 'performance_marketing'],
  ['bp_unpaid', 'brand_partnership_unpaid'],
  ['bp_paid', 'brand_partnership_paid'],
  ['tpp_unpaid', 'third_party_platform_unpaid'],
  ['tpp_paid', 'third_party_platform_paid'],
];

export const PAID_ACTIVITIES: readonly string[] = MARKETING_ACTIVITIES.filter((a) => a.endsWith('_paid') || a === 'performance_marketing');
const PAID_SOURCE_PARTS = ['_pd', '_paid', 'cpc', 'ppc'];
const PAID_USER_MEDIUMS = ['cpc', 'ppc', 'performance_marketing'];

export type QueryValue = string | readonly string[] | null | undefined;
export type Query = Readonly<Record<string, QueryValue>>;

/** Product rules, Attribution and analytics: the first item if an array, cut at the first question mark; empty counts as missing. */
export function queryValue(value: QueryValue): string | null {
  const first = Array.isArray(value) ? (value as readonly string[])[0] : (value as string | null | undefined);
  if (typeof first !== 'string') return null;
  const cut = first.split('?')[0]!.trim();
  return cut === '' ? null : cut;
}

/** A URLSearchParams as a Query (repeated parameters become arrays). */
export function queryFromSearch(search: string): Query {
  const out: Record<string, string[]> = {};
  for (const [key, value] of new URLSearchParams(search)) (out[key] ??= []).push(value);
  return out;
}

/** Product rules, Attribution and analytics: medium normalisation: lower-cased, matched by substring; unmatched mediums stay as they are, lower-cased. */
export function normaliseMedium(medium: QueryValue): string | null {
  const value = queryValue(medium)?.toLowerCase();
  if (!value) return null;
  return MEDIUM_SUBSTRINGS.find(([part]) => value.includes(part))?.[1] ?? value;
}

/** Product rules, Attribution and analytics: source insta and instagram normalise to instagram. */
export function normaliseSource(source: QueryValue): string | null {
  const value = queryValue(source);
  if (!value) return null;
  return ['insta', 'instagram'].includes(value.toLowerCase()) ? 'instagram' : value;
}

/** Product rules, Attribution and analytics: paid if the activity is in the paid set or contains _paid, or the source contains _pd, _paid, cpc or ppc. */
export function isPaidTraffic(activity: string | null | undefined, source: string | null | undefined): boolean {
  const a = (activity ?? '').toLowerCase();
  const s = (source ?? '').toLowerCase();
  return PAID_ACTIVITIES.includes(a) || a.includes('_paid') || PAID_SOURCE_PARTS.some((p) => s.includes(p));
}

/** Product rules, Attribution and analytics: a paid user has medium cpc, ppc or performance_marketing. */
export function isPaidUser(medium: string | null | undefined): boolean {
  return PAID_USER_MEDIUMS.includes((medium ?? '').toLowerCase());
}

function flag(query: Query, name: string): boolean {
  const v = queryValue(query[name])?.toLowerCase();
  return v !== undefined && v !== null && v !== 'false' && v !== '0';
}

/** Product rules, Attribution and analytics: with none of the marketing parameters, no attribution is written. */
export function hasMarketingParams(query: Query): boolean {
  return MARKETING_PARAMS.some((p) => queryValue(query[p]) !== null);
}

/** Product rules, Attribution and analytics: coach and customer-support links (is_coach, is_cs). */
export function isCoachLink(query: Query): boolean {
  return flag(query, 'is_coach') || flag(query, 'is_cs');
}

/** Product rules, Attribution and analytics: any utm or marketing_activity parameter marks the user inorganic. */
export function isInorganicVisit(query: Query): boolean {
  return Object.keys(query).some((k) => (k.startsWith('utm_') || k === 'marketing_activity') && queryValue(query[k]) !== null);
}

/** Organic or inorganic: the visit decides when it has parameters; otherwise the stored value is used. */
export function isInOrganicUser(query: Query, stored: string | null): boolean {
  return isInorganicVisit(query) || stored === 'true';
}

/** Product rules, Attribution and analytics: record from the query (missing values 'null'); coach links set channel and campaign. */
export function buildAttributionRecord(query: Query, now: number): AttributionRecord {
  const v = (name: string) => queryValue(query[name]) ?? MISSING;
  const medium = queryValue(query.utm_medium) ?? queryValue(query.medium);
  const source = normaliseSource(query.utm_source);
  const coach = isCoachLink(query);
  const utm_data: UtmData = {
    utm_medium: medium ?? MISSING,
    utm_source: source ?? MISSING,
    utm_campaign: v('utm_campaign'),
    utm_content: v('utm_content'),
    utm_term: v('utm_term'),
  };
  const marketing_data: MarketingData = {
    marketing_activity: normaliseMedium(medium) ?? MISSING,
    marketing_channel: coach ? COACH_CHANNEL : (source ?? MISSING),
    marketing_campaign: coach ? COACH_CAMPAIGN : utm_data.utm_campaign,
    marketing_content: utm_data.utm_content,
    marketing_term: utm_data.utm_term,
  };
  const clickid = queryValue(query.clickid);
  return { marketing_data, utm_data, timestamp: now, is_consumed: false, added_by: ADDED_BY_WEB, ...(clickid ? { clickid } : {}) };
}

/** Freshness, first reading: the timestamp is a real time under 7 days old. */
export function hasValidTimestamp(record: Partial<AttributionRecord> | null | undefined, now: number): boolean {
  const ts = Number(record?.timestamp);
  return Number.isFinite(ts) && ts > 0 && ts <= now && now - ts < ATTRIBUTION_VALID_MS;
}

/** Freshness, second reading: active only if not consumed and under 7 days old. */
export function isAttributionActive(record: Partial<AttributionRecord> | null | undefined, now: number): boolean {
  return record?.is_consumed !== true && hasValidTimestamp(record, now);
}

/**
 * What a visit stores locally (product rules, Attribution and analytics): nothing without marketing parameters; a coach link always
 * rebuilds; otherwise a new record unless the stored one is still active (the freshness guard).
 */
export function attributionToStore(query: Query, stored: Partial<AttributionRecord> | null, now: number): AttributionRecord | null {
  if (!hasMarketingParams(query)) return null;
  if (!isCoachLink(query) && isAttributionActive(stored, now)) return null;
  return buildAttributionRecord(query, now);
}

/** After sign-in: the local record goes to attribution/{userId} if it is fresh and the remote one is missing or older. */
export function shouldWriteRemote(
  local: Partial<AttributionRecord> | null,
  remote: Partial<AttributionRecord> | null,
  now: number,
): boolean {
  if (!local || !hasValidTimestamp(local, now)) return false;
  return !remote || !(Number(remote.timestamp) >= Number(local.timestamp));
}

/** The live subscription writes the local record only when the remote one is fresh. */
export function shouldUseRemote(remote: Partial<AttributionRecord> | null, now: number): boolean {
  return remote !== null && hasValidTimestamp(remote, now);
}

export function markConsumed(record: AttributionRecord): AttributionRecord {
  return { ...record, is_consumed: true };
}

/** Product rules, Attribution and analytics: "code may overwrite a record with organic data and is_consumed true". */
export function organicRecord(now: number): AttributionRecord {
  const marketing_data: MarketingData = {
    marketing_activity: 'organic',
    marketing_channel: MISSING,
    marketing_campaign: MISSING,
    marketing_content: MISSING,
    marketing_term: MISSING,
  };
  const utm_data: UtmData = { utm_medium: MISSING, utm_source: MISSING, utm_campaign: MISSING, utm_content: MISSING, utm_term: MISSING };
  return { marketing_data, utm_data, timestamp: now, is_consumed: true, added_by: ADDED_BY_WEB };
}

/** Product rules, Attribution and analytics: performance-marketing users (medium cpc or ppc, or activity performance_marketing) with a valid timestamp. */
export function isPerformanceMarketingUser(record: Partial<AttributionRecord> | null, now: number): boolean {
  if (!record || !hasValidTimestamp(record, now)) return false;
  const medium = (record.utm_data?.utm_medium ?? '').toLowerCase();
  return medium === 'cpc' || medium === 'ppc' || record.marketing_data?.marketing_activity === 'performance_marketing';
}

/** The address with ispm=true added (product rules, Routes and redirects), or null when it already has it. */
export function withIspm(href: string): string | null {
  const url = new URL(href);
  if (url.searchParams.get('ispm') === 'true') return null;
  url.searchParams.set('ispm', 'true');
  return url.toString();
}

/** Product rules, Attribution and analytics: doc_referral: the update call is made when the source equals doc_referral and the user has a uuid. */
export function needsDocReferralUpdate(record: Partial<AttributionRecord> | null, uuid: string | null | undefined): boolean {
  return Boolean(uuid) && record?.utm_data?.utm_source === 'doc_referral';
}
