// Product rules, Session loss: "On 401, or 403 with is_device_logged_out true": the forced logout the API client runs.
import { clearCredentials } from '../credentials/credential-store';
import { eventBus } from '../events/event-bus';
import { isNativeWebview, requestWebviewClose } from '../platform/native-bridge';
import { isSessionLossRedirectExempt, sessionLossRedirect } from '../rules/session-loss-redirect';
import { resetOnLogout } from '../state/store';
import { PARTNER_VERIFIED_KEY } from '../platform/storage-keys';

export function isSessionLostResponse(status: number | undefined, data: unknown): boolean {
  if (status === 401) return true;
  return status === 403 && typeof data === 'object' && data !== null && (data as Record<string, unknown>).is_device_logged_out === true;
}

export interface SessionLossDeps {
  pathname: () => string;
  navigate: (url: string) => void;
}

export const browserSessionLossDeps: SessionLossDeps = {
  pathname: () => window.location.pathname,
  navigate: (url) => window.location.assign(url),
};

export function handleSessionLost(status: number, deps: SessionLossDeps = browserSessionLossDeps): void {
  clearCredentials();
  // Cleanup first, storage wipe after: the store writes its reset slices back to storage.
  eventBus.emit('session:lost', { status });
  resetOnLogout();
  if (isNativeWebview()) {
    requestWebviewClose();
    return;
  }
  const pathname = deps.pathname();
  if (isSessionLossRedirectExempt(pathname)) return;
  try {
    // Verified partnership users keep their verified flag through any logout (product rules, Sign-in and identity).
    const partnerVerified = window.localStorage.getItem(PARTNER_VERIFIED_KEY);
    window.localStorage.clear();
    if (partnerVerified !== null) window.localStorage.setItem(PARTNER_VERIFIED_KEY, partnerVerified);
  } catch {
    // storage blocked: nothing to clear
  }
  deps.navigate(sessionLossRedirect(pathname));
}
