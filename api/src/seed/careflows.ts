// The care-flows branch's demo additions (called once from seed()): a parent whose account holds a
// child profile, for children-first care (the intake specialist first, then the clinician).
import type { Queryable } from '../db/index.js';
import { hashPassword } from '../identity/index.js';
import { DEMO_PASSWORD } from './demo-accounts.js';

export async function seedCareflows(q: Queryable): Promise<void> {
  const hash = await hashPassword(DEMO_PASSWORD);
  const [parent] = await q.query<{ id: number }>(
    `INSERT INTO users (firebaseid, usertype, email, first_name, last_name, gender, date_of_birth, password_hash, is_verified, is_first_time_haven_user)
     VALUES ('fb-demo-parent', 'patient', 'parent@haven.test', 'Priya', 'Shah', 'female', '1986-02-11', $1, true, false) RETURNING id`,
    [hash],
  );
  const [child] = await q.query<{ id: number }>(
    `INSERT INTO users (firebaseid, usertype, first_name, last_name, gender, date_of_birth, parent_user_id, member_kind, is_verified, is_first_time_haven_user)
     VALUES ('fb-demo-parent-child', 'patient', 'Kiran', 'Shah', 'male', '2016-05-01', $1, 'profile', true, true) RETURNING id`,
    [parent!.id],
  );
  for (const id of [parent!.id, child!.id]) await q.query(`INSERT INTO consents (user_id) VALUES ($1) ON CONFLICT DO NOTHING`, [id]);
}
