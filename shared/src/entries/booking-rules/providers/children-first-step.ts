/**
 * Children-first care (product rules, Users and roles: provider flows, roles cf-intake-specialist and cf-clinician): the intake
 * specialist first, then the clinician. A profile is at the clinician step once an intake session is
 * confirmed or done; a pending (unpaid) one does not count yet. The api enforces the same order.
 */
export const CF_INTAKE_ROLE = 'cf-intake-specialist';
export const CF_CLINICIAN_ROLE = 'cf-clinician';

export type ChildrenFirstStep = 'intake' | 'clinician';

interface SessionLike {
  status: string;
  provider: { roles: readonly string[] };
}

export function childrenFirstStep(sessions: readonly SessionLike[]): ChildrenFirstStep {
  const intakeDone = sessions.some((s) => ['confirmed', 'completed'].includes(s.status) && s.provider.roles.includes(CF_INTAKE_ROLE));
  return intakeDone ? 'clinician' : 'intake';
}
