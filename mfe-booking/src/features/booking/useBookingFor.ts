import { useEffect, useState } from 'react';
import { type Answer, apiClient, eventBus, reportError, SECONDARY_TOKEN_KEY, storageGet, useHavenStore, type ApiUser } from '@haven/shared';

// Read here, not from '@haven/shared/auth-flows': that entry carries every sign-in flow, which the booking route does not load.
const actingAsSecondary = () => Boolean(storageGet(SECONDARY_TOKEN_KEY));
const nameOf = (p: ApiUser) => {
  const { first_name: first, last_name: last } = p as { first_name?: unknown; last_name?: unknown };
  return `${String(first ?? '')} ${String(last ?? '')}`.trim() || 'this profile';
};

/**
 * Whom a booking is for: 'you' for the account's own profile, the profile's name while the page acts
 * as a child's (or a member's) profile, since the api books for the acting profile. Null until known,
 * and when signed out.
 */
export function useBookingFor(): string | null {
  const signedIn = useHavenStore((s) => Boolean(s.auth.user));
  // A secondary profile's name, read from the api; 'you' needs no read.
  const [profile, setProfile] = useState<string | null>(null);
  const [secondary, setSecondary] = useState(actingAsSecondary);
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    const refresh = () => {
      const now = actingAsSecondary();
      setSecondary(now);
      if (!now) return;
      apiClient
        .get<Answer<'/customers/profile_info', 'get'>>('/customers/profile_info')
        .then(({ data }) => live && setProfile(nameOf(data.data)))
        .catch((e: unknown) => reportError(e, { where: 'booking for' }));
    };
    if (actingAsSecondary()) refresh();
    const off = eventBus.on('profile:switch', refresh);
    return () => {
      live = false;
      off();
    };
  }, [signedIn]);
  if (!signedIn) return null;
  return secondary ? profile : 'you';
}
