// The patient's pricing (rules/payments/patient-price.ts) from the stored user location: one decision
// every page that shows money reads, and the zone the booking and coupon calls send with it.
import { useMemo } from 'react';
import { patientPricing, type PatientPricing } from '@haven/rules';
import { useHavenStore } from '@haven/shared';

export function usePatientPricing(): PatientPricing {
  const location = useHavenStore((s) => s.userLocationDetails.location);
  const flagged = useHavenStore((s) => s.userLocationDetails.isUserInForeignTimezone);
  return useMemo(() => patientPricing({ location, isUserInForeignTimezone: flagged }), [location, flagged]);
}
