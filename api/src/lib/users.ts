// The one module that normalises and looks up people: phones as E.164 (libphonenumber-js), e-mails
// lower-cased. Routes call these; none writes its own "find the user" query (STYLE.md).
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { Queryable } from '../db/index.js';
import { unprocessable, type Ctx } from './http.js';
import { customTokenFor } from '../auth/firebase-service-account.js';
import { revokeAll, uidOf } from '../auth/credentials.js';
import { deliver } from './outbox.js';
import { AVATAR_FOLDER } from '../../../shared/src/rules/account/avatar.js';

export const CLINICIAN_USERTYPES = ['clinician', 'cf_clinician'] as const;

export interface UserRow {
  id: number;
  uuid: string;
  firebaseid: string;
  usertype: string;
  email: string | null;
  mobile: string | null;
  country_code: string;
  first_name: string;
  last_name: string;
  gender: string | null;
  date_of_birth: string | Date | null;
  password_hash: string | null;
  organisation_id: number | null;
  parent_user_id: number | null;
  is_verified: boolean;
  is_first_time_haven_user: boolean;
  crn: string | null;
  doc_referral: boolean;
  temp_flags: Record<string, unknown>;
  organisation_name: string | null;
  organisation_uuid: string | null;
  is_cf_partner: boolean | null;
  phone_e164: string | null;
  email_verified_at: string | Date | null;
  mobile_verified_at: string | Date | null;
  firebase_tokens_valid_after_ms: number | string;
  timezone: string | null;
  pin_hash: string | null;
  pin_updated_at: string | Date | null;
  avatar_file: string | null;
}

export interface Phone { countryCode: string; national: string; e164: string }

export const DEFAULT_COUNTRY_CODE = '91';

/**
 * The full number a person means: the national number read in the country of `countryCode` (spaces,
 * dashes, brackets, a trunk 0, or a leading +CC that names its own country are understood). 422 when
 * it cannot be a phone number.
 */
