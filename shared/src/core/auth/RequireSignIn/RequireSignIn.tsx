import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { LOG_IN_PATH } from '../code-login';
import { getCredentials } from '../../credentials/credential-store';
import { reportError } from '../../reporting/report-error';
import { useHavenStore } from '../../state/store';
import { Spinner } from '../../ui/Spinner/Spinner';

/** The log-in address that brings the visitor back here afterwards (DESIGN.md "Signed out"). */
export function logInWithReturn(pathname: string, search: string): string {
  return `${LOG_IN_PATH}?redirectPath=${encodeURIComponent(`${pathname}${search}`)}`;
}

/**
 * A page for signed-in users: a signed-out visitor goes to log-in with redirectPath back to the page
 * they asked for (replacing the history entry, so Back does not loop). `preload` (the page's lazy import)
 * starts while a stored session is being confirmed, so the page's code and the api's answer arrive
 * together instead of one after the other (LCP of the signed-in pages).
 */
export function RequireSignIn({ children, preload }: { children: ReactNode; preload?: () => Promise<unknown> }) {
  const loading = useHavenStore((s) => s.auth.loading);
  const user = useHavenStore((s) => s.auth.user);
  const { pathname, search } = useLocation();
  const signedOut = !loading && !user;
  const mayBeSignedIn = user !== null || (loading && getCredentials() !== null);

  useEffect(() => {
    if (!preload || !mayBeSignedIn) return;
    // The page's own lazy render meets the same failure and shows the error screen; this reports where it began.
    preload().catch((error: unknown) => reportError(error, { where: 'RequireSignIn preload' }));
  }, [preload, mayBeSignedIn]);

  useEffect(() => {
    if (!signedOut) return;
    window.history.replaceState(null, '', logInWithReturn(pathname, search));
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, [signedOut, pathname, search]);

  if (user) return <>{children}</>;
  return <Spinner label={signedOut ? 'Taking you to log in' : 'Loading your account'} />;
}
