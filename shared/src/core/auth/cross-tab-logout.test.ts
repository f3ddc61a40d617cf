import { LOGIN_STATUS_KEY, LOGOUT_USER_KEY, watchCrossTabLogout } from './cross-tab-logout';

function storageEvent(key: string, oldValue: string | null, newValue: string | null) {
  window.dispatchEvent(new StorageEvent('storage', { key, oldValue, newValue, storageArea: window.localStorage }));
}

describe('watchCrossTabLogout (product rules, Sign-in and identity)', () => {
  let stop: () => void = () => undefined;
  beforeEach(() => {
    jest.useFakeTimers();
    window.localStorage.clear();
  });
  afterEach(() => {
    stop();
    jest.useRealTimers();
  });

  it("logs out when another tab changes loginstatus from 'true' to 'false'", () => {
    window.localStorage.setItem(LOGIN_STATUS_KEY, 'true');
    const onLogout = jest.fn();
    stop = watchCrossTabLogout({ onLogout });
    window.localStorage.setItem(LOGIN_STATUS_KEY, 'false');
    storageEvent(LOGIN_STATUS_KEY, 'true', 'false');
    expect(onLogout).toHaveBeenCalledWith('loginstatus');
    jest.advanceTimersByTime(1000);
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it.each([
    [null, 'false'],
    ['false', 'true'],
    ['true', null],
    ['true', 'true'],
  ])('ignores loginstatus %j → %j', (oldValue, newValue) => {
    const onLogout = jest.fn();
    stop = watchCrossTabLogout({ onLogout });
    storageEvent(LOGIN_STATUS_KEY, oldValue, newValue);
    expect(onLogout).not.toHaveBeenCalled();
  });

  it('logs out when another tab stores logoutUser, and consumes the flag', () => {
    const onLogout = jest.fn();
    stop = watchCrossTabLogout({ onLogout });
    window.localStorage.setItem(LOGOUT_USER_KEY, 'true');
    storageEvent(LOGOUT_USER_KEY, null, 'true');
    expect(onLogout).toHaveBeenCalledWith('logoutUser');
    expect(window.localStorage.getItem(LOGOUT_USER_KEY)).toBeNull();
    jest.advanceTimersByTime(1000);
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('notices a logoutUser flag written into this page (no storage event) within 1 s', () => {
    const onLogout = jest.fn();
    stop = watchCrossTabLogout({ onLogout });
    window.localStorage.setItem(LOGOUT_USER_KEY, 'true');
    jest.advanceTimersByTime(1000);
    expect(onLogout).toHaveBeenCalledWith('logoutUser');
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('notices a loginstatus flip without an event within 1 s', () => {
    window.localStorage.setItem(LOGIN_STATUS_KEY, 'true');
    const onLogout = jest.fn();
    stop = watchCrossTabLogout({ onLogout });
    window.localStorage.setItem(LOGIN_STATUS_KEY, 'false');
    jest.advanceTimersByTime(1000);
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('stops watching', () => {
    const onLogout = jest.fn();
    stop = watchCrossTabLogout({ onLogout });
    stop();
    window.localStorage.setItem(LOGOUT_USER_KEY, 'true');
    storageEvent(LOGOUT_USER_KEY, null, 'true');
    jest.advanceTimersByTime(2000);
    expect(onLogout).not.toHaveBeenCalled();
  });
});
