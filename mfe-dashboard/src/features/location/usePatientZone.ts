import { useEffect, useState } from 'react';
import { useHavenStore } from '@haven/shared';
import { browserTimeZone, loadUserLocation } from './load-location';

export interface PatientZone {
  zone: string;
  /** The part of display_timezone after ' - ' (spec §3), e.g. 'IST'. */
  abbreviation: string | null;
  isForeign: boolean;
  /** The location call of this mount has answered (or failed): the zone note will not appear later. */
  settled: boolean;
}

/** Refreshes the location once per mount (the browser may have moved zones since it was stored). */
export function usePatientZone(): PatientZone {
  const location = useHavenStore((s) => s.userLocationDetails.location);
  const isForeign = useHavenStore((s) => s.userLocationDetails.isUserInForeignTimezone);
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let live = true;
    // loadUserLocation reports its own failure and never rejects.
    void loadUserLocation().then(() => live && setSettled(true));
    return () => {
      live = false;
    };
  }, []);
  return { zone: location?.timezone ?? browserTimeZone(), abbreviation: location?.timezone_abbreviation ?? null, isForeign, settled };
}
