// Children-first activation: a child's profile is activated for children-first care by the parent or
// guardian who holds the account, with their consent, before it can book a children-first session.
import type { Queryable } from '../db/index.js';
import { HttpError, notFound } from '../core/http.js';
import { findUser, type UserRow } from '../identity/index.js';
import { consentPartyOf, markGuardianConsent } from './consents.js';

export interface CfActivation {
  profile_uuid: string;
  activated: boolean;
  activated_at: string | null;
}

/** One of the account holder's profiles; 404 for anyone else's (the same answer as no such profile). */
export async function ownProfile(q: Queryable, holderId: number, uuid: string): Promise<UserRow> {
  const p = await findUser(q, 'uuid', uuid);
  if (!p || p.parent_user_id !== holderId) throw notFound(`No profile ${uuid}`);
  return p;
}

export async function cfActivationOf(q: Queryable, profile: Pick<UserRow, 'id' | 'uuid'>): Promise<CfActivation> {
  const [a] = await q.query<{ activated_at: Date }>(`SELECT activated_at FROM cf_activations WHERE user_id = $1`, [profile.id]);
  return { profile_uuid: profile.uuid, activated: !!a, activated_at: a ? new Date(a.activated_at).toISOString() : null };
}

/**
 * The holder activates their child's profile: their guardian consent is recorded with it (one
 * transaction). A repeat keeps the first activation; an adult's profile is refused (409), since
 * children-first care is for children.
 */
export async function activateChildrenFirst(q: Queryable, profile: UserRow, holderId: number, now: number): Promise<CfActivation> {
  const party = consentPartyOf(profile, now);
  if (party !== 'child') {
    throw new HttpError(409, 'Children-first care is for children: this profile is of someone 18 or older, or has no date of birth.', {
      code: 'not_a_child_profile',
    });
  }
  await markGuardianConsent(q, profile.id, party, holderId);
  await q.query(`INSERT INTO cf_activations (user_id, activated_by) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING`, [
    profile.id,
    holderId,
  ]);
  return cfActivationOf(q, profile);
}
