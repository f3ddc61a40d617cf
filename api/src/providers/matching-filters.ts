// A person's saved matching answers per kind of provider, with the providers matched: all of them, and
// those new since the previous save.
import type { Queryable } from '../db/index.js';

export interface MatchingRecord {
  filter: Record<string, unknown>;
  updated_at: string | null;
  all_matched_providers: string[];
  recently_matched_providers: string[];
}

export async function matchingRecordOf(q: Queryable, userId: number, type: string): Promise<MatchingRecord> {
  const [r] = await q.query<{
    filter: Record<string, unknown>;
    updated_at: Date;
    all_matched_providers: string[];
    recently_matched_providers: string[];
  }>(`SELECT * FROM matching_filters WHERE user_id = $1 AND type = $2`, [userId, type]);
  return r
    ? {
        filter: r.filter,
        updated_at: new Date(r.updated_at).toISOString(),
        all_matched_providers: r.all_matched_providers,
        recently_matched_providers: r.recently_matched_providers,
      }
    : { filter: {}, updated_at: null, all_matched_providers: [], recently_matched_providers: [] };
}

/** Saves the answers and matches; the recently matched are the ones the previous save did not have. */
export async function saveMatchingRecord(
  q: Queryable,
  userId: number,
  type: string,
  filter: Record<string, unknown>,
  allMatches: string[],
  updatedAt: string,
): Promise<MatchingRecord> {
  const [prev] = await q.query<{ all_matched_providers: string[] }>(
    `SELECT all_matched_providers FROM matching_filters WHERE user_id = $1 AND type = $2`,
    [userId, type],
  );
  const recent = allMatches.filter((u) => !(prev?.all_matched_providers ?? []).includes(u));
  await q.query(
    `INSERT INTO matching_filters (user_id, type, filter, all_matched_providers, recently_matched_providers, updated_at) VALUES ($1, $2, $3, $4, $5, $6)
      ON CONFLICT (user_id, type) DO UPDATE SET filter = EXCLUDED.filter, all_matched_providers = EXCLUDED.all_matched_providers,
      recently_matched_providers = EXCLUDED.recently_matched_providers, updated_at = EXCLUDED.updated_at`,
    [userId, type, JSON.stringify(filter), JSON.stringify(allMatches), JSON.stringify(recent), updatedAt],
  );
  return { filter, updated_at: new Date(updatedAt).toISOString(), all_matched_providers: allMatches, recently_matched_providers: recent };
}
