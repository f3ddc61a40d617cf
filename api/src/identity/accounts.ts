// The one module that normalises and looks up people: phones as E.164 (libphonenumber-js), e-mails
// lower-cased. Routes call these; none writes its own "find the user" query (STYLE.md). It knows no
// sessions or tokens: sessions.ts and sign-in.ts build on it.
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { Queryable } from '../db/index.js';
import { recordReferral } from '../growth/index.js';
import { unprocessable, type Ctx } from '../core/http.js';
import { AVATAR_FOLDER, type ProfileRelationship } from '@haven/rules';

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
  /** Who a secondary profile is for, from the account holder's side (null: not said, or the holder). */
  relationship: ProfileRelationship | null;
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

export interface Phone {
  countryCode: string;
  national: string;
  e164: string;
}

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

export async function findUser(
  q: Queryable,
  where: 'id' | 'email' | 'uuid' | 'crn' | 'firebaseid',
  value: unknown,
): Promise<UserRow | undefined> {
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
  email?: string | null;
  phone?: Phone | null;
  firstName?: string;
  lastName?: string;
  passwordHash?: string | null;
  usertype?: string;
  organisationId?: number | null;
  emailProven?: boolean;
  mobileProven?: boolean;
  /** The referral link's code the visit came through: the new account counts once for its owner. */
  referralCode?: string;
}
/**
 * Creates an account (and its consents row): the one INSERT for every sign-up path. A referral is
 * recorded here and only here, so every way in that creates an account counts, and signing in to an
 * existing account never does.
 */
export async function createUser(q: Queryable, n: NewUser, randomId: string): Promise<UserRow> {
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO users (firebaseid, usertype, email, mobile, country_code, first_name, last_name, password_hash, organisation_id, is_verified,
                        email_verified_at, mobile_verified_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, CASE WHEN $11::boolean THEN now() END, CASE WHEN $12::boolean THEN now() END) RETURNING id`,
    [
      randomId,
      n.usertype ?? 'patient',
      n.email ? normaliseEmail(n.email) : null,
      n.phone?.national ?? null,
      n.phone?.countryCode ?? DEFAULT_COUNTRY_CODE,
      n.firstName ?? '',
      n.lastName ?? '',
      n.passwordHash ?? null,
      n.organisationId ?? null,
      Boolean(n.emailProven || n.mobileProven),
      Boolean(n.emailProven),
      Boolean(n.mobileProven),
    ],
  );
  await q.query(`INSERT INTO consents (user_id) VALUES ($1)`, [row!.id]);
  await recordReferral(q, n.referralCode?.toUpperCase(), row!.id);
  return (await findUser(q, 'id', row!.id))!;
}

/** The uid a person's devices are labelled with (devise_token_auth): the e-mail, or the uuid without one. */
export function uidOf(u: { email: string | null; uuid: string }): string {
  return u.email ?? u.uuid;
}

export const dateOnly = (d: string | Date | null) =>
  d == null ? null : d instanceof Date ? d.toISOString().slice(0, 10) : String(d).slice(0, 10);

/** The user as answered; `fbToken` is their realtime sign-in (tokens.ts realtimeToken), asked for by the caller. */
export function serializeUser(ctx: Ctx, u: UserRow, fbToken: string) {
  return {
    id: u.id,
    uuid: u.uuid,
    uid: uidOf(u),
    provider: 'email',
    firebaseid: u.firebaseid,
    fb_token: fbToken,
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
    relationship: u.relationship,
    timezone: u.timezone,
    avatar_url: u.avatar_file && ctx.assetHost ? `${ctx.assetHost}${AVATAR_FOLDER}${u.avatar_file}` : null,
  };
}
