// Product rules, Booking and time zones: "Location refresh: on load and every 5 minutes; also when the stored fetch timestamp is older
// than 15 minutes, when browser and location timezone offsets differ, or when all location values are
// null"; Product rules, Booking and time zones: "Location failure: country defaults to IN". On load the rules decide; the 5-minute tick
// always asks (the stored answer may be fresh from another tab, but a long-open page must follow a move).
import { apiClient } from '../../api/client';
import { USER_COUNTRY_KEY } from '../current-device-info';
import { storageGet, storageSet } from '../../platform/storage-keys';
import { reportError } from '../../reporting/report-error';
import { havenStore } from '../../state/store';
import type { Answer } from '../../api/contract';
import { LOCATION_FETCH_TIMESTAMP_KEY } from '../growth-storage';
import { browserTimeZone } from '../../platform/browser-time-zone';
import { browserOffsetMinutes, LOCATION_FALLBACK_COUNTRY, LOCATION_REFRESH_MS, needsLocationRefresh } from './location-rules';

export const USER_LOCATION_PATH = '/customers/user_location';

const slice = () => havenStore.getState().userLocationDetails;

let inFlight: Promise<void> | null = null;

/** Asks the api for the location; callers arriving while a request is out share it (one request). */
export function refreshLocation(): Promise<void> {
  inFlight ??= fetchLocation().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** Whether the rules ask for a refresh now. */
function rulesAskForRefresh(): boolean {
  const now = Date.now();
  const stored = storageGet(LOCATION_FETCH_TIMESTAMP_KEY);
  const lastFetchedAt = stored === null ? null : Number(stored);
  return needsLocationRefresh({ now, lastFetchedAt, location: slice().location, browserOffset: browserOffsetMinutes(now) });
}

/**
 * For a page that needs the location (the dashboard's session times): refreshes it when the rules ask,
 * joining a request already out, so the page and the location refresh on load make one request.
 */
export function ensureLocation(): Promise<void> {
  return rulesAskForRefresh() ? refreshLocation() : (inFlight ?? Promise.resolve());
}

async function fetchLocation(): Promise<void> {
  slice().update({ isLoading: true });
  try {
    const { data } = await apiClient.get<Answer<'/customers/user_location', 'get'>>(USER_LOCATION_PATH, {
      params: { system_timezone: browserTimeZone() },
    });
    slice().setLocation(data.location);
    storageSet(USER_COUNTRY_KEY, data.location.country ?? '');
  } catch (error) {
    reportError(error, { where: 'location refresh' });
    const location = slice().location;
    slice().update({
      isLoading: false,
      error: error instanceof Error ? error.message : String(error),
      location: {
        timezone: null,
        display_timezone: null,
        is_blacklisted_country: null,
        timezone_abbreviation: null,
        ...location,
        country: LOCATION_FALLBACK_COUNTRY,
      },
    });
    storageSet(USER_COUNTRY_KEY, LOCATION_FALLBACK_COUNTRY);
  }
  // A failed attempt counts too: the 5-minute tick retries, not every page load.
  storageSet(LOCATION_FETCH_TIMESTAMP_KEY, String(Date.now()));
}

/** Refreshes now if the rules ask, then every 5 minutes. Returns the stop function. */
export function startLocationRefresh(): () => void {
  if (rulesAskForRefresh()) void refreshLocation();
  const timer = setInterval(() => void refreshLocation(), LOCATION_REFRESH_MS);
  return () => clearInterval(timer);
}
