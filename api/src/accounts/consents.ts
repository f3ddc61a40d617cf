// What a person has agreed to: terms, privacy policy (and its newer version), eighteen-plus, AI use.
// One row per profile, created on first read.
import type { Queryable } from '../db/index.js';

export interface ConsentRow {
  is_tnc_checked: boolean; is_privacy_policy_checked: boolean; is_eighteen_plus_checked: boolean; privacy_policy_consent_status: string;
  ai_consent: boolean | null; is_ai_consent_modal_viewed: boolean; is_ai_consent_chip_viewed: boolean;
}

/** The profile's consents (an empty row is made the first time). */
export async function consentsOf(q: Queryable, userId: number): Promise<ConsentRow> {
  await q.query(`INSERT INTO consents (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING`, [userId]);
  return (await q.query<ConsentRow>(`SELECT * FROM consents WHERE user_id = $1`, [userId]))[0]!;
}

/** The AI consent part of the record, as the api answers it. */
export const aiConsentOf = (c: ConsentRow) => ({ ai_consent: c.ai_consent, is_ai_consent_modal_viewed: c.is_ai_consent_modal_viewed, is_ai_consent_chip_viewed: c.is_ai_consent_chip_viewed });

/** Changes only the AI consent fields given; returns the record after. */
export async function updateAiConsent(q: Queryable, userId: number, b: { ai_consent?: boolean; is_ai_consent_modal_viewed?: boolean; is_ai_consent_chip_viewed?: boolean }) {
  await consentsOf(q, userId);
  await q.query(`UPDATE consents SET ai_consent = COALESCE($2, ai_consent), is_ai_consent_modal_viewed = COALESCE($3, is_ai_consent_modal_viewed),
      is_ai_consent_chip_viewed = COALESCE($4, is_ai_consent_chip_viewed) WHERE user_id = $1`,
  [userId, b.ai_consent ?? null, b.is_ai_consent_modal_viewed ?? null, b.is_ai_consent_chip_viewed ?? null]);
  return consentsOf(q, userId);
}

export async function markTncAndPrivacy(q: Queryable, userId: number): Promise<void> {
  await consentsOf(q, userId);
  await q.query(`UPDATE consents SET is_tnc_checked = true, is_privacy_policy_checked = true WHERE user_id = $1`, [userId]);
}

export async function markEighteenPlus(q: Queryable, userId: number): Promise<void> {
  await consentsOf(q, userId);
  await q.query(`UPDATE consents SET is_eighteen_plus_checked = true WHERE user_id = $1`, [userId]);
}

/** The newer privacy policy accepted, with how and which. */
export async function markPrivacyPolicy(q: Queryable, userId: number, methodType: string, policyType: string): Promise<void> {
  await consentsOf(q, userId);
  await q.query(`UPDATE consents SET privacy_policy_consent_status = 'accepted', privacy_policy_method_type = $2, privacy_policy_type = $3 WHERE user_id = $1`,
    [userId, methodType, policyType]);
}

/** Whether the AI features are on for everyone (the feature flag). */
export async function aiEnabled(q: Queryable): Promise<boolean> {
  const [f] = await q.query<{ enabled: boolean }>(`SELECT enabled FROM feature_flags WHERE name = 'ai_enabled'`);
  return Boolean(f?.enabled);
}
