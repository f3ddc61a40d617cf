// Token refresh: a tab left open keeps its session. Credentials rotate on every answer
// (product rules, Session loss), so an active tab never nears expiry; a quiet one (hidden for days, a laptop asleep) asks
// POST /customers/token_refresh once the stored expiry is within REFRESH_AHEAD_MS, when its timer
// fires or when it becomes visible, focused or online again. One refresh runs at a time across tabs
// (Web Locks); inside the lock the stored credentials are read again, so a tab that waited finds the
// ones another tab just got and does nothing. Expiry is compared on the server's clock: the refresh
// answer gives the server's time, and the difference is kept for every tab.
import { apiClient } from '../api/client';
import { isApiError } from '../api/api-error';
import { reportError } from '../reporting/report-error';
import {
  CREDENTIALS_STORAGE_KEY,
  getCredentials,
  setCredentials,
  subscribeCredentials,
  type Credentials,
} from '../credentials/credential-store';
import type { Answer } from '../api/contract';

/** Refresh when less than this is left (credentials live 14 days). */
export const REFRESH_AHEAD_MS = 24 * 3600_000;
/** After a failed refresh (network, server), try again after this long. */
export const REFRESH_RETRY_MS = 60_000;
export const TOKEN_REFRESH_LOCK = 'haven:token-refresh';
/** Server time minus this browser's time (ms), from the last refresh answer; shared by the tabs. */
export const CLOCK_SKEW_KEY = 'token_clock_skew_ms';
/** setTimeout's longest delay. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface RefreshAnswer {
  expiry: number;
  server_time_ms: number;
}

export interface TokenRefreshDeps {
  now: () => number;
  /** The stored credentials as every tab sees them now (localStorage, not this tab's memory copy). */
  readStored: () => Credentials | null;
  /** Runs `task` while holding the cross-tab refresh lock. */
  withLock: (task: () => Promise<void>) => Promise<void>;
  refresh: () => Promise<RefreshAnswer>;
  skew: { get: () => number; set: (ms: number) => void };
  /**
   * Marks, for a while, that the credentials expiring at `expiry` were refreshed; `refreshedElsewhere`
   * asks whether a tab did. Needed because a tab's localStorage may lag another process's write by a
   * moment, while the lock order is exact: without them the next tab in the lock read the old record
   * and refreshed again (seen in the two-tab browser test).
   */
  markRefreshed?: (expiry: string) => Promise<void>;
  refreshedElsewhere?: (expiry: string) => Promise<boolean>;
}

/** When (this browser's ms) a refresh is due for credentials expiring at `expiry` (seconds, server clock). */
export function refreshDueAt(expiry: string, skewMs: number): number {
  const expiryMs = Number(expiry) * 1000;
  return Number.isFinite(expiryMs) ? expiryMs - skewMs - REFRESH_AHEAD_MS : 0;
}

export function isRefreshDue(credentials: Pick<Credentials, 'expiry'> | null, nowMs: number, skewMs: number): boolean {
  return credentials !== null && nowMs >= refreshDueAt(credentials.expiry, skewMs);
}

/** One refresh under the lock, if the credentials every tab shares are still due. */
export async function refreshIfDue(deps: TokenRefreshDeps): Promise<'refreshed' | 'not-due'> {
  let outcome: 'refreshed' | 'not-due' = 'not-due';
  await deps.withLock(async () => {
    const stored = deps.readStored();
    if (!stored || !isRefreshDue(stored, deps.now(), deps.skew.get())) return;
    // Refreshed by the tab before us in the lock: its new record is on its way to this tab's storage.
    if (await deps.refreshedElsewhere?.(stored.expiry)) return;
    const answer = await deps.refresh();
    deps.skew.set(answer.server_time_ms - deps.now());
    // Inside the rotation batch window the answer has no new headers: the current token holds until
    // `answer.expiry`, which then is what every tab keeps. Compared with the stored record the tabs
    // read, not this tab's memory copy: when only the memory copy held the later expiry, nothing was
    // written and the next tab in the lock refreshed again.
    const current = getCredentials();
    const shared = deps.readStored();
    if (current && Math.min(Number(current.expiry), Number(shared?.expiry ?? 0)) < answer.expiry) {
      setCredentials({ ...current, expiry: String(answer.expiry) });
    }
    await deps.markRefreshed?.(stored.expiry);
    outcome = 'refreshed';
  });
  return outcome;
}

