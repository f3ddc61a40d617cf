// A profile's own details (name, birth date, phone, zone), the profiles of an account, and the small
// per-profile settings (communication flags, the provider chosen in a flow).
import { newProfileProblem, NEW_PROFILE_MESSAGES, type ProfileRelationship } from '@haven/rules';
import { HttpError } from '../core/http.js';
import { isValidTimeZone } from '../core/time.js';
import type { Queryable } from '../db/index.js';
import { dateOnly, normalisePhone, type Phone, type UserRow } from '../identity/index.js';

/** The account's profiles, the primary first. */
export async function profileIdsOf(q: Queryable, accountId: number): Promise<number[]> {
  return (
    await q.query<{ id: number }>(`SELECT id FROM users WHERE id = $1 OR parent_user_id = $1 ORDER BY (parent_user_id IS NOT NULL), id`, [
      accountId,
    ])
  ).map((r) => r.id);
}

export interface ProfileChange {
  first_name?: string;
  last_name?: string;
  gender?: string;
  date_of_birth?: string;
  mobile?: string;
  country_code?: string;
  timezone?: string;
  /** Who a secondary profile is to the account holder; the holder's own profile has none. */
  relationship?: ProfileRelationship;
}

/** What the answer says when a new number waits for its code. */
export const PHONE_CODE_SENT = (e164: string) =>
  `We sent a code to ${e164}. Enter it to confirm your new number; until then your number stays as it was.`;
/** What a sign-up's answer says when the number or e-mail it named (not the one it proved) waits for its code. */
export const SIGN_UP_CODE_SENT = (d: { kind: 'email' | 'phone'; value: string }) =>
  `We sent a code to ${d.value}. Enter it on your account page (Your account) to add this ${d.kind === 'email' ? 'e-mail address' : 'number'}.`;

/**
 * The new number a profile change names for an account holder (a primary profile), or null. It is never
 * saved by the change itself, nor compared with anyone's: a code goes to it (POST /customers/contact_change
 * does the same), and only the code proves it. So the answer is the same whether or not another account
 * holds the number, and nobody learns whose a number is by typing it into their profile.
 */
export function phoneToConfirm(actor: UserRow, b: ProfileChange): Phone | null {
  if (actor.parent_user_id !== null || (b.mobile === undefined && b.country_code === undefined)) return null;
  const phone = normalisePhone(b.country_code ?? actor.country_code, b.mobile ?? actor.mobile ?? '');
  return phone.e164 === actor.phone_e164 ? null : phone;
}

/**
 * Changes the given fields of the profile. An account holder's phone number is not among them (see
 * phoneToConfirm); a secondary profile's number (a relative's, never unique, never a way in) is saved as
 * given, unproven.
 */
export async function updateProfile(q: Queryable, actor: UserRow, b: ProfileChange, now = Date.now()): Promise<void> {
  if (b.date_of_birth && new Date(b.date_of_birth).getTime() > now) throw new HttpError(400, 'body/date_of_birth must be in the past');
  assertProfileStaysConsistent(actor, b, now);
  if (b.timezone !== undefined && !isValidTimeZone(b.timezone))
    throw new HttpError(400, `body/timezone is not a known IANA time zone: ${b.timezone}`);
  const phone =
    actor.parent_user_id !== null && (b.mobile !== undefined || b.country_code !== undefined)
      ? normalisePhone(b.country_code ?? actor.country_code, b.mobile ?? actor.mobile ?? '')
      : null;
  const changed = phone !== null && phone.e164 !== actor.phone_e164;
  await q.query(
    `UPDATE users SET first_name = COALESCE($2, first_name), last_name = COALESCE($3, last_name), gender = COALESCE($4, gender),
      date_of_birth = COALESCE($5::date, date_of_birth), mobile = COALESCE($6, mobile), country_code = COALESCE($7, country_code),
      mobile_verified_at = CASE WHEN $8::boolean THEN NULL ELSE mobile_verified_at END, timezone = COALESCE($9, timezone),
      relationship = COALESCE($10, relationship) WHERE id = $1`,
    [
      actor.id,
      b.first_name ?? null,
      b.last_name ?? null,
      b.gender ?? null,
      b.date_of_birth ?? null,
      phone?.national ?? null,
      phone?.countryCode ?? null,
      changed,
      b.timezone ?? null,
      b.relationship ?? null,
    ],
  );
}

/**
 * A changed birth date or relationship must leave the profile what a new one must be (newProfileProblem): a
 * secondary profile made under 18 is the holder's child or ward, who consents for them; and only a secondary
 * profile says who it is to the holder.
 */
function assertProfileStaysConsistent(actor: UserRow, b: ProfileChange, now: number): void {
  if (b.relationship !== undefined && actor.parent_user_id === null)
    throw new HttpError(400, "body/relationship is a secondary profile's: the account holder's own profile has none", {
      field: 'relationship',
    });
  if (actor.parent_user_id === null || (b.date_of_birth === undefined && b.relationship === undefined)) return;
  const problem = newProfileProblem(
    { relationship: b.relationship ?? actor.relationship, dateOfBirth: b.date_of_birth ?? dateOnly(actor.date_of_birth) },
    new Date(now).toISOString().slice(0, 10),
    false,
  );
  if (problem) throw new HttpError(400, NEW_PROFILE_MESSAGES[problem.problem], { code: problem.problem, field: problem.field });
}

/** Records a doctor's referral on a profile of the account; false when the account has no such profile. */
export async function recordDocReferral(q: Queryable, accountId: number, profileUuid: string): Promise<boolean> {
  const rows = await q.query(
    `UPDATE users SET doc_referral = true WHERE uuid::text = $1 AND (id = $2 OR parent_user_id = $2) RETURNING id`,
    [profileUuid, accountId],
  );
  return rows.length > 0;
}

/** A communication flag of the profile (new-profile modal, tooltip); shown (true) until set. */
export async function communicationFlag(q: Queryable, userId: number, key: string): Promise<boolean> {
  const [r] = await q.query<{ status: boolean }>(`SELECT status FROM user_configs WHERE user_id = $1 AND config_key = $2`, [userId, key]);
  return r ? r.status : true;
}

export async function setCommunicationFlag(q: Queryable, userId: number, key: string, status: boolean): Promise<void> {
  await q.query(
    `INSERT INTO user_configs (user_id, config_key, status) VALUES ($1, $2, $3) ON CONFLICT (user_id, config_key) DO UPDATE SET status = EXCLUDED.status`,
    [userId, key, status],
  );
}

/** Remembers the provider chosen in a flow; false when there is no such provider. */
export async function rememberChosenProvider(q: Queryable, userId: number, providerUuid: string, providerType: string): Promise<boolean> {
  const p = await q.query(`SELECT id FROM providers WHERE uuid::text = $1`, [providerUuid]);
  if (p.length === 0) return false;
  await q.query(`UPDATE users SET temp_flags = temp_flags || $2::jsonb WHERE id = $1`, [
    userId,
    JSON.stringify({ provider_id: providerUuid, provider_type: providerType }),
  ]);
  return true;
}
