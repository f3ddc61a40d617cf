import { useCallback, useEffect, useState } from 'react';
import { type Answer, apiClient, eventBus, reportError, SECONDARY_TOKEN_KEY, storageGet, useHavenStore } from '@haven/shared';

/**
 * Whether the acting profile is a child whose consents its parent has still to give before anything is
 * booked for it (the api refuses such a booking: 409 child_consent_needed). Asked at the flow's entry,
 * before date and time, so nothing is chosen, held or paid first.
 */
export type ChildConsentState =
  { status: 'checking' } | { status: 'clear' } | { status: 'needed'; name: string } | { status: 'failed'; retry: () => void };

export function useChildConsent(): { state: ChildConsentState; given: () => void } {
  const signedIn = useHavenStore((s) => Boolean(s.auth.user));
  // Only a secondary profile can be a child's; the account holder's own booking needs no read.
  const acting = signedIn && Boolean(storageGet(SECONDARY_TOKEN_KEY));
  const [round, setRound] = useState(0);
  const retry = useCallback(() => setRound((n) => n + 1), []);
  // Each answer belongs to the read that asked it (a retry, a switch of person ask again).
  const key = `${acting}:${round}`;
  const [answer, setAnswer] = useState<{ key: string; state: ChildConsentState } | null>(null);
  const [givenFor, setGivenFor] = useState<string | null>(null);

  useEffect(() => {
    if (!acting) return;
    let live = true;
    apiClient
      .get<Answer<'/customers/consent_party', 'get'>>('/customers/consent_party')
      .then(({ data }) => {
        const needed = data.party === 'child' && !data.booking_consents_given;
        if (live) setAnswer({ key, state: needed ? { status: 'needed', name: data.profile_first_name } : { status: 'clear' } });
      })
      .catch((e: unknown) => {
        reportError(e, { where: 'booking child consent' });
        if (live) setAnswer({ key, state: { status: 'failed', retry } });
      });
    return () => {
      live = false;
    };
  }, [acting, key, retry]);

  // A switch to another person asks again (the page remounts too; this keeps the hook honest on its own).
  useEffect(() => eventBus.on('profile:switch', retry), [retry]);

  const state: ChildConsentState =
    !acting || givenFor === key ? { status: 'clear' } : answer?.key === key ? answer.state : { status: 'checking' };
  return { state, given: useCallback(() => setGivenFor(key), [key]) };
}
