// Product rules, Validation: "Country codes" and the phone-length column, built from maintained datasets:
// names and dial codes from countries-list, mobile number lengths from libphonenumber-js metadata.
// Entries without a name or a dial code are dropped. The list is loaded on demand (it is ~150 kB of
// data the first paint never needs): `loadCountryCodes()`; `buildCountryCodes` is the pure part.
import type { PhoneCountry } from '@haven/rules';

export interface CountryCode extends PhoneCountry {
  /** Nationality, e.g. 'Indian' (falls back to the country name). */
  label: string;
  /** ISO 3166-1 alpha-2, e.g. 'IN'. */
  value: string;
  /** Country name, e.g. 'India'. */
  country: string;
  /** Main dial code with its plus, e.g. '+91'. */
  dialCode: string;
  /** Every dial code the country uses, e.g. ['+1809', '+1829', '+1849']. */
  dialCodes: string[];
  /** Allowed national-number lengths: a number, a list, or absent when unknown. */
  phoneLength?: number | number[];
}

/** What `buildCountryCodes` reads from countries-list (`countries`). */
export type CountrySource = Record<string, { name?: string; phone?: readonly number[] } | undefined>;

/**
 * Where the spec states a length that the libphonenumber metadata does not give (its Argentine and
 * Austrian mobile plans are 10–11 and 7–13), the spec wins. Everywhere else the two agree:
 * India 10, United States 10, United Arab Emirates 9, United Kingdom 10.
 */
export const SPEC_PHONE_LENGTHS: Readonly<Record<string, number | number[]>> = {
  AR: [6, 7, 8],
  AT: [10, 11],
};

export function compactLengths(lengths: readonly number[] | undefined): number | number[] | undefined {
  if (!lengths || lengths.length === 0) return undefined;
  return lengths.length === 1 ? lengths[0] : [...lengths];
}

/** What the phone metadata knows of a country: its calling code and its mobile number lengths. */
export interface PhonePlan {
  callingCode?: string;
  lengths?: readonly number[];
}

export function buildCountryCodes(
  countries: CountrySource,
  phonePlan: (code: string) => PhonePlan | undefined,
  nationalities: Readonly<Record<string, string>>,
): CountryCode[] {
  const list: CountryCode[] = [];
  for (const [value, data] of Object.entries(countries)) {
    const name = data?.name?.trim();
    const plan = phonePlan(value);
    // The phone metadata's calling code goes first: its national-number lengths are counted from it
    // (+1 and ten digits for the Dominican Republic, not +1809), and it is the current one (Kosovo +383).
    const phones = [plan?.callingCode, ...(data?.phone ?? []).map(String)].filter(
      (p, i, all): p is string => !!p && /^\d{1,4}$/.test(p) && all.indexOf(p) === i,
    );
    if (!name || phones.length === 0) continue;
    const phoneLength = SPEC_PHONE_LENGTHS[value] ?? compactLengths(plan?.lengths);
    const entry: CountryCode = {
      label: nationalities[value] ?? name,
      value,
      country: name,
      dialCode: `+${phones[0]}`,
      dialCodes: phones.map((p) => `+${p}`),
    };
    if (phoneLength !== undefined) entry.phoneLength = phoneLength;
    list.push(entry);
  }
  return list.sort((a, b) => a.country.localeCompare(b.country, 'en'));
}

let loading: Promise<CountryCode[]> | null = null;

/** The country codes list, loaded once per page. */
export function loadCountryCodes(): Promise<CountryCode[]> {
  loading ??= Promise.all([
    import('countries-list'),
    import('libphonenumber-js/metadata.mobile.json'),
    import('libphonenumber-js/core'),
    import('./nationalities'),
  ])
    .then(([{ countries }, metadataModule, { Metadata, isSupportedCountry }, { NATIONALITIES }]) => {
      const metadataJson = metadataModule.default;
      const metadata = new Metadata(metadataJson);
      const phonePlan = (code: string): PhonePlan | undefined => {
        const cc = code as Parameters<typeof isSupportedCountry>[0];
        if (!isSupportedCountry(cc, metadataJson)) return undefined;
        metadata.selectNumberingPlan(cc);
        // `type()` and `callingCode()` exist on libphonenumber's NumberingPlan but not in its .d.ts.
        const plan = metadata.numberingPlan as unknown as {
          type(t: 'MOBILE'): { possibleLengths(): number[] | undefined } | undefined;
          possibleLengths(): number[];
          callingCode(): string;
        };
        return {
          callingCode: plan.callingCode(),
          lengths: plan.type('MOBILE')?.possibleLengths() ?? plan.possibleLengths(),
        };
      };
      return buildCountryCodes(countries, phonePlan, NATIONALITIES);
    })
    .catch((error: unknown) => {
      loading = null; // a failed chunk load may be retried
      throw error;
    });
  return loading;
}

export function findCountry(list: readonly CountryCode[], value: string): CountryCode | undefined {
  const code = value.toUpperCase();
  return list.find((c) => c.value === code);
}
