import { useApiRead } from '@haven/shared';
import { loadCountryCodes, type CountryCode } from '@haven/shared/form-kit';

/** The country codes list (loaded on demand, once per page); null while it loads. */
export function useCountryCodes(): CountryCode[] | null {
  return useApiRead(() => loadCountryCodes(), [], 'country codes').data;
}
