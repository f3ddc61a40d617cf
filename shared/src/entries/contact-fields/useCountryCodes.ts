import { useApiRead } from '@haven/shared';
import { loadCountryCodes, type CountryCode } from '@haven/shared/form-kit';

/**
 * The one country-code source of the phone fields: the list, loaded on demand (the form kit keeps one
 * load a page); null while it loads. A failure is reported once (useApiRead); the field then offers India.
 */
export function useCountryCodes(): CountryCode[] | null {
  return useApiRead(() => loadCountryCodes(), [], 'country codes').data;
}
