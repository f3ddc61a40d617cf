import type { Queryable } from '../db/index.js';
import type { Ctx } from './http.js';
import { mintCustomToken } from '../auth/firebase.js';
import { uidOf } from '../auth/credentials.js';

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
}

const SELECT_USER = `SELECT u.*, o.name AS organisation_name, o.uuid::text AS organisation_uuid, o.is_cf_partner
  FROM users u LEFT JOIN organisations o ON o.id = u.organisation_id`;

export async function findUser(q: Queryable, where: 'id' | 'email' | 'uuid' | 'crn' | 'firebaseid', value: unknown): Promise<UserRow | undefined> {
  const col = where === 'uuid' ? 'u.uuid::text' : `u.${where}`;
  const rows = await q.query<UserRow>(`${SELECT_USER} WHERE ${col} = $1`, [where === 'email' ? String(value).toLowerCase() : value]);
  return rows[0];
}
export async function findUserByMobile(q: Queryable, mobile: string): Promise<UserRow | undefined> {
  return (await q.query<UserRow>(`${SELECT_USER} WHERE u.mobile = $1 AND u.parent_user_id IS NULL`, [mobile]))[0];
}

const dateOnly = (d: string | Date | null) => (d == null ? null : d instanceof Date ? d.toISOString().slice(0, 10) : String(d).slice(0, 10));

export async function serializeUser(ctx: Ctx, u: UserRow) {
  return {
    id: u.id,
    uuid: u.uuid,
    uid: uidOf(u),
    provider: 'email',
    firebaseid: u.firebaseid,
    fb_token: await mintCustomToken(ctx.firebaseSecret, ctx.firebaseProjectId, { uid: u.firebaseid, claims: { haven_user_id: String(u.id), haven_uuid: u.uuid } }),
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
  };
}
