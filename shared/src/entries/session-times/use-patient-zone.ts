// The patient's zone for session times (the patient-zone rule of @haven/rules) from the stored user
// location: the one hook every remote reads, so a session is labelled in the same zone on every page.
// In `@haven/shared/session-times`, beside the labels it picks the zone for: every page that shows a
// session's time loads that entry already.
import { useEffect, useMemo, useState } from 'react';
import { browserTimeZone, ensureLocation, useHavenStore } from '@haven/shared';
import { patientZone, type PatientZone } from '@haven/rules';

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
  const zone = useMemo(() => patientZone({ location, isUserInForeignTimezone: flagged }, browserTimeZone('')), [location, flagged]);
  return { ...zone, settled };
}