export function normalisePhone(countryCode: string | undefined, mobile: string): Phone {
  const cc = (countryCode ?? DEFAULT_COUNTRY_CODE).replace(/\D/g, '');
  const parsed = parsePhoneNumberFromString(mobile, { defaultCallingCode: cc });
  if (!parsed?.isPossible()) throw unprocessable(`+${cc} ${mobile} is not a phone number`);
  return { countryCode: parsed.countryCallingCode, national: parsed.nationalNumber, e164: parsed.number };
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** Where a one-time code goes: the E.164 number, or the lower-cased e-mail. */
export type Destination = { kind: 'email'; value: string } | { kind: 'phone'; value: string; phone: Phone };

const SELECT_USER = `SELECT u.*, o.name AS organisation_name, o.uuid::text AS organisation_uuid, o.is_cf_partner
  FROM users u LEFT JOIN organisations o ON o.id = u.organisation_id`;

export async function findUser(q: Queryable, where: 'id' | 'email' | 'uuid' | 'crn' | 'firebaseid', value: unknown): Promise<UserRow | undefined> {
  const col = where === 'uuid' ? 'u.uuid::text' : `u.${where}`;
  const rows = await q.query<UserRow>(`${SELECT_USER} WHERE ${col} = $1`, [where === 'email' ? normaliseEmail(String(value)) : value]);
  return rows[0];
}
/** The account (never a secondary profile) holding this full number. */
export async function findUserByPhone(q: Queryable, phone: Phone): Promise<UserRow | undefined> {
  return (await q.query<UserRow>(`${SELECT_USER} WHERE u.phone_e164 = $1 AND u.parent_user_id IS NULL`, [phone.e164]))[0];
}
export async function findUserByDestination(q: Queryable, d: Destination): Promise<UserRow | undefined> {
  return d.kind === 'email' ? findUser(q, 'email', d.value) : findUserByPhone(q, d.phone);
}
/** The kli customer with this CRN in this organisation; another organisation's CRN is no match. */
export async function findUserByCrn(q: Queryable, crn: string, organisationId: number): Promise<UserRow | undefined> {
  return (await q.query<UserRow>(`${SELECT_USER} WHERE u.crn = $1 AND u.organisation_id = $2`, [crn, organisationId]))[0];
}

export interface NewUser {
  email?: string | null; phone?: Phone | null; firstName?: string; lastName?: string; passwordHash?: string | null;
  usertype?: string; organisationId?: number | null; emailProven?: boolean; mobileProven?: boolean;
}
/** Creates an account (and its consents row): the one INSERT for every sign-up path. */
export async function createUser(q: Queryable, n: NewUser, randomId: string): Promise<UserRow> {
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO users (firebaseid, usertype, email, mobile, country_code, first_name, last_name, password_hash, organisation_id, is_verified,
                        email_verified_at, mobile_verified_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, CASE WHEN $11::boolean THEN now() END, CASE WHEN $12::boolean THEN now() END) RETURNING id`,
    [randomId, n.usertype ?? 'patient', n.email ? normaliseEmail(n.email) : null, n.phone?.national ?? null, n.phone?.countryCode ?? DEFAULT_COUNTRY_CODE,
      n.firstName ?? '', n.lastName ?? '', n.passwordHash ?? null, n.organisationId ?? null, Boolean(n.emailProven || n.mobileProven),
      Boolean(n.emailProven), Boolean(n.mobileProven)],
  );
  await q.query(`INSERT INTO consents (user_id) VALUES ($1)`, [row!.id]);
  return (await findUser(q, 'id', row!.id))!;
}

/** Every device signs out (403 is_device_logged_out) and the realtime database's refresh tokens stop working. */
export async function endSessionsEverywhere(q: Queryable, userId: number, reason: string): Promise<void> {
  await revokeAll(q, userId, reason);
  await revokeRealtimeTokens(q, userId);
}

/** The realtime database refuses every refresh token and fb_token of the user issued before now. */
export async function revokeRealtimeTokens(q: Queryable, userId: number): Promise<void> {
  await q.query(`UPDATE users SET firebase_tokens_valid_after_ms = $2 WHERE id = $1`, [userId, Date.now()]);
}

const isProven = (u: UserRow, kind: Destination['kind']) => (kind === 'email' ? u.email_verified_at : u.mobile_verified_at) !== null;

/**
 * Someone just proved `d` (a code, Google) and `user` holds it. The account to sign in to, or
 * undefined when it is not theirs:
 * - `d` already proven on the account: that account.
 * - the account's other channel is proven, this one is not: the unproven claim on `d` is removed from
 *   that account (someone else's), and the prover has no account yet.
 * - nothing on the account is proven (a squatted sign-up): the prover owns it now; a password set by
 *   whoever never proved `d` is cleared, its sessions end, and the owner is told at `d`.
 */
export async function proveDestination(q: Queryable, user: UserRow, d: Destination): Promise<UserRow | undefined> {
  if (isProven(user, d.kind)) return user;
  const other: Destination['kind'] = d.kind === 'email' ? 'phone' : 'email';
  if (isProven(user, other)) {
    await q.query(d.kind === 'email' ? `UPDATE users SET email = NULL WHERE id = $1` : `UPDATE users SET mobile = NULL WHERE id = $1`, [user.id]);
    await revokeAll(q, user.id, 'identifier_removed');
    return undefined;
  }
  await q.query(
    `UPDATE users SET ${d.kind === 'email' ? 'email_verified_at' : 'mobile_verified_at'} = now(), is_verified = true, password_hash = NULL WHERE id = $1`, [user.id]);
  if (user.password_hash !== null) {
    await endSessionsEverywhere(q, user.id, 'unproven_password_cleared');
    await deliver(q, {
      channel: d.kind === 'email' ? 'email' : 'sms', to: d.value, subject: 'Your Haven account: password removed',
      // True for a squatter's account and for an owner who never confirmed: the password was set unconfirmed.
      body: `The password of the Haven account for ${d.value} had been set before ${d.kind === 'email' ? 'this address' : 'this number'} was confirmed. `
        + 'We removed that password and signed out every device. If that was not you, nothing of yours is lost; set a new password with "Forgot password" whenever you like.',
    });
  }
  return (await findUser(q, 'id', user.id))!;
}

export const dateOnly = (d: string | Date | null) => (d == null ? null : d instanceof Date ? d.toISOString().slice(0, 10) : String(d).slice(0, 10));

export async function serializeUser(ctx: Ctx, u: UserRow) {
  return {
    id: u.id,
    uuid: u.uuid,
    uid: uidOf(u),
    provider: 'email',
    firebaseid: u.firebaseid,
    fb_token: await customTokenFor(ctx, { uid: u.firebaseid, claims: { haven_user_id: String(u.id), haven_uuid: u.uuid } }),
    usertype: u.usertype,
    email: u.email,
    mobile: u.mobile,
    country_code: u.country_code,
    first_name: u.first_name,
    last_name: u.last_name,
    name: `${u.first_name} ${u.last_name}`.trim(),
    gender: u.gender,
    date_of_birth: dateOnly(u.date_of_birth),
    organisation_id: u.organisation_id,
    organisation_name: u.organisation_name,
    organisation_uuid: u.organisation_uuid,
    is_verified: u.is_verified,
    is_first_time_haven_user: u.is_first_time_haven_user,
    is_cf_user: Boolean(u.is_cf_partner),
    is_secondary_profile: u.parent_user_id !== null,
    timezone: u.timezone,
    avatar_url: u.avatar_file && ctx.assetHost ? `${ctx.assetHost}${AVATAR_FOLDER}${u.avatar_file}` : null,
  };
}
