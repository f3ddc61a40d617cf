// Children-first care (product rules, Providers and fees: provider roles): a profile booked by its parent sees the
// intake specialist (cf-intake-specialist) first, then the clinician (cf-clinician).
import type { Queryable } from '../db/index.js';
import { unprocessable } from '../core/http.js';

export const CF_INTAKE_ROLE = 'cf-intake-specialist';
export const CF_CLINICIAN_ROLE = 'cf-clinician';
export const INTAKE_FIRST_MESSAGE = 'Children-first care starts with the intake specialist: please book the intake session first.';

/** Refuses a clinician booking for a profile that has no intake session booked or held. */
export async function assertIntakeFirst(
  q: Queryable,
  actor: { id: number; parent_user_id: number | null },
  providerRoles: string[],
): Promise<void> {
  if (actor.parent_user_id === null || !providerRoles.includes(CF_CLINICIAN_ROLE)) return;
  const [intake] = await q.query(
    `SELECT 1 FROM bookings b JOIN providers p ON p.id = b.provider_id
      WHERE b.user_id = $1 AND b.status IN ('confirmed', 'completed') AND p.roles @> jsonb_build_array($2::text) LIMIT 1`,
    [actor.id, CF_INTAKE_ROLE],
  );
  if (!intake) throw unprocessable(INTAKE_FIRST_MESSAGE, { code: 'intake_first' });
}

export const CF_ACTIVATION_MESSAGE =
  'This profile is not activated for children-first care yet: the parent or guardian activates it under Profiles in the account.';

/** Refuses a children-first booking (either role) for a profile its parent or guardian has not activated. */
export async function assertActivatedForChildrenFirst(
  q: Queryable,
  actor: { id: number; parent_user_id: number | null },
  providerRoles: string[],
): Promise<void> {
  if (actor.parent_user_id === null || !providerRoles.some((r) => r === CF_INTAKE_ROLE || r === CF_CLINICIAN_ROLE)) return;
  const [active] = await q.query(`SELECT 1 FROM cf_activations WHERE user_id = $1`, [actor.id]);
  if (!active) throw unprocessable(CF_ACTIVATION_MESSAGE, { code: 'cf_activation_required' });
}
