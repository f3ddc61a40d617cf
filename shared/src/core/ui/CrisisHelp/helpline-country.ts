import { useHavenStore } from '../../state/store';
import { storageGet } from '../../platform/storage-keys';
import { USER_COUNTRY_KEY } from '../../growth/current-device-info';

/**
 * The country whose helplines come first: the location service's answer (from the device's time zone),
 * else the country stored by the last answer, else null (the table then starts with India).
 */
export function useHelplineCountry(): string | null {
  const located = useHavenStore((s) => s.userLocationDetails.location?.country ?? null);
  return located || storageGet(USER_COUNTRY_KEY) || null;
}
