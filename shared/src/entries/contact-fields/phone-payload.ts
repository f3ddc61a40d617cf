import { digitsOnly, findCountry, type CountryCode, type PhoneReader, type PhoneReading } from '@haven/shared/form-kit';

/** What a typed number means: the reader's reading, or (reader not loaded) its digits in the chosen country. */
export function readPhone(reader: PhoneReader | null, raw: string, country: string): PhoneReading {
  return reader ? reader(raw, country) : { country, national: digitsOnly(raw), callingCode: null, e164: null, international: null };
}

/**
 * The wire fields of a typed number (contracts: `country_code` and `mobile` stay two fields): the
 * national digits and the calling code of the country the number belongs to. Empty: no fields.
 */
export function phonePayload(
  reader: PhoneReader | null,
  countries: readonly CountryCode[] | null,
  raw: string,
  country: string,
): { mobile: string; country_code: string } | Record<string, never> {
  const reading = readPhone(reader, raw, country);
  if (!reading.national) return {};
  const dial = reading.callingCode ?? (countries ? findCountry(countries, reading.country)?.dialCode.replace('+', '') : undefined) ?? '91';
  return { mobile: reading.national, country_code: dial };
}

/**
 * A number a form requires (a code goes to it, or a contact is saved): its wire fields, India's calling
 * code when nothing better is known, and how to show it ('+91 98765 43210').
 */
export function phoneTarget(
  reader: PhoneReader | null,
  countries: readonly CountryCode[] | null,
  raw: string,
  country: string,
): { mobile: string; country_code: string; label: string } {
  const wire = phonePayload(reader, countries, raw, country);
  const mobile = wire.mobile ?? '';
  const countryCode = wire.country_code ?? '91';
  return { mobile, country_code: countryCode, label: readPhone(reader, raw, country).international ?? `+${countryCode} ${mobile}` };
}
