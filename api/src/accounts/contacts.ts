// A profile's emergency contact and (under 18) its parent contact, the number kept in E.164.
import type { Queryable } from '../db/index.js';
import type { Phone } from '../identity/index.js';

export const PARENT_CONTACT_ADULT_MESSAGE = 'A parent contact is kept only for a profile under 18.';

export interface ContactRow {
  uuid: string;
  kind: string;
  name: string;
  relation: string;
  phone_e164: string;
  country_code: string;
  national: string;
  updated_at: Date;
}
export const contactJson = (c: ContactRow) => ({
  uuid: c.uuid,
  kind: c.kind,
  name: c.name,
  relation: c.relation,
  mobile: c.national,
  country_code: c.country_code,
  phone_e164: c.phone_e164,
  updated_at: new Date(c.updated_at).toISOString(),
});

export async function contactsOf(q: Queryable, userId: number): Promise<ContactRow[]> {
  return q.query<ContactRow>(`SELECT * FROM profile_contacts WHERE user_id = $1 ORDER BY kind`, [userId]);
}

/** Saves the profile's contact of this kind (replacing the one it had). */
export async function saveContact(
  q: Queryable,
  userId: number,
  kind: string,
  c: { name: string; relation: string; phone: Phone },
): Promise<ContactRow> {
  const [row] = await q.query<ContactRow>(
    `INSERT INTO profile_contacts (user_id, kind, name, relation, phone_e164, country_code, national) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (user_id, kind) DO UPDATE SET name = EXCLUDED.name, relation = EXCLUDED.relation, phone_e164 = EXCLUDED.phone_e164,
         country_code = EXCLUDED.country_code, national = EXCLUDED.national, updated_at = now() RETURNING *`,
    [userId, kind, c.name, c.relation, c.phone.e164, c.phone.countryCode, c.phone.national],
  );
  return row!;
}

/** Removes one of the profile's contacts; false when it has no such contact. */
export async function removeContact(q: Queryable, userId: number, uuid: string): Promise<boolean> {
  const gone = await q.query(`DELETE FROM profile_contacts WHERE uuid::text = $1 AND user_id = $2 RETURNING id`, [uuid, userId]);
  return gone.length > 0;
}