function readStoredCredentials(): Credentials | null {
  try {
    const raw = window.localStorage.getItem(CREDENTIALS_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return parsed && typeof parsed === 'object' && typeof (parsed as Credentials).expiry === 'string' ? (parsed as Credentials) : null;
  } catch {
    return getCredentials();
  }
}

const browserSkew = {
  get(): number {
    try {
      const value = Number(window.localStorage.getItem(CLOCK_SKEW_KEY));
      return Number.isFinite(value) ? value : 0;
    } catch {
      return 0;
    }
  },
  set(ms: number): void {
    try {
      window.localStorage.setItem(CLOCK_SKEW_KEY, String(Math.round(ms)));
    } catch {
      // storage blocked: this tab compares on its own clock
    }
  },
};

let inTab: Promise<void> | null = null;
/** Web Locks where the browser has them; else one refresh at a time in this tab. */
async function browserLock(task: () => Promise<void>): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.locks) {
    await navigator.locks.request(TOKEN_REFRESH_LOCK, task);
    return;
  }
  inTab ??= task().finally(() => {
    inTab = null;
  });
  await inTab;
}

/** How long a refresh stays marked: far longer than storage takes to reach the other tabs. */
const REFRESHED_MARK_MS = 60_000;
const refreshedLockName = (expiry: string) => `${TOKEN_REFRESH_LOCK}:done:${expiry}`;

/** Holds a lock named after the refreshed record for a minute; resolves once it is held. */
function markRefreshedWithLock(expiry: string): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.locks) return Promise.resolve();
  return new Promise((held) => {
    void navigator.locks.request(refreshedLockName(expiry), () => {
      held();
      return new Promise<void>((release) => setTimeout(release, REFRESHED_MARK_MS));
    });
  });
}

async function refreshedElsewhereByLock(expiry: string): Promise<boolean> {
  if (typeof navigator === 'undefined' || !navigator.locks) return false;
  const state = await navigator.locks.query();
  return (state.held ?? []).some((lock) => lock.name === refreshedLockName(expiry));
}

export const browserTokenRefreshDeps: TokenRefreshDeps = {
  now: () => Date.now(),
  readStored: readStoredCredentials,
  withLock: browserLock,
  refresh: async () => (await apiClient.post<Answer<'/customers/token_refresh', 'post'>>('/customers/token_refresh')).data,
  skew: browserSkew,
  markRefreshed: markRefreshedWithLock,
  refreshedElsewhere: refreshedElsewhereByLock,
};

let stop: (() => void) | null = null;

/**
 * Keeps the session alive ahead of expiry (idempotent; startAuth calls it). A 401 from the refresh is
 * the session already lost: the api client's handling runs, nothing more here.
 */
export function startTokenRefresh(deps: TokenRefreshDeps = browserTokenRefreshDeps): () => void {
  if (stop) return stop;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const clear = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const schedule = (credentials: Credentials | null, retryInMs?: number) => {
    clear();
    if (!credentials) return;
    const wait = retryInMs ?? refreshDueAt(credentials.expiry, deps.skew.get()) - deps.now();
    timer = setTimeout(() => void check(), Math.min(Math.max(wait, 0), MAX_TIMER_MS));
  };
  const check = async () => {
    if (!deps.readStored()) return;
    try {
      await refreshIfDue(deps);
      const next = getCredentials();
      // Still due after a refresh (the server's lifespan shorter than the lead): never a tight loop.
      schedule(next, isRefreshDue(next, deps.now(), deps.skew.get()) ? REFRESH_RETRY_MS : undefined);
    } catch (error) {
      if (isApiError(error) && (error.response?.status === 401 || error.response?.status === 403)) return;
      reportError(error, { where: 'token refresh' });
      schedule(getCredentials(), REFRESH_RETRY_MS);
    }
  };
  const onWake = () => {
    if (document.visibilityState === 'visible') void check();
  };
  const unsubscribe = subscribeCredentials((credentials) => schedule(credentials));
  document.addEventListener('visibilitychange', onWake);
  window.addEventListener('focus', onWake);
  window.addEventListener('online', onWake);
  schedule(getCredentials());
  stop = () => {
    clear();
    unsubscribe();
    document.removeEventListener('visibilitychange', onWake);
    window.removeEventListener('focus', onWake);
    window.removeEventListener('online', onWake);
    stop = null;
  };
  return stop;
}
