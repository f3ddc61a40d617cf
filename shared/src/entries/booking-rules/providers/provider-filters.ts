/**
 * Product rules, Providers and fees: "Short URL codes map to filter values: therapist, psychiatrist, couples therapist, therapy,
 * psychiatry, languages, genders, price tiers 1 to 5, and concern specialities", plus the online/in-clinic
 * mode and the clinic city (product rules, Plan visibility: clinic codes mum, del, blr). The URL is the filter state: these two
 * functions turn a query string into filters and back, and `providerSearchQuery` into the api's search.
 */
import { parseCityCode } from '@haven/rules';

/**
 * Type, language, gender, price tier and concern take several values each: a provider matches a filter
 * holding one of its values, and every filter in force (an empty list is no filter).
 */
export interface ProviderFilters {
  roles?: string[];
  languages?: string[];
  genders?: string[];
  priceTiers?: number[];
  concerns?: string[];
  mode?: 'online' | 'offline';
  clinic?: string;
}

/** The filters that take several values (the chips and the filter bar name them by these keys). */
export type ListFilterKey = 'roles' | 'languages' | 'genders' | 'priceTiers' | 'concerns';

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
  // in partners' messages were written with: honoured like the short codes. Several values of one filter
  // are comma-separated (t=th,ps) or the parameter repeated (t=th&t=ps).
  const codes = (...keys: string[]) => {
    const key = keys.find((k) => q.has(k));
    return key === undefined ? [] : q.getAll(key).flatMap((v) => v.split(','));
  };
  const values = (map: Record<string, string>, ...keys: string[]) =>
    [...new Set(codes(...keys).map((c) => valueOrCode(map, c.trim())))].filter((v): v is string => v !== undefined);
  const put = <K extends ListFilterKey>(key: K, list: NonNullable<ProviderFilters[K]>) => {
    if (list.length) f[key] = list;
  };
  put('roles', values(ROLE_CODES, 't', 'type'));
  put('languages', values(LANGUAGE_CODES, 'l'));
  put('genders', values(GENDER_CODES, 'g'));
  put('priceTiers', [
    ...new Set(
      codes('p')
        .flatMap((c) => /^p?([1-5])$/i.exec(c.trim())?.slice(1) ?? [])
        .map(Number),
    ),
  ]);
  put('concerns', values(CONCERN_CODES, 'c'));
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
  const all = (map: Record<string, string>, list: readonly string[] | undefined) =>
    list?.length ? list.map((v) => codeOf(map, v) ?? v).join(',') : undefined;
  put('t', all(ROLE_CODES, f.roles));
  put('l', all(LANGUAGE_CODES, f.languages));
  put('g', all(GENDER_CODES, f.genders));
  put('p', f.priceTiers?.length ? f.priceTiers.map((t) => `p${t}`).join(',') : undefined);
  put('c', all(CONCERN_CODES, f.concerns));
  put('m', codeOf(MODE_CODES as Record<string, string>, f.mode));
  put('city', f.clinic);
  return q;
}

/** The api's provider search parameters (GET /providers) for the filters: several values comma-separated. */
export function providerSearchQuery(f: ProviderFilters): Record<string, string> {
  const out: Record<string, string> = {};
  const put = (key: string, list: readonly (string | number)[] | undefined) => {
    if (list?.length) out[key] = list.join(',');
  };
  put('role', f.roles);
  put('language', f.languages);
  put('gender', f.genders);
  put('price_tier', f.priceTiers);
  put('concern', f.concerns);
  if (f.mode) out.mode = f.mode;
  if (f.clinic) {
    out.clinic = f.clinic;
    out.mode = 'offline'; // a clinic city means seeing someone in that clinic
  }
  return out;
}
