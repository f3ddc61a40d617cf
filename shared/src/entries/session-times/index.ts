// `@haven/shared/session-times`: the core's time entry, a Module Federation singleton of its own:
// an instant shown in the patient's zone (the zone itself, slot labels, the session-start label), with
// Intl's time-zone database and a formatter kept per zone. Only files without state of the root's
// (see ../booking-rules/index.ts).
export { sessionStartLabel } from './session-start-label';
export { slotLabel, isValidTimeZone, zoneName, zonePlace, type SlotLabel } from '@haven/rules';
export { patientZone, type PatientZone, type PatientZoneLocation } from '@haven/rules';
export { usePatientZone, type PatientZoneState } from './use-patient-zone';
