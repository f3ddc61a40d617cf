import { useEffect, useState } from 'react';
import { reportError } from '@haven/shared';
import { loadCountryCodes, type CountryCode } from '@haven/shared/form-kit';

/** The country codes list (loaded on demand, once per page); null while it loads. */
export function useCountryCodes(): CountryCode[] | null {
  const [list, setList] = useState<CountryCode[] | null>(null);
  useEffect(() => {
    let alive = true;
    loadCountryCodes()
      .then((codes) => {
        if (alive) setList(codes);
      })
      .catch((error: unknown) => reportError(error, { where: 'country codes' }));
    return () => {
      alive = false;
    };
  }, []);
  return list;
}
