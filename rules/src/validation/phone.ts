// Product rules, Validation: "Phone": ten digits starting 5 to 9 (India, the default country);
// elsewhere the length comes from the country list (`phoneLength`, a number or a list).

/** The part of a country-codes entry the phone rule needs. */
export interface PhoneCountry {
  /** ISO 3166-1 alpha-2 code, e.g. 'IN'. */
  value: string;
  /** Allowed national-number lengths; absent when the country list does not know them. */
  phoneLength?: number | readonly number[];
}

export const DEFAULT_PHONE_COUNTRY = 'IN';

const INDIAN_MOBILE = /^[5-9]\d{9}$/;
const DIGITS = /^\d+$/;
/** E.164 caps a full number at 15 digits; used only when a country has no known length. */
const FALLBACK_MIN = 4;
const FALLBACK_MAX = 15;

/** The allowed lengths of a country as a list (empty when unknown). */
export function phoneLengthsOf(country: Pick<PhoneCountry, 'phoneLength'> | undefined): number[] {
  const raw = country?.phoneLength;
  if (raw === undefined) return [];
  return typeof raw === 'number' ? [raw] : [...raw];
}

/**
 * Is `phone` (the national number, digits only, no dial code) valid for `country`?
 * Without a country the Indian rule applies (the product's default country).
 */
export function isValidPhone(phone: string, country?: PhoneCountry): boolean {
  const code = (country?.value ?? DEFAULT_PHONE_COUNTRY).toUpperCase();
  if (code === DEFAULT_PHONE_COUNTRY) return INDIAN_MOBILE.test(phone);
  if (!DIGITS.test(phone)) return false;
  const lengths = phoneLengthsOf(country);
  if (lengths.length === 0) return phone.length >= FALLBACK_MIN && phone.length <= FALLBACK_MAX;
  return lengths.includes(phone.length);
}

/** The longest allowed number for a country, for an input's maxLength. */
export function maxPhoneLength(country?: PhoneCountry): number {
  if (!country || country.value.toUpperCase() === DEFAULT_PHONE_COUNTRY) return 10;
  const lengths = phoneLengthsOf(country);
  return lengths.length ? Math.max(...lengths) : FALLBACK_MAX;
}
