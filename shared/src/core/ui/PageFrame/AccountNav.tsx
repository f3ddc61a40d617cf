import type { MouseEvent } from 'react';
import { useHavenStore } from '../../state/store';
import { navigateInApp } from '../../platform/app-navigation';
import { Avatar } from '../Avatar/Avatar';

/** Same-origin links route inside the page (single-spa and react-router follow popstate): no full reload. */
function followInApp(event: MouseEvent<HTMLAnchorElement>) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  navigateInApp(event.currentTarget.href);
}

/**
 * The header's account links: "Log in" (back to this page afterwards) when nobody is signed in, and
 * "My care", the account (the person's avatar) and "Log out" when someone is. Nothing while the session is still being checked, so the
 * header never shows the wrong state for a moment; nothing on the sign-in pages themselves.
 */
export function AccountNav({ pathname, search }: { pathname: string; search: string }) {
  const user = useHavenStore((state) => state.auth.user);
  const checking = useHavenStore((state) => state.auth.loading);
  if (pathname.startsWith('/auth')) return null;
  if (!user && checking) return null;
  return (
    <nav className="hv-account-nav" aria-label="Account">
      {user ? (
        <>
          <a href="/dashboard" onClick={followInApp}>
            My care
          </a>
          {/* data-hv-personal: a picture of the page the build takes signed in (a skeleton) blanks what is in it. */}
          <a href="/account" onClick={followInApp} className="hv-account-nav__account" data-hv-personal="">
            <Avatar person={user} size="sm" decorative />
            <span className="hv-visually-hidden">Your account</span>
          </a>
          <a href="/auth/log-out" onClick={followInApp}>
            Log out
          </a>
        </>
      ) : (
        <a href={`/auth/log-in/?redirectPath=${encodeURIComponent(pathname + search)}`} onClick={followInApp}>
          Log in
        </a>
      )}
    </nav>
  );
}
