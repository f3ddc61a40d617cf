import { useEffect, useState } from 'react';
import { ensureLocation, useHavenStore } from '@haven/shared';
import { browserTimeZone } from './load-location';

export interface PatientZone {
  zone: string;
  /** The part of display_timezone after ' - ' (spec §3), e.g. 'IST'. */
  abbreviation: string | null;
  isForeign: boolean;
  /** The location call of this mount has answered (or failed): the zone note will not appear later. */
  settled: boolean;
}

/**
 * The location, refreshed on mount when the spec §4 rules ask (stale, all null, or the browser's zone
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
