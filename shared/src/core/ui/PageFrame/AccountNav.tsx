import { lazy, Suspense, useEffect, type MouseEvent } from 'react';
import { useHavenStore } from '../../state/store';
import { navigateInApp } from '../../platform/app-navigation';
import { MANY_PEOPLE_KEY, storageGet, storageRemove, storageSet } from '../../platform/storage-keys';
import { loadPeople } from './load-people';
import { Avatar } from '../Avatar/Avatar';
import { personName } from './person-name';
import type { AuthUser, Profile } from '../../state/types';

// The switch and its list are one chunk: most accounts have one person, and the header names the acting
// person from the store without it (the account link stands in until it has loaded). The chunk imports no
// core file the core's first chunk did not already share with it (navigation comes as a prop): a core file
// imported from another chunk leaves the core's one concatenated module and costs every page its wrapper.
const PeopleSwitch = lazy(() => import(/* webpackChunkName: "people-menu" */ './PeopleMenu').then((m) => ({ default: m.PeopleSwitch })));

/** Same-origin links route inside the page (single-spa and react-router follow popstate): no full reload. */
function followInApp(event: MouseEvent<HTMLAnchorElement>) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  navigateInApp(event.currentTarget.href);
}

/**
 * The header's account links: "Log in" (back to this page afterwards) when nobody is signed in, and
 * "My care", the account (the person's avatar) and "Log out" when someone is; while acting for a child or member, the account link
 * shows that person's avatar and name. Nothing while the session is still being checked, so the
 * header never shows the wrong state for a moment; nothing on the sign-in pages themselves.
 */
export function AccountNav({ pathname, search }: { pathname: string; search: string }) {
  const user = useHavenStore((state) => state.auth.user);
  const acting = useHavenStore((state) => state.auth.acting);
  // A switch when there are two or more people: known at first paint while acting for someone (stored
  // beside their token) or when an earlier list said so (stored for this person), else once a page loads
  // the list. Nothing is fetched for the header itself: the list loads when the switch is opened. The
  // switch and the account link are the same box, so the swap moves nothing.
  const who = user ? String(user.uuid ?? user.id) : null;
  const listed = useHavenStore((state) => (state.auth.profiles.length > 0 ? state.auth.profiles.length : null));
  const manyPeople = useHavenStore((state) => state.auth.profiles.length > 1 || state.auth.acting !== null);
  const knownMany = listed === null && who !== null && storageGet(MANY_PEOPLE_KEY) === who;
  const checking = useHavenStore((state) => state.auth.loading);
  useEffect(() => {
    if (!who || listed === null) return;
    if (listed > 1) storageSet(MANY_PEOPLE_KEY, who);
    else storageRemove(MANY_PEOPLE_KEY);
  }, [who, listed]);
  if (pathname.startsWith('/auth')) return null;
  if (!user && checking) return null;
  return (
    <nav className="hv-account-nav" aria-label="Account">
      {user ? (
        <>
          <a href="/dashboard" onClick={followInApp}>
            My care
          </a>
          {manyPeople || knownMany ? (
            <Suspense fallback={<AccountLink user={user} acting={acting} />}>
              <PeopleSwitch user={user} acting={acting} onAccount={() => navigateInApp('/account')} loadPeople={loadPeople} />
            </Suspense>
          ) : (
            <AccountLink user={user} acting={acting} />
          )}
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

function Who({ acting }: { acting: Profile | null }) {
  return acting ? (
    <span className="hv-account-nav__who">
      <span className="hv-visually-hidden">Acting for </span>
      {personName(acting)}
    </span>
  ) : (
    <span className="hv-visually-hidden">Your account</span>
  );
}

/** The account (the acting person's avatar; while acting for a child or member, their name, never the parent's). */
function AccountLink({ user, acting }: { user: AuthUser; acting: Profile | null }) {
  return (
    // data-hv-personal: a picture of the page the build takes signed in (a skeleton) blanks what is in it.
    <a href="/account" onClick={followInApp} className="hv-account-nav__account" data-hv-personal="">
      <Avatar person={acting ?? user} size="sm" decorative />
      <Who acting={acting} />
    </a>
  );
}
