// The plan-visibility branch's demo additions (called once from seed()): an organisation whose plan has
// no psychiatry, with therapy and couples therapy online and therapy in clinic under plan 2b2 (clinics in
// Bengaluru and Mumbai, not Delhi), and an employee on it whose care team predates the plan.
import type { Queryable } from '../db/index.js';
import { hashPassword, randomToken } from '../identity/index.js';
import { DEMO_PASSWORD } from './demo-accounts.js';

export const PLANVIS_ORGANISATION = { uuid: '9c4d5e6f-7a8b-4c9d-8e0f-d4e5f6a7b8c9', name: 'Lumen Works', plan_code: '2b2' } as const;
export const PLANVIS_EMPLOYEE = 'employee@lumen.test';

export async function seedPlanvis(q: Queryable): Promise<void> {
  const visibility = {
    is_psychiatry_offered: false,
    is_psychiatry_offered_offline: false,
    is_therapy_offered_offline: true,
    showaddmember: false,
  };
  const [org] = await q.query<{ id: number }>(
    `INSERT INTO organisations (uuid, name, short_code, partner_secret, totp_secret, visibility, plan_code) VALUES ($1, $2, NULL, $3, $4, $5, $6) RETURNING id`,
    [
      PLANVIS_ORGANISATION.uuid,
      PLANVIS_ORGANISATION.name,
      randomToken(32),
      randomToken(20),
      JSON.stringify(visibility),
      PLANVIS_ORGANISATION.plan_code,
    ],
  );
  const [user] = await q.query<{ id: number }>(
    `INSERT INTO users (firebaseid, usertype, email, first_name, last_name, gender, password_hash, organisation_id, is_verified, is_first_time_haven_user, email_verified_at)
     VALUES ('fb-demo-lumen', 'employee', $1, 'Meghna', 'Rao', 'female', $2, $3, true, false, now()) RETURNING id`,
    [PLANVIS_EMPLOYEE, await hashPassword(DEMO_PASSWORD), org!.id],
  );
  await q.query(
    `INSERT INTO consents (user_id, is_tnc_checked, is_privacy_policy_checked, is_eighteen_plus_checked, privacy_policy_consent_status, is_ai_consent_modal_viewed, is_ai_consent_chip_viewed)
    VALUES ($1, true, true, true, 'accepted', true, true)`,
    [user!.id],
  );
  // Before the plan: a psychiatrist and a therapist on the care team, one completed session each, so the
  // care team and completed sessions show a psychiatrist the plan no longer books.
  const provider = async (first: string) =>
    (await q.query<{ id: number }>(`SELECT id FROM providers WHERE firstname = $1`, [first]))[0]!.id;
  for (const [first, type, daysAgo] of [
    ['Vikram', 'psychiatrist', 30],
    ['Ananya', 'therapist', 20],
  ] as const) {
    const id = await provider(first);
    const start = Date.now() - daysAgo * 86_400_000;
    await q.query(
      `INSERT INTO bookings (user_id, provider_id, start_time, end_time, mode, session_type, status, fee, currency) VALUES ($1, $2, $3, $4, 'online', 'individual', 'completed', 0, 'INR')`,
      [user!.id, id, new Date(start).toISOString(), new Date(start + 50 * 60_000).toISOString()],
    );
    await q.query(`INSERT INTO user_providers (user_id, provider_id, provider_type) VALUES ($1, $2, $3)`, [user!.id, id, type]);
  }
}
