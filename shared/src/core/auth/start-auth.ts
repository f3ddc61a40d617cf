// The one call a page makes (the shell, or a remote standing alone): the on-load sequence (product rules, Sign-in and identity),
// the code-based login, and the cross-tab logout watch. Idempotent: every caller gets the same run.
import { havenStore } from '../state/store';
import type { Navigate } from '../platform/app-navigation';
import { bootstrapAuth, type BootstrapResult } from './bootstrap';
import { handleCodeLogin, planCodeLogin } from './code-login';
import { watchCrossTabLogout } from './cross-tab-logout';
import { logout } from './logout';
import { noteSignedOut } from '../api/session-loss';
import { captureHandoffToken, completeHandoff, takeHandoffToken } from './partner-handoff';
import { watchSessionOnFocus } from './session-focus-check';
import { startTokenRefresh } from './token-refresh';

let running: Promise<BootstrapResult> | null = null;
let stopWatching: (() => void) | null = null;
let stopFocusCheck: (() => void) | null = null;
let stopRefresh: (() => void) | null = null;

export function startAuth({ navigate }: { navigate?: Navigate } = {}): Promise<BootstrapResult> {
  stopWatching ??= watchCrossTabLogout({
    onLogout: (reason) => {
      // This tab's own logout also flips loginstatus: act only while someone is logged in here.
      if (!havenStore.getState().auth.user) return;
      noteSignedOut('elsewhere');
      void logout({ reason: `cross-tab:${reason}`, skipServer: true, ...(navigate ? { navigate } : {}) });
    },
  });
  // A session ended on another origin (company subdomain <-> main site) is noticed on focus.
  stopFocusCheck ??= watchSessionOnFocus();
  // A quiet tab refreshes its credentials ahead of expiry.
  stopRefresh ??= startTokenRefresh();
  captureHandoffToken();
  running ??= (async () => {
    const handoff = takeHandoffToken();
    if (handoff) {
      // Product rules, Sign-in and identity: "if jwt is present, loading ends": no stored session is validated; the hand-off decides.
      await completeHandoff(handoff, navigate);
      return { step: 'jwt' as const };
    }
    if (planCodeLogin(window.location.search).kind !== 'none') {
      await handleCodeLogin(window.location, navigate);
      return { step: 'none' as const };
    }
    return bootstrapAuth(window.location);
  })();
  return running;
}

/** Test hook. */
export function stopAuthForTests(): void {
  stopWatching?.();
  stopWatching = null;
  stopFocusCheck?.();
  stopFocusCheck = null;
  stopRefresh?.();
  stopRefresh = null;
  running = null;
}
