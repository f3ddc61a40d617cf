// What a person has agreed to: terms, privacy policy (and its newer version), eighteen-plus, AI use.
// One row per profile, created on first read.
import { consentParty, type ConsentParty } from '@haven/rules';
import type { Queryable } from '../db/index.js';
import { HttpError } from '../core/http.js';
import { dateOnly, type UserRow } from '../identity/index.js';

export interface ConsentRow {
  is_tnc_checked: boolean;
  is_privacy_policy_checked: boolean;
  is_eighteen_plus_checked: boolean;
  privacy_policy_consent_status: string;
  ai_consent: boolean | null;
  is_ai_consent_modal_viewed: boolean;
  is_ai_consent_chip_viewed: boolean;
  given_by_user_id: number | null;
  guardian_consent_at: Date | null;
}

/** Who gives the acting profile's consents (the one rule of '@haven/rules'), on the api's clock. */
export function consentPartyOf(actor: Pick<UserRow, 'parent_user_id' | 'date_of_birth'>, now: number): ConsentParty {
  return consentParty(
    { isSecondaryProfile: actor.parent_user_id !== null, dateOfBirth: dateOnly(actor.date_of_birth) },
    new Date(now).toISOString().slice(0, 10),
  );
}

const partyProblem = (m: string) => new HttpError(409, m, { code: 'consent_party' });

/** The profile's consents (an empty row is made the first time). */
export async function consentsOf(q: Queryable, userId: number): Promise<ConsentRow> {
  await q.query(`INSERT INTO consents (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING`, [userId]);
  return (await q.query<ConsentRow>(`SELECT * FROM consents WHERE user_id = $1`, [userId]))[0]!;
}

/** The AI consent part of the record, as the api answers it. */
export const aiConsentOf = (c: ConsentRow) => ({
  ai_consent: c.ai_consent,
  is_ai_consent_modal_viewed: c.is_ai_consent_modal_viewed,
  is_ai_consent_chip_viewed: c.is_ai_consent_chip_viewed,
});

/** Changes only the AI consent fields given; returns the record after. */
export async function updateAiConsent(
  q: Queryable,
  userId: number,
  b: { ai_consent?: boolean; is_ai_consent_modal_viewed?: boolean; is_ai_consent_chip_viewed?: boolean },
) {
  await consentsOf(q, userId);
  await q.query(
    `UPDATE consents SET ai_consent = COALESCE($2, ai_consent), is_ai_consent_modal_viewed = COALESCE($3, is_ai_consent_modal_viewed),
      is_ai_consent_chip_viewed = COALESCE($4, is_ai_consent_chip_viewed) WHERE user_id = $1`,
    [userId, b.ai_consent ?? null, b.is_ai_consent_modal_viewed ?? null, b.is_ai_consent_chip_viewed ?? null],
  );
  return consentsOf(q, userId);
}

/** Terms and privacy accepted for `userId`, by the signed-in `givenBy` (the parent, for a child's profile). */
export async function markTncAndPrivacy(q: Queryable, userId: number, givenBy: number): Promise<void> {
  await consentsOf(q, userId);
  await q.query(`UPDATE consents SET is_tnc_checked = true, is_privacy_policy_checked = true, given_by_user_id = $2 WHERE user_id = $1`, [
    userId,
    givenBy,
  ]);
}

/** "18 or older", said by an adult for themselves; a child's profile never carries it (409). */
export async function markEighteenPlus(q: Queryable, userId: number, party: ConsentParty): Promise<void> {
  if (party === 'child') throw partyProblem('This profile is of someone under 18: their parent or guardian consents for them instead.');
  await consentsOf(q, userId);
  await q.query(`UPDATE consents SET is_eighteen_plus_checked = true WHERE user_id = $1`, [userId]);
}

/** The parent's or guardian's consent for a child's profile (409 for anyone else's profile). */
export async function markGuardianConsent(q: Queryable, childId: number, party: ConsentParty, guardianId: number): Promise<void> {
  if (party !== 'child') throw partyProblem("Only a profile of someone under 18 takes a parent's or guardian's consent.");
  await consentsOf(q, childId);
  await q.query(
    `UPDATE consents SET guardian_consent_at = COALESCE(guardian_consent_at, now()), given_by_user_id = $2 WHERE user_id = $1`,
    [childId, guardianId],
  );
}

/** A child's consents a booking needs: terms and privacy accepted for them, and the parent's own consent. */
export const childConsentsGiven = (c: ConsentRow): boolean =>
  c.guardian_consent_at !== null && c.is_tnc_checked && c.is_privacy_policy_checked;

/**
 * A child's profile is booked for (and so paid for) only once its parent or guardian has given its consents:
 * terms and privacy, and their own consent for the child. 409 `child_consent_needed` until then.
 */
export async function assertChildConsented(
  q: Queryable,
  actor: Pick<UserRow, 'id' | 'parent_user_id' | 'date_of_birth'>,
  now: number,
): Promise<void> {
  if (consentPartyOf(actor, now) !== 'child') return;
  if (childConsentsGiven(await consentsOf(q, actor.id))) return;
  throw new HttpError(
    409,
    'Before booking for this child, their parent or guardian needs to accept the terms and privacy policy for them.',
    {
      code: 'child_consent_needed',
    },
  );
}

/**
 * The privacy policy in force, as the new-policy prompt shows it: its version, the day it took effect,
 * where to read it in full and what changed. The legal team's copy goes here (and on the policy page).
 */
export const CURRENT_PRIVACY_POLICY = {
  version: '2026-11-23',
  effective_date: '2026-11-23',
  url: '/privacy-policy',
  what_changed:
    'We now say plainly which health information we hold, that only you and the providers you book see it, and how long we keep it after you close your account.',
} as const;

/** The newer privacy policy accepted, with how and which. */
export async function markPrivacyPolicy(q: Queryable, userId: number, methodType: string, policyType: string): Promise<void> {
  await consentsOf(q, userId);
  await q.query(
    `UPDATE consents SET privacy_policy_consent_status = 'accepted', privacy_policy_method_type = $2, privacy_policy_type = $3 WHERE user_id = $1`,
    [userId, methodType, policyType],
  );
}

/** Whether the AI features are on for everyone (the feature flag). */
export async function aiEnabled(q: Queryable): Promise<boolean> {
  const [f] = await q.query<{ enabled: boolean }>(`SELECT enabled FROM feature_flags WHERE name = 'ai_enabled'`);
  return Boolean(f?.enabled);
}
