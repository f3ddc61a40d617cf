// Provider switch: which provider a patient is tagged to per provider type, and switching one type to
// another provider with a reason (the new provider replaces the old one in "my providers").
import { unprocessable } from '../core/http.js';
import type { Queryable } from '../db/index.js';
import { earliestFor } from './schedule.js';
import { providerSummary, type ProviderRow } from './serialize.js';

/** Provider types a patient can switch (the roles a patient is tagged to). */
export const SWITCHABLE_TYPES = ['therapist', 'psychiatrist', 'couplestherapist', 'coach', 'childenfirstindia'] as const;

/** The provider the user is tagged to, per switchable provider type. */
export async function taggingOf(q: Queryable, userId: number) {
  const rows = await q.query<ProviderRow & { provider_type: string }>(
    `SELECT p.*, up.provider_type FROM user_providers up JOIN providers p ON p.id = up.provider_id
     WHERE up.user_id = $1 AND up.provider_type = ANY($2::text[]) ORDER BY up.provider_type, p.id`,
    [userId, [...SWITCHABLE_TYPES]],
  );
  const earliest = await earliestFor(q, rows);
  return rows.map((r) => ({ provider_type: r.provider_type, provider: providerSummary(r, earliest.get(r.id) ?? null) }));
}

/** Tags the user to `p` for `type`, recording the switch and its reason; 422 when already with them. Call it inside a transaction. */
export async function switchProvider(q: Queryable, userId: number, type: string, p: ProviderRow, reason: string | null): Promise<void> {
  const [from] = await q.query<{ provider_id: number }>(
    `SELECT provider_id FROM user_providers WHERE user_id = $1 AND provider_type = $2 ORDER BY provider_id LIMIT 1`,
    [userId, type],
  );
  if (from?.provider_id === p.id) throw unprocessable('You are already with this provider');
  await q.query(`DELETE FROM user_providers WHERE user_id = $1 AND (provider_type = $2 OR provider_id = $3)`, [userId, type, p.id]);
  await q.query(`INSERT INTO user_providers (user_id, provider_id, provider_type) VALUES ($1, $2, $3)`, [userId, p.id, type]);
  await q.query(
    `INSERT INTO provider_switches (user_id, provider_type, from_provider_id, to_provider_id, switch_reason) VALUES ($1, $2, $3, $4, $5)`,
    [userId, type, from?.provider_id ?? null, p.id, reason],
  );
}
