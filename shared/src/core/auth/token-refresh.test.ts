import {
  getCredentials,
  resetCredentialStoreForTests,
  setCredentials,
  subscribeCredentials,
  type Credentials,
} from '../credentials/credential-store';
import {
  isRefreshDue,
  refreshDueAt,
  refreshIfDue,
  REFRESH_AHEAD_MS,
  REFRESH_RETRY_MS,
  startTokenRefresh,
  type RefreshAnswer,
  type TokenRefreshDeps,
} from './token-refresh';

const HOUR = 3600_000;
const NOW = 1_900_000_000_000;
const creds = (expiryMs: number, token = 'tok-1'): Credentials => ({
  'access-token': token,
  expiry: String(Math.floor(expiryMs / 1000)),
  uid: 'me@example.com',
  client: 'cl-1',
});

beforeEach(() => {
  localStorage.clear();
  resetCredentialStoreForTests();
});

describe('isRefreshDue', () => {
  test.each([
    ['two weeks left', 14 * 24 * HOUR, 0, false],
    ['just over a day left', REFRESH_AHEAD_MS + 1000, 0, false],
    ['exactly a day left', REFRESH_AHEAD_MS, 0, true],
    ['an hour left', HOUR, 0, true],
    ['already expired', -HOUR, 0, true],
    ['two days left on the server clock, this clock 1.5 days fast', 2 * 24 * HOUR, -36 * HOUR, false],
    ['an hour left on the server clock, this clock 14 days fast', HOUR, -14 * 24 * HOUR, true],
    ['13 days left on the server clock, this clock 13 days fast (it reads the expiry as now)', 13 * 24 * HOUR, -13 * 24 * HOUR, false],
    ['an hour left on the server clock, this clock 3 days slow', HOUR, 3 * 24 * HOUR, true],
  ])('%s → %s', (_name, leftMs, skewMs, due) => {
    // skew = server − local; the expiry is on the server's clock; leftMs is what truly remains.
    const expiryOnServer = NOW + skewMs + leftMs;
    expect(isRefreshDue(creds(expiryOnServer), NOW, skewMs)).toBe(due);
  });
  test('no credentials: nothing to refresh; an unreadable expiry is due', () => {
    expect(isRefreshDue(null, NOW, 0)).toBe(false);
    expect(refreshDueAt('soon', 0)).toBe(0);
  });
});

function fakeDeps(over: Partial<TokenRefreshDeps> = {}) {
  let skew = 0;
  let held: Promise<void> = Promise.resolve();
  const calls: number[] = [];
  const deps: TokenRefreshDeps = {
    now: () => NOW,
    readStored: () => getCredentials(),
    // A real mutex, as Web Locks is: tasks run one after another.
    withLock: (task) => {
      const run = held.then(task);
      held = run.catch(() => undefined);
      return run;
    },
    refresh: async (): Promise<RefreshAnswer> => {
      calls.push(NOW);
      // As the api client does with the answer's headers: new credentials.
      setCredentials(creds(NOW + 14 * 24 * HOUR, `tok-${calls.length + 1}`));
      return { expiry: Math.floor((NOW + 14 * 24 * HOUR) / 1000), server_time_ms: NOW + 5000 };
    },
    skew: {
      get: () => skew,
      set: (ms) => {
        skew = ms;
      },
    },
    ...over,
  };
  return { deps, calls, skew: () => skew };
}

