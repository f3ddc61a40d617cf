// A profile's own details (name, birth date, phone, zone), the profiles of an account, and the small
// per-profile settings (communication flags, the provider chosen in a flow).
import { HttpError } from '../core/http.js';
import { isValidTimeZone } from '../core/time.js';
import type { Queryable } from '../db/index.js';
import { findUserByPhone, normalisePhone, type UserRow } from '../identity/index.js';

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
}

/**
 * Changes the given fields of the profile. A new phone number (national number or country code) is a
 * new number: unproven, refused when another account holds it, and refused outright when the profile's
 * number was proven (a proven number is replaced only through a code, POST /customers/contact_change).
 */
export async function updateProfile(q: Queryable, actor: UserRow, b: ProfileChange, now = Date.now()): Promise<void> {
  if (b.date_of_birth && new Date(b.date_of_birth).getTime() > now) throw new HttpError(400, 'body/date_of_birth must be in the past');
  if (b.timezone !== undefined && !isValidTimeZone(b.timezone))
    throw new HttpError(400, `body/timezone is not a known IANA time zone: ${b.timezone}`);
  const phone =
    b.mobile !== undefined || b.country_code !== undefined
      ? normalisePhone(b.country_code ?? actor.country_code, b.mobile ?? actor.mobile ?? '')
      : null;
  const changed = phone !== null && phone.e164 !== actor.phone_e164;
  if (changed && actor.parent_user_id === null) {
    const holder = await findUserByPhone(q, phone);
    if (holder && holder.id !== actor.id) throw new HttpError(422, 'Mobile has already been taken');
    if (actor.mobile_verified_at !== null)
      throw new HttpError(422, 'Confirm the new number with the code we send to it.', { code: 'confirm_by_code' });
  }
  try {
    await q.query(
      `UPDATE users SET first_name = COALESCE($2, first_name), last_name = COALESCE($3, last_name), gender = COALESCE($4, gender),
        date_of_birth = COALESCE($5::date, date_of_birth), mobile = COALESCE($6, mobile), country_code = COALESCE($7, country_code),
        mobile_verified_at = CASE WHEN $8::boolean THEN NULL ELSE mobile_verified_at END, timezone = COALESCE($9, timezone) WHERE id = $1`,
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
      ],
    );
  } catch (e) {
    if ((e as { code?: string }).code === '23505') throw new HttpError(422, 'Mobile has already been taken');
    throw e;
  }
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
