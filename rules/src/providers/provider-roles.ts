/**
 * Provider roles as patients read them, and "Provider roles cf-intake-specialist and cf-clinician
 * set a flag that the user is a clinician-facing user".
 */
export const CLINICIAN_FACING_ROLES = ['cf-intake-specialist', 'cf-clinician'];

const ROLE_LABELS: Record<string, string> = {
  therapist: 'Therapist',
  psychiatrist: 'Psychiatrist',
  couplestherapist: 'Couples therapist',
  coach: 'Coach',
  childenfirstindia: 'Children-first care',
  'care-coordinator': 'Care coordinator',
  'cf-intake-specialist': 'Intake specialist',
  'cf-clinician': 'Clinician',
};

export function isClinicianFacingProvider(roles: readonly string[] | null | undefined): boolean {
  return (roles ?? []).some((r) => CLINICIAN_FACING_ROLES.includes(r));
}

/** Readable role names, in the provider's order, without repeats. */
export function roleLabels(roles: readonly string[] | null | undefined): string[] {
  return [...new Set((roles ?? []).map((r) => ROLE_LABELS[r] ?? r))];
}
