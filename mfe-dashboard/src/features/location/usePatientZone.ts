import { useEffect, useState } from 'react';
import { browserTimeZone, ensureLocation, useHavenStore } from '@haven/shared';

export interface PatientZone {
  zone: string;
  /** The part of display_timezone after ' - ' (product rules, Booking and time zones), e.g. 'IST'. */
  abbreviation: string | null;
  isForeign: boolean;
  /** The location call of this mount has answered (or failed): the zone note will not appear later. */
  settled: boolean;
}

// The patient's zone for session times comes from the user location (product rules, Booking and time zones) ("GET user location,
// param system_timezone"), loaded by the shared location refresh (ensureLocation): one request for the
// page and the refresh on load. Until it answers (or if it fails) the device's zone is used.

/**
 * The location, refreshed on mount when the rules ask (stale, all null, or the browser's zone
 * no longer the stored one's), sharing the request of the location refresh on load.
 */
export function usePatientZone(): PatientZone {
  const location = useHavenStore((s) => s.userLocationDetails.location);
  const isForeign = useHavenStore((s) => s.userLocationDetails.isUserInForeignTimezone);
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let live = true;
    // The refresh reports its own failure and never rejects.
    void ensureLocation().then(() => live && setSettled(true));
    return () => {
      live = false;
    };
  }, []);
  return { zone: location?.timezone ?? browserTimeZone(), abbreviation: location?.timezone_abbreviation ?? null, isForeign, settled };
}
