// Phone entry that understands people. Typed and pasted numbers ("+91 98765 43210",
// "07911 123456", "(987) 654-3210") are read with libphonenumber-js before the length rule:
// spaces, dashes, brackets and the trunk 0 go, a "+CC" selects its country. Nothing is ever truncated.
// The library and its metadata are loaded on demand, with the country list (never on first paint).
import { digitsOnly } from '@haven/rules';

export interface PhoneReading {
  /** ISO 3166-1 alpha-2 country the number belongs to (a typed +CC may change it). */
  country: string;
  /** The national number, digits only, without trunk prefix: what the rule and the api read. */
  national: string;
  /** Calling code without plus (e.g. '91'), when the number could be read. */
  callingCode: string | null;
  /** E.164, e.g. '+919876543210', when the number could be read. */
  e164: string | null;
  /** For people: '+91 98765 43210'. */
  international: string | null;
}

export type PhoneReader = (raw: string, country: string) => PhoneReading;

/** The parts of libphonenumber-js the reader uses (injected, so the rule stays pure and testable). */
export interface PhoneLibrary {
  parse(
    text: string,
    defaultCountry: string,
  ): { country?: string; countryCallingCode: string; nationalNumber: string; number: string; formatInternational(): string } | undefined;
  callingCodeOf(country: string): string | null;
}

export function createPhoneReader(lib: PhoneLibrary): PhoneReader {
  return (raw, country) => {
    const text = raw.trim();
    const fallback: PhoneReading = { country, national: digitsOnly(text), callingCode: null, e164: null, international: null };
    if (!/\d/.test(text)) return fallback;
    const parsed = lib.parse(text, country);
    if (!parsed) return fallback;
    const selectedCode = lib.callingCodeOf(country);
    // A national number stays in the chosen country; a +CC selects its own, unless the chosen country
    // shares that calling code (+44 typed with the United Kingdom chosen stays the United Kingdom).
    const keep = !text.startsWith('+') || selectedCode === parsed.countryCallingCode || !parsed.country;
    return {
      country: keep ? country : (parsed.country as string),
      national: parsed.nationalNumber,
      callingCode: parsed.countryCallingCode,
      e164: parsed.number,
      international: parsed.formatInternational(),
    };
  };
}

let loading: Promise<PhoneReader> | null = null;

/**
 * The reader, loaded once per page. It uses the mobile metadata the country list already loads (one
 * download, smaller than min + mobile together).
 */
export function loadPhoneReader(): Promise<PhoneReader> {
  loading ??= Promise.all([import('libphonenumber-js/core'), import('libphonenumber-js/metadata.mobile.json')])
    .then(([core, metadataModule]) => {
      const metadata = metadataModule.default;
      type Country = Parameters<typeof core.getCountryCallingCode>[0];
      return createPhoneReader({
        parse: (text, defaultCountry) =>
          core.isSupportedCountry(defaultCountry as Country, metadata)
            ? core.parsePhoneNumberFromString(text, defaultCountry as Country, metadata)
            : core.parsePhoneNumberFromString(text, metadata),
        callingCodeOf: (c) => (core.isSupportedCountry(c as Country, metadata) ? core.getCountryCallingCode(c as Country, metadata) : null),
      });
    })
    .catch((error: unknown) => {
      loading = null; // a failed chunk load may be retried
      throw error;
    });
  return loading;
}
