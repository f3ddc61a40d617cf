import { useApiRead } from '@haven/shared';
import { loadPhoneReader, type PhoneReader } from '@haven/shared/form-kit';

/** The phone number reader (libphonenumber-js, loaded on demand); null while it loads or if it failed (reported). */
export function usePhoneReader(): PhoneReader | null {
  return useApiRead(() => loadPhoneReader(), [], 'phone reader').data;
}
