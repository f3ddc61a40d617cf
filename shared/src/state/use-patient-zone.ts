// The patient's zone for session times (rules/patient-zone.ts) from the stored user location: the one
// hook every remote reads, so a session is labelled in the same zone on every page.
import { useEffect, useMemo, useState } from 'react';
import { browserTimeZone, ensureLocation, useHavenStore } from '@haven/shared';
import { isValidTimeZone } from '@haven/shared/session-times';
import { patientZone, type PatientZone } from '../rules/patient-zone';

export interface PatientZoneState extends PatientZone {
  /** The location refresh of this mount has answered (or failed): the zone will not change by itself. */
  settled: boolean;
}

/**
 * The zone, refreshing the location on mount when the location rules ask (sharing the request of the
 * refresh on load). Until a location is known the browser's zone stands in.
 */
export function usePatientZone(): PatientZoneState {
  const location = useHavenStore((s) => s.userLocationDetails.location);
  const flagged = useHavenStore((s) => s.userLocationDetails.isUserInForeignTimezone);
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let live = true;
    // The refresh reports its own failure and never rejects.
    void ensureLocation().then(() => live && setSettled(true));
    return () => {
      live = false;
    };
  }, []);
  const zone = useMemo(() => patientZone({ location, isUserInForeignTimezone: flagged }, browserTimeZone(''), isValidTimeZone), [location, flagged]);
  return { ...zone, settled };
}
