/**
 * Product rules, Providers and fees: "Short URL codes map to filter values: therapist, psychiatrist, couples therapist, therapy,
 * psychiatry, languages, genders, price tiers 1 to 5, and concern specialities", plus the online/in-clinic
 * mode and the clinic city (product rules, Plan visibility: clinic codes mum, del, blr). The URL is the filter state: these two
 * functions turn a query string into filters and back, and `providerSearchQuery` into the api's search.
 */
import { parseCityCode } from '@haven/rules';

export interface ProviderFilters {
  role?: string;
  language?: string;
  gender?: string;
  priceTier?: number;
  concern?: string;
  mode?: 'online' | 'offline';
  clinic?: string;
}

/** Short code (query `t`) -> provider role. 'therapy' and 'psychiatry' name the care and map to the role. */
export const ROLE_CODES: Record<string, string> = {
  th: 'therapist',
  therapist: 'therapist',
  therapy: 'therapist',
  ps: 'psychiatrist',
  psychiatrist: 'psychiatrist',
  psychiatry: 'psychiatrist',
  ct: 'couplestherapist',
  'couples-therapist': 'couplestherapist',
  couples: 'couplestherapist',
  co: 'coach',
  coaching: 'coach',
  cf: 'childenfirstindia',
  'children-first': 'childenfirstindia',
};
/** Short code (query `l`) -> language. */
export const LANGUAGE_CODES: Record<string, string> = {
  en: 'english',
  hi: 'hindi',
  mr: 'marathi',
  ta: 'tamil',
  bn: 'bengali',
  pa: 'punjabi',
  kn: 'kannada',
  ml: 'malayalam',
  te: 'telugu',
  gu: 'gujarati',
};
/** Short code (query `g`) -> gender. */
export const GENDER_CODES: Record<string, string> = { f: 'female', m: 'male', nb: 'non_binary' };
/** Concern specialities (query `c`): the short code is the speciality's own slug, or its abbreviation. */
export const CONCERN_CODES: Record<string, string> = {
  adhd: 'adhd',
  anx: 'anxiety',
  dep: 'depression',
  ocd: 'ocd',
  trm: 'trauma',
  str: 'stress',
  slp: 'sleep-disturbances',
  grf: 'grief',
  ang: 'anger',
  add: 'addiction',
  ed: 'eating-disorders',
  par: 'parenting-concerns',
  aca: 'academic-concerns',
  rel: 'relationship',
};
/** Query `m`: on (online) or off (in clinic). */
export const MODE_CODES: Record<string, 'online' | 'offline'> = { on: 'online', off: 'offline' };
/** Query `city`: the clinic codes (product rules, Plan visibility). */
export const CLINIC_CODES = ['mum', 'del', 'blr'] as const;

const own = (map: Record<string, string>, code: string | null): string | undefined =>
  code !== null && Object.prototype.hasOwnProperty.call(map, code.toLowerCase()) ? map[code.toLowerCase()] : undefined;
const valueOrCode = (map: Record<string, string>, code: string | null): string | undefined =>
  own(map, code) ?? (code && Object.values(map).includes(code.toLowerCase()) ? code.toLowerCase() : undefined);
const codeOf = (map: Record<string, string>, value: string | undefined): string | undefined =>
  value === undefined ? undefined : Object.keys(map).find((k) => map[k] === value);

/** Reads filters from a query string; unknown codes are ignored (a stale link still opens). */
export function filtersFromQuery(query: URLSearchParams | string): ProviderFilters {
  const q = typeof query === 'string' ? new URLSearchParams(query) : query;
  const f: ProviderFilters = {};
  // `type` and `mode` (long names: type=psychiatrist, mode=offline) are what links across the product and
  // in partners' messages were written with: honoured like the short codes.
  const role = valueOrCode(ROLE_CODES, q.get('t') ?? q.get('type'));
  if (role) f.role = role;
  const language = valueOrCode(LANGUAGE_CODES, q.get('l'));
  if (language) f.language = language;
  const gender = valueOrCode(GENDER_CODES, q.get('g'));
  if (gender) f.gender = gender;
  const tier = /^p?([1-5])$/i.exec(q.get('p') ?? '');
  if (tier) f.priceTier = Number(tier[1]);
  const concern = valueOrCode(CONCERN_CODES, q.get('c'));
  if (concern) f.concern = concern;
  const mode = valueOrCode(MODE_CODES, q.get('m') ?? q.get('mode')) as ProviderFilters['mode'];
  if (mode) f.mode = mode;
  const city = (q.get('city') ?? '').toLowerCase();
  if ((CLINIC_CODES as readonly string[]).includes(city)) f.clinic = city;
  // Product rules, Plan visibility: city codes choose the mode too: blr_off is in clinic in Bengaluru, blr_on online.
  const coded = parseCityCode(city);
  if (coded) {
    f.mode = coded.mode;
    if (coded.mode === 'offline') f.clinic = coded.city;
  }
  return f;
}

/** The shortest query string for the filters (the inverse of filtersFromQuery). */
export function queryFromFilters(f: ProviderFilters): URLSearchParams {
  const q = new URLSearchParams();
  const put = (key: string, v: string | undefined) => {
    if (v) q.set(key, v);
  };
  put('t', codeOf(ROLE_CODES, f.role));
  put('l', codeOf(LANGUAGE_CODES, f.language));
  put('g', codeOf(GENDER_CODES, f.gender));
  put('p', f.priceTier ? `p${f.priceTier}` : undefined);
  put('c', codeOf(CONCERN_CODES, f.concern));
  put('m', codeOf(MODE_CODES as Record<string, string>, f.mode));
  put('city', f.clinic);
  return q;
}

/** The api's provider search parameters (GET /providers) for the filters. */
export function providerSearchQuery(f: ProviderFilters): Record<string, string> {
  const out: Record<string, string> = {};
  if (f.role) out.role = f.role;
  if (f.language) out.language = f.language;
  if (f.gender) out.gender = f.gender;
  if (f.priceTier) out.price_tier = String(f.priceTier);
  if (f.concern) out.concern = f.concern;
  if (f.mode) out.mode = f.mode;
  if (f.clinic) {
    out.clinic = f.clinic;
    out.mode = 'offline'; // a clinic city means seeing someone in that clinic
  }
  return out;
}