describe('refreshIfDue', () => {
  test('not due: no call', async () => {
    setCredentials(creds(NOW + 3 * 24 * HOUR));
    const { deps, calls } = fakeDeps();
    expect(await refreshIfDue(deps)).toBe('not-due');
    expect(calls).toHaveLength(0);
  });

  test('due: one refresh; the server clock difference is kept', async () => {
    setCredentials(creds(NOW + HOUR));
    const { deps, calls, skew } = fakeDeps();
    expect(await refreshIfDue(deps)).toBe('refreshed');
    expect(calls).toHaveLength(1);
    expect(getCredentials()?.['access-token']).toBe('tok-2');
    expect(skew()).toBe(5000);
  });

  test('two tabs due at once: the second, after waiting for the lock, finds fresh credentials and does nothing', async () => {
    setCredentials(creds(NOW + HOUR));
    const { deps, calls } = fakeDeps();
    const results = await Promise.all([refreshIfDue(deps), refreshIfDue(deps)]);
    expect(results.sort()).toEqual(['not-due', 'refreshed']);
    expect(calls).toHaveLength(1);
  });

  test('inside the batch window (no new headers): the current token keeps the expiry the server answered', async () => {
    setCredentials(creds(NOW + HOUR));
    const expiry = Math.floor((NOW + 14 * 24 * HOUR) / 1000);
    const { deps } = fakeDeps({ refresh: async () => ({ expiry, server_time_ms: NOW }) });
    await refreshIfDue(deps);
    expect(getCredentials()).toEqual({ ...creds(NOW + HOUR), expiry: String(expiry) });
  });
  test("inside the batch window, with this tab's memory copy already at the answered expiry: the shared record is still updated, so the other tab does not refresh again", async () => {
    // The two-tab browser test's flaky case: the winning tab's memory copy held the later expiry
    // while the stored record every tab reads was near expiry; nothing was written and the other tab,
    // taking the lock next, refreshed a second time.
    const expiry = Math.floor((NOW + 14 * 24 * HOUR) / 1000);
    setCredentials(creds(expiry * 1000));
    let stored: Credentials | null = creds(NOW + HOUR);
    const { deps, calls } = fakeDeps({
      readStored: () => stored,
      refresh: async () => {
        calls.push(NOW);
        return { expiry, server_time_ms: NOW };
      },
    });
    const unsubscribe = subscribeCredentials((next) => {
      stored = next;
    });
    const results = await Promise.all([refreshIfDue(deps), refreshIfDue(deps)]);
    unsubscribe();
    expect(results.sort()).toEqual(['not-due', 'refreshed']);
    expect(calls).toHaveLength(1);
    expect(stored).toEqual(creds(expiry * 1000));
  });
  test('the next tab in the lock whose storage has not yet heard of the refresh does not refresh again (the mark says it was done)', async () => {
    setCredentials(creds(NOW + HOUR));
    const marks = new Set<string>();
    const stale = creds(NOW + HOUR);
    const { deps, calls } = fakeDeps({
      // This tab's storage lags: it still reads the record from before the other tab's refresh.
      readStored: () => stale,
      markRefreshed: async (expiry) => {
        marks.add(expiry);
      },
      refreshedElsewhere: async (expiry) => marks.has(expiry),
    });
    const results = await Promise.all([refreshIfDue(deps), refreshIfDue(deps)]);
    expect(results.sort()).toEqual(['not-due', 'refreshed']);
    expect(calls).toHaveLength(1);
  });
});

describe('startTokenRefresh', () => {
  beforeEach(() => jest.useFakeTimers({ now: NOW }));
  afterEach(() => jest.useRealTimers());

  test('refreshes when the timer reaches the due time, not before; retries a failure a minute later', async () => {
    setCredentials(creds(NOW + REFRESH_AHEAD_MS + 2 * HOUR));
    let fail = true;
    const calls: number[] = [];
    const { deps } = fakeDeps({
      now: () => Date.now(),
      refresh: async () => {
        calls.push(Date.now());
        if (fail) throw new Error('network down');
        setCredentials(creds(Date.now() + 14 * 24 * HOUR, 'tok-new'));
        return { expiry: Math.floor((Date.now() + 14 * 24 * HOUR) / 1000), server_time_ms: Date.now() };
      },
    });
    const stop = startTokenRefresh(deps);
    await jest.advanceTimersByTimeAsync(2 * HOUR - 1000);
    expect(calls).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(2000);
    expect(calls).toHaveLength(1);
    fail = false;
    await jest.advanceTimersByTimeAsync(REFRESH_RETRY_MS);
    expect(calls).toHaveLength(2);
    expect(getCredentials()?.['access-token']).toBe('tok-new');
    // The next one is due 13 days later, not sooner.
    await jest.advanceTimersByTimeAsync(12 * 24 * HOUR);
    expect(calls).toHaveLength(2);
    stop();
  });

  test('a tab that becomes visible again refreshes at once when due', async () => {
    setCredentials(creds(NOW + 3 * 24 * HOUR));
    const { deps, calls } = fakeDeps({ now: () => Date.now() });
    const stop = startTokenRefresh(deps);
    jest.setSystemTime(NOW + 2.5 * 24 * HOUR); // the machine slept: timers did not run
    window.dispatchEvent(new Event('focus'));
    await jest.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    stop();
  });
});
