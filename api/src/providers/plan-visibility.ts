// Product rules, Plan visibility: app visibility, answered per patient and enforced in booking: the
// organisation's flags and plan code go through the one plan rule of '@haven/rules', as plan facts read from
// the organisation's row.
import type { Queryable } from '../db/index.js';
import { HttpError } from '../core/http.js';
import {
  bookingOptions,
  cityOffered,
  CARE_KIND_OF_ROLE,
  isPlanCode,
  notOfferedMessage,
  providerOffered,
  type BookingOptions,
  type PlanFacts,
  type SessionMode,
} from '@haven/rules';

export const DEFAULT_VISIBILITY = {
  is_therapy_offered: true,
  is_psychiatry_offered: true,
  is_therapy_offered_offline: false,
  is_psychiatry_offered_offline: false,
  is_couple_therapy_offered: true,
  is_couple_therapy_offered_offline: false,
  showaddmember: false,
  showcommunities: true,
  added_member_count: 0,
  max_member_count: 0,
};

interface Holder {
  id: number;
  organisation_id: number | null;
}

/** The organisation's row as far as its plan goes. */
export interface OrganisationPlan {
  visibility: Record<string, unknown> | null;
  max_member_count: number;
  plan_code: string | null;
}

async function organisationPlanOf(q: Queryable, user: Holder): Promise<OrganisationPlan | undefined> {
  if (!user.organisation_id) return undefined;
  return (
    await q.query<OrganisationPlan>(`SELECT visibility, max_member_count, plan_code FROM organisations WHERE id = $1`, [
      user.organisation_id,
    ])
  )[0];
}

/**
 * The plan facts of an organisation (none: a self-paying patient, on no plan). A flag the organisation's
 * visibility leaves out (or sets null) is the default one, as in the visibility answer.
 */
export function planFacts(org: OrganisationPlan | undefined): PlanFacts {
  const flag = (key: keyof typeof DEFAULT_VISIBILITY) => Boolean(org?.visibility?.[key] ?? DEFAULT_VISIBILITY[key]);
  return {
    isOrgPlan: Boolean(org),
    planCode: isPlanCode(org?.plan_code) ? org.plan_code : null,
    isTherapyOffered: flag('is_therapy_offered'),
    isPsychiatryOffered: flag('is_psychiatry_offered'),
    isCoupleTherapyOffered: flag('is_couple_therapy_offered'),
    isTherapyOfferedOffline: flag('is_therapy_offered_offline'),
    isPsychiatryOfferedOffline: flag('is_psychiatry_offered_offline'),
    isCoupleTherapyOfferedOffline: flag('is_couple_therapy_offered_offline'),
  };
}

/** The app visibility answer for the account holder: the organisation's plan over the defaults. */
export async function visibilityOf(q: Queryable, user: Holder) {
  const org = await organisationPlanOf(q, user);
  const [{ n }] = (await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM users WHERE parent_user_id = $1 AND member_kind = 'member'`,
    [user.id],
  )) as [{ n: number }];
  return {
    ...DEFAULT_VISIBILITY,
    ...(org?.visibility ?? {}),
    added_member_count: n,
    max_member_count: org?.max_member_count ?? 0,
    is_org_plan: Boolean(org),
    plan_code: isPlanCode(org?.plan_code) ? org.plan_code : null,
  };
}

export async function bookingOptionsOf(q: Queryable, user: Holder): Promise<BookingOptions> {
  return bookingOptions(planFacts(await organisationPlanOf(q, user)));
}

/** The booking options of a user known by id (a public route's signed-in viewer). */
export async function bookingOptionsOfUser(q: Queryable, userId: number): Promise<BookingOptions> {
  const [user] = await q.query<Holder>(`SELECT id, organisation_id FROM users WHERE id = $1`, [userId]);
  return bookingOptionsOf(q, user ?? { id: userId, organisation_id: null });
}

const refuse = (message: string) => new HttpError(403, message, { code: 'not_in_plan' });

/** 403 `not_in_plan` when the patient's plan does not offer this booking (kind, mode, clinic city). */
export async function assertOffered(
  q: Queryable,
  user: Holder,
  b: { roles: readonly string[]; mode: SessionMode; sessionType?: 'individual' | 'couple'; centreId?: number | null },
) {
  const o = await bookingOptionsOf(q, user);
  if (!providerOffered(o, b.roles, b.mode, b.sessionType ?? 'individual')) {
    const role = b.sessionType === 'couple' ? 'couplestherapist' : (b.roles.find((r) => CARE_KIND_OF_ROLE[r]) ?? 'therapist');
    throw refuse(notOfferedMessage(role, b.mode));
  }
  if (b.mode === 'offline' && b.centreId) {
    const [c] = await q.query<{ code: string; name: string }>(
      `SELECT c.code, c.name FROM clinic_centres cc JOIN clinics c ON c.id = cc.clinic_id WHERE cc.id = $1`,
      [b.centreId],
    );
    if (c && !cityOffered(o, c.code)) throw refuse(`Sessions in a clinic in ${c.name} are not part of your plan.`);
  }
}

/** 403 `not_in_plan` when the plan does not offer this role at all (waitlists, provider switch). */
export async function assertRoleOffered(q: Queryable, user: Holder, roles: readonly string[]) {
  const o = await bookingOptionsOf(q, user);
  if (!providerOffered(o, roles)) throw refuse(notOfferedMessage(roles.find((r) => CARE_KIND_OF_ROLE[r]) ?? 'therapist'));
}
