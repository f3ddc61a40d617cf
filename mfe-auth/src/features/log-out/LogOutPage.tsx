import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { logout, PageFrame, Spinner } from '@haven/shared';
import { useRouterNavigate } from '../common/useAfterLogin';

/**
 * /auth/log-out: one address any app can link to for "Log out". Runs the logout (Status
 * Offline, state cleared, DELETE logout, other tabs follow) and lands on the log-in page.
 */
export function LogOutPage() {
  const { pathname } = useLocation();
  const navigate = useRouterNavigate();
  useEffect(() => {
    void logout({ reason: 'user', navigate });
  }, [navigate]);
  return (
    <PageFrame title="Logging you out" app="mfe-auth" pathname={pathname}>
      <Spinner label="Logging you out" />
    </PageFrame>
  );
}
