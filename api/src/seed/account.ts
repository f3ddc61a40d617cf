// The account branch's demo additions (called once from seed()): the demo patient has an avatar in the
// avatar folder of the asset host (api/assets/avatars off production); everyone else shows initials.
import type { Queryable } from '../db/index.js';

export const DEMO_AVATAR_FILE = 'priya-sharma.png';

export async function seedAccount(q: Queryable): Promise<void> {
  await q.query(`UPDATE users SET avatar_file = $1 WHERE email = 'patient@haven.test'`, [DEMO_AVATAR_FILE]);
}
