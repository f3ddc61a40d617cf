import { phoneLengthsOf, DEFAULT_PHONE_COUNTRY, type CountryCode } from '@haven/shared/form-kit';

/** The phone rule in words for one country, shown when a number breaks it. */
export function phoneRuleText(country: Pick<CountryCode, 'value' | 'country' | 'phoneLength'> | undefined): string {
  if (!country || country.value.toUpperCase() === DEFAULT_PHONE_COUNTRY)
    return 'A mobile number in India has 10 digits and starts with 5, 6, 7, 8 or 9.';
  const lengths = phoneLengthsOf(country);
  if (lengths.length === 0) return `Enter the mobile number without the country code (4 to 15 digits).`;
  const words = lengths.length === 1 ? String(lengths[0]) : `${lengths.slice(0, -1).join(', ')} or ${String(lengths[lengths.length - 1])}`;
  return `A mobile number in ${country.country} has ${words} digits.`;
}
