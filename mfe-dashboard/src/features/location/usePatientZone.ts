import { useEffect } from 'react';
import { useHavenStore } from '@haven/shared';
import { browserTimeZone, loadUserLocation } from './load-location';

export interface PatientZone {
  zone: string;
  /** The part of display_timezone after ' - ' (spec §3), e.g. 'IST'. */
  abbreviation: string | null;
  isForeign: boolean;
}

/** Refreshes the location once per mount (the browser may have moved zones since it was stored). */
export function usePatientZone(): PatientZone {
  const location = useHavenStore((s) => s.userLocationDetails.location);
  const isForeign = useHavenStore((s) => s.userLocationDetails.isUserInForeignTimezone);
  useEffect(() => {
    void loadUserLocation();
  }, []);
  return { zone: location?.timezone ?? browserTimeZone(), abbreviation: location?.timezone_abbreviation ?? null, isForeign };
}
