import { http } from 'msw';
import { havenStore } from '../../state/store';
import { API, calls, installAuthTestKit, json, server } from '../../auth/test/auth-test-kit';
import { refreshLocation, startLocationRefresh, USER_LOCATION_PATH } from './location-refresh';
import { LOCATION_REFRESH_MS } from './location-rules';

installAuthTestKit();
const details = () => havenStore.getState().userLocationDetails;
const answer = { country: 'AE', timezone: 'Asia/Dubai', display_timezone: '(GMT+04:00) Asia/Dubai - GST', is_blacklisted_country: false, is_international: true };

describe('location refresh (spec §4, §8)', () => {
  it('stores the location, the country and the fetch time; isUserInForeignTimezone from is_international', async () => {
    server.use(http.get(`${API}${USER_LOCATION_PATH}`, () => json({ location: answer })));
    await refreshLocation();
    expect(details()).toMatchObject({ isUserInForeignTimezone: true, isLoading: false, location: { country: 'AE', timezone_abbreviation: 'GST' } });
    expect(localStorage.getItem('userCountry')).toBe('AE');
    expect(Number(localStorage.getItem('location_fetch_timestamp'))).toBeGreaterThan(0);
    expect(calls('GET', USER_LOCATION_PATH)[0]?.search.get('system_timezone')).toBeTruthy();
  });

  it('spec §8 "Location failure: Country defaults to IN"', async () => {
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
