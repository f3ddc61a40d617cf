// Product rules, Plan visibility: appVisibility in booking: the patient's booking options (the plan rule of
// '@haven/rules') for every remote that offers a booking. The visibility answer is asked once per signed-in
// account and page; until it arrives `ready` is false, so a page never offers, even for a moment, what the plan excludes.
import { useEffect, useMemo, useState } from 'react';
import { ALL_BOOKING_OPTIONS, bookingOptions, type BookingOptions } from '@haven/rules';
import { loadAppVisibility, useHavenStore } from '@haven/shared';

const asked = new Map<string, Promise<void>>();

export function useBookingOptions(): { options: BookingOptions; ready: boolean } {
  const account = useHavenStore((s) => (s.auth.user ? String(s.auth.user.id) : null));
  const checking = useHavenStore((s) => s.auth.loading);
  const visibility = useHavenStore((s) => s.appConfig.appVisibility);
  const [answeredFor, setAnsweredFor] = useState<string | null>(null);
  useEffect(() => {
    if (!account) return;
    let live = true;
    if (!asked.has(account)) asked.set(account, loadAppVisibility());
    void asked.get(account)!.then(() => {
      if (live) setAnsweredFor(account);
    });
    return () => {
      live = false;
    };
  }, [account]);
  const options = useMemo(() => (account ? bookingOptions(visibility) : ALL_BOOKING_OPTIONS), [account, visibility]);
  return { options, ready: account ? answeredFor === account : !checking };
}
