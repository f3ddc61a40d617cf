import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { afterLoginRedirect, getRuntimeConfig, goToCompanySite, havenStore, textOwner, type AuthUser } from '@haven/shared';
import { takeReturnPath } from '@haven/shared/auth-flows';

/**
 * Where a user goes once logged in (product rules, Routes and redirects; the redirectPath query is untrusted and checked by
 * afterLoginRedirect). After a session loss, the page it ended on (storedPageData), once. A
 * partner's own subdomain is a full page load with a hand-off; anything else a route change.
 */
export function useAfterLogin(options: { redirectPath?: string | null } = {}): (user: Pick<AuthUser, 'usertype'>) => void {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // A flow that left the site and came back (employer SSO) carries its redirectPath itself.
  const redirectPath = options.redirectPath !== undefined ? options.redirectPath : params.get('redirectPath');
  return useCallback(
    (user) => {
      const target = afterLoginRedirect({
        user,
        redirectPath: takeReturnPath(textOwner(havenStore.getState().auth.user), redirectPath) ?? redirectPath,
        partnerMeta: havenStore.getState().auth.partnerMetaInfo,
        isCrnidAutoLogin: params.has('CRNID'),
        config: getRuntimeConfig(),
        currentHost: window.location.host,
      });
      // The company subdomain has its own storage: the user arrives signed in through a hand-off.
      if (target.kind === 'external') void goToCompanySite(target.url);
      else navigate(target.path, { replace: true });
    },
    [navigate, params, redirectPath],
  );
}

/** The router's navigate as the shared flows' Navigate (logout after a refused clinician). */
export function useRouterNavigate(): (url: string) => void {
  const navigate = useNavigate();
  return useCallback((url: string) => navigate(url), [navigate]);
}
