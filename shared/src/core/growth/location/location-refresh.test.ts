import { http } from 'msw';
import { havenStore } from '../../state/store';
import { API, calls, installAuthTestKit, json, server } from '../../auth/test/auth-test-kit';
import { ensureLocation, refreshLocation, startLocationRefresh, USER_LOCATION_PATH } from './location-refresh';
import { LOCATION_REFRESH_MS } from './location-rules';

installAuthTestKit();
const details = () => havenStore.getState().userLocationDetails;
const answer = {
  country: 'AE',
  timezone: 'Asia/Dubai',
  display_timezone: '(GMT+04:00) Asia/Dubai - GST',
  is_blacklisted_country: false,
  is_international: true,
};

describe('location refresh (product rules, Booking and time zones)', () => {
  it('stores the location, the country and the fetch time; isUserInForeignTimezone from is_international', async () => {
    server.use(http.get(`${API}${USER_LOCATION_PATH}`, () => json({ location: answer })));
    await refreshLocation();
    expect(details()).toMatchObject({
      isUserInForeignTimezone: true,
      isLoading: false,
      location: { country: 'AE', timezone_abbreviation: 'GST' },
    });
    expect(localStorage.getItem('userCountry')).toBe('AE');
    expect(Number(localStorage.getItem('location_fetch_timestamp'))).toBeGreaterThan(0);
    expect(calls('GET', USER_LOCATION_PATH)[0]?.search.get('system_timezone')).toBeTruthy();
  });

  it('Product rules, Booking and time zones: "Location failure: Country defaults to IN"', async () => {
    server.use(http.get(`${API}${USER_LOCATION_PATH}`, () => json({ message: 'down' }, 503)));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await refreshLocation();
    expect(details().location?.country).toBe('IN');
    expect(details().isLoading).toBe(false);
    expect(localStorage.getItem('userCountry')).toBe('IN');
  });

  it('on load only when the rules ask, then every 5 minutes', async () => {
    server.use(http.get(`${API}${USER_LOCATION_PATH}`, () => json({ location: answer })));
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      const stop = startLocationRefresh(); // nothing stored: refresh now
      await jest.advanceTimersByTimeAsync(10);
      expect(calls('GET', USER_LOCATION_PATH)).toHaveLength(1);
      await jest.advanceTimersByTimeAsync(LOCATION_REFRESH_MS - 1_000);
      expect(calls('GET', USER_LOCATION_PATH)).toHaveLength(1);
      await jest.advanceTimersByTimeAsync(1_000);
      expect(calls('GET', USER_LOCATION_PATH)).toHaveLength(2);
      stop();
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('one request for the page and the refresh on load (the dashboard asked twice)', () => {
  it('a page asking while the refresh on load is out shares its request; asking again while fresh makes none', async () => {
    // In the browser's own zone, so the zone rule does not ask again.
    const here = { ...answer, timezone: Intl.DateTimeFormat().resolvedOptions().timeZone, display_timezone: null };
    server.use(http.get(`${API}${USER_LOCATION_PATH}`, () => json({ location: here })));
    const stop = startLocationRefresh(); // nothing stored: the refresh on load asks
    await Promise.all([ensureLocation(), ensureLocation()]);
    expect(calls('GET', USER_LOCATION_PATH)).toHaveLength(1);
    await ensureLocation(); // stored and fresh, same zone offset: the rules do not ask
    expect(calls('GET', USER_LOCATION_PATH)).toHaveLength(1);
    expect(details().location?.country).toBe('AE');
    stop();
  });

  it('the page alone asks when the rules do (nothing stored)', async () => {
    server.use(http.get(`${API}${USER_LOCATION_PATH}`, () => json({ location: answer })));
    await ensureLocation();
    expect(calls('GET', USER_LOCATION_PATH)).toHaveLength(1);
  });
});
