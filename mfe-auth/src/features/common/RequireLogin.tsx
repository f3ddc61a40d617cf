import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Spinner, useHavenStore } from '@haven/shared';

/** Steps that need a signed-in user: a spinner while the session is checked, else a way to log in. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const user = useHavenStore((s) => s.auth.user);
  const loading = useHavenStore((s) => s.auth.loading);
  const { pathname, search } = useLocation();
  if (user) return <>{children}</>;
  if (loading) return <Spinner label="Checking your session" />;
  const back = encodeURIComponent(`${pathname}${search}`);
  return (
    <p>
      Please <Link to={`/auth/log-in/?redirectPath=${back}`}>log in</Link> to continue.
    </p>
  );
}
