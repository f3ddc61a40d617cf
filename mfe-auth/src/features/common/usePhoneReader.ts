import { useEffect, useState } from 'react';
import { reportError } from '@haven/shared';
import { loadPhoneReader, type PhoneReader } from '@haven/shared/form-kit';

/** The phone number reader (libphonenumber-js, loaded on demand with the country list); null while it loads. */
export function usePhoneReader(): PhoneReader | null {
  const [reader, setReader] = useState<PhoneReader | null>(null);
  useEffect(() => {
    let alive = true;
    loadPhoneReader()
      .then((read) => {
        if (alive) setReader(() => read);
      })
      .catch((error: unknown) => reportError(error, { where: 'phone reader' }));
    return () => {
      alive = false;
    };
  }, []);
  return reader;
}
