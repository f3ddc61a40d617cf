// A session can end on another origin (the company subdomain and the main site keep separate storage,
// so no storage event or BroadcastChannel reaches across; docs/partner-handoff.md). When the page
// gains focus or becomes visible, a signed-in page asks the api once whether its session still
// stands; a linked logout answers 403 is_device_logged_out and the api client's session-loss
// handling logs this page out. Page loads are covered by the on-load validation (product rules, Sign-in and identity).
import { isApiError } from '../api/api-error';
import { getCredentials } from '../credentials/credential-store';
import { reportError } from '../reporting/report-error';
import { isSessionLostResponse } from '../api/session-loss';
import { havenStore } from '../state/store';
import { validateToken } from './api/credentials-calls';
import { httpStatusOf } from '../api/error-message';
import { currentDeviceInfo } from '../growth/current-device-info';

/** Focus events closer together than this share one check (focus and visibilitychange come in pairs). */
export const FOCUS_CHECK_GAP_MS = 1000;

export interface FocusCheckOptions {
  win?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  doc?: Pick<Document, 'visibilityState'>;
  check?: () => Promise<unknown>;
  now?: () => number;
}

/** Starts watching; returns the stop function. */
export function watchSessionOnFocus({
  win = window,
  doc = document,
  check = () => validateToken(currentDeviceInfo()),
  now = Date.now,
}: FocusCheckOptions = {}): () => void {
  let inFlight = false;
  let last = -Infinity;
  const run = () => {
    if (inFlight || now() - last < FOCUS_CHECK_GAP_MS) return;
    if (!havenStore.getState().auth.user || !getCredentials()) return;
    inFlight = true;
    last = now();
    check()
      .catch((error: unknown) => {
        // A lost session was handled by the api client (product rules, Session loss); anything else is worth a report.
        const data: unknown = isApiError(error) ? error.response?.data : undefined;
        if (!isSessionLostResponse(httpStatusOf(error), data)) reportError(error, { where: 'session focus check' });
      })
      .finally(() => {
        inFlight = false;
      });
  };
  const onVisibility = () => {
    if (doc.visibilityState === 'visible') run();
  };
  win.addEventListener('focus', run);
  win.addEventListener('visibilitychange', onVisibility);
  return () => {
    win.removeEventListener('focus', run);
    win.removeEventListener('visibilitychange', onVisibility);
  };
}
