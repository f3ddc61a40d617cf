// Product rules, Sign-in and identity: logout also runs when another tab changes `loginstatus` from 'true' to 'false', or when a
// `logoutUser` flag is stored. The `storage` event covers other tabs at once; a short poll covers
// what no event announces — a native app writing `logoutUser` into this webview's own storage — so
// the logout takes effect within 1 s either way.

import { LOGIN_STATUS_KEY, LOGOUT_USER_KEY } from '../platform/storage-keys';

export { LOGIN_STATUS_KEY, LOGOUT_USER_KEY };
export const CROSS_TAB_POLL_MS = 500;

export type CrossTabLogoutReason = 'loginstatus' | 'logoutUser';

export interface CrossTabWatchOptions {
  onLogout(reason: CrossTabLogoutReason): void;
  win?: Pick<Window, 'addEventListener' | 'removeEventListener' | 'localStorage' | 'setInterval' | 'clearInterval'>;
  pollMs?: number;
}

function read(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

/** Starts watching; returns the stop function. */
export function watchCrossTabLogout({ onLogout, win = window, pollMs = CROSS_TAB_POLL_MS }: CrossTabWatchOptions): () => void {
  let lastStatus = read(win.localStorage, LOGIN_STATUS_KEY);

  const consumeLogoutFlag = (): boolean => {
    if (read(win.localStorage, LOGOUT_USER_KEY) === null) return false;
    try {
      win.localStorage.removeItem(LOGOUT_USER_KEY); // handled once, not on every tick
    } catch {
      // storage blocked: nothing else to do
    }
    return true;
  };

  const onStatus = (previous: string | null, next: string | null) => {
    lastStatus = next;
    if (previous === 'true' && next === 'false') onLogout('loginstatus');
  };

  const onStorage = (event: StorageEvent) => {
    if (event.key === LOGIN_STATUS_KEY) onStatus(event.oldValue ?? lastStatus, event.newValue);
    else if (event.key === LOGOUT_USER_KEY && event.newValue !== null && consumeLogoutFlag()) onLogout('logoutUser');
  };

  const tick = () => {
    if (consumeLogoutFlag()) {
      onLogout('logoutUser');
      return;
    }
    const status = read(win.localStorage, LOGIN_STATUS_KEY);
    if (status !== lastStatus) onStatus(lastStatus, status);
  };

  win.addEventListener('storage', onStorage);
  const timer = win.setInterval(tick, pollMs);
  return () => {
    win.removeEventListener('storage', onStorage);
    win.clearInterval(timer);
  };
}
