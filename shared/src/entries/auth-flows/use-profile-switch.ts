// Switching the profile a page acts for, in one place (product rules, Profiles and members): the
// profile list, which profile acts now (kept current on every profile switch, from any app), and the
// switch itself: to a secondary profile with its token, back to the primary by ending that session.
// In `@haven/shared/auth-flows`: the root's things come through '@haven/shared' (see login-methods.ts).
// Not an entry of its own: that would add its share-table lines to every booking and dashboard route,
// more than the hook weighs on log-in, the one route that loads the sign-in flows at first paint.
import { useCallback, useEffect, useState } from 'react';
import { eventBus, reportError, useHavenStore, type Profile } from '@haven/shared';
import { fetchActingProfile, isActingAsSecondaryProfile } from './profile-actions';
import { endProfileSession, loadProfiles, switchProfile } from './profiles';

/** A profile's name as pickers show it. */
export function profileName(p: object): string {
  const { first_name: first, last_name: last } = p as { first_name?: unknown; last_name?: unknown };
  return `${String(first ?? '')} ${String(last ?? '')}`.trim() || 'Unnamed profile';
}

export interface ActingProfile {
  uuid: string;
  name: string;
  /** A secondary profile (a child, a member), not the account's own. */
  secondary: boolean;
}

export interface ProfileSwitch {
  profiles: Profile[];
  primaryUuid: string | null;
  /** The profile the pages act for; null until known. */
  acting: ActingProfile | null;
  busy: boolean;
  /** `failureText` after a switch that failed (reported by the switch), else null. */
  error: string | null;
  /** Switches to `uuid` (the primary's uuid ends the profile session); true when it switched. */
  switchTo: (uuid: string) => Promise<boolean>;
}

export function useProfileSwitch(failureText: string): ProfileSwitch {
  const profiles = useHavenStore((s) => s.auth.profiles);
  const user = useHavenStore((s) => s.auth.user);
  const primaryUuid = user?.uuid ?? null;
  const [acting, setActing] = useState<ActingProfile | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    void loadProfiles();
    let live = true;
    const refresh = () => {
      if (!isActingAsSecondaryProfile()) {
        setActing(primaryUuid ? { uuid: primaryUuid, name: profileName(user ?? {}), secondary: false } : null);
        return;
      }
      fetchActingProfile()
        .then((p) => live && setActing({ uuid: p.uuid, name: profileName(p), secondary: true }))
        .catch((e: unknown) => reportError(e, { where: 'acting profile' }));
    };
    refresh();
    const off = eventBus.on('profile:switch', refresh);
    return () => {
      live = false;
      off();
    };
    // The primary's name is read when the switch happens; the uuid names whose account this is.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [primaryUuid]);

  const switchTo = useCallback(
    async (uuid: string) => {
      setBusy(true);
      setError(null);
      const ok = uuid === primaryUuid ? (await endProfileSession(), true) : await switchProfile(uuid);
      if (!ok) setError(failureText);
      setBusy(false);
      return ok;
    },
    [primaryUuid, failureText],
  );

  return { profiles, primaryUuid, acting, busy, error, switchTo };
}
