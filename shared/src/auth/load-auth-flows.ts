// The root's own sign-ins (a code login, a partner hand-off) load the `@haven/shared/auth-flows` entry when
// they run. If it cannot be loaded, the page must not wait forever on "Loading your account".
import { reportError } from '../reporting/report-error';
import { havenStore } from '../state/store';
import { toast } from '../ui/ToastHost/ToastHost';

export const SIGN_IN_UNAVAILABLE = "We couldn't sign you in: no connection to Haven. Check your internet connection and try again.";

type AuthFlows = typeof import('@haven/shared/auth-flows');

/** The sign-in entry; null when it could not be loaded (reported, loading ended, the visitor told why). */
export async function loadAuthFlows(
  where: string,
  load: () => Promise<AuthFlows> = () => import('@haven/shared/auth-flows'),
): Promise<AuthFlows | null> {
  try {
    return await load();
  } catch (error) {
    reportError(error, { where, step: 'load the sign-in entry' });
    havenStore.getState().auth.update({ loading: false, error: SIGN_IN_UNAVAILABLE });
    toast.error(SIGN_IN_UNAVAILABLE);
    return null;
  }
}
