// Matching: the providers that fit a patient's answers, ranked with their declines and feedback; decline
// and track (a declined provider is never suggested to that patient again until the decline is
// withdrawn); matching feedback (providers marked a good or poor fit). match-rank.ts holds the ranking rule.
import { notFound } from '../core/http.js';
import type { Queryable } from '../db/index.js';
import { rankMatches, type DeclineReason } from './match-rank.js';
import type { ProviderRow } from './serialize.js';

export type Fit = 'good' | 'poor';
export interface MatchFilters {
  role: string;
  concern?: string;
  language?: string;
  mode?: 'online' | 'offline';
}

const iso = (d: Date | string) => new Date(d).toISOString();

/** The SQL condition and parameters picking the providers that fit the answers (case-insensitive concern and language). */
export function matchCondition(f: MatchFilters): { where: string; params: unknown[] } {
  const where = ['NOT is_support_provider', 'roles @> jsonb_build_array($1::text)'];
  const params: unknown[] = [f.role];
  if (f.concern) {
    params.push(f.concern.toLowerCase());
    where.push(`concerns @> jsonb_build_array($${params.length}::text)`);
  }
  if (f.language) {
    params.push(f.language.toLowerCase());
    where.push(`languages @> jsonb_build_array($${params.length}::text)`);
  }
  if (f.mode) where.push(f.mode === 'online' ? 'online_offering IS NOT NULL' : 'offline_offering IS NOT NULL');
  return { where: where.join(' AND '), params };
}

/** The providers that fit the answers, ranked with the user's declines (left out) and fits. */
export async function rankedMatches(q: Queryable, userId: number, f: MatchFilters): Promise<ProviderRow[]> {
  const { where, params } = matchCondition(f);
  const candidates = await q.query<ProviderRow>(`SELECT * FROM providers WHERE ${where} ORDER BY price_tier, id`, params);
  const declines = await q.query<ProviderRow & { reason: DeclineReason }>(
    `SELECT p.*, d.reason FROM provider_declines d JOIN providers p ON p.id = d.provider_id WHERE d.user_id = $1`,
    [userId],
  );
  const fits = await q.query<{ provider_id: number; fit: Fit }>(`SELECT provider_id, fit FROM matching_provider_fits WHERE user_id = $1`, [
    userId,
  ]);
  return rankMatches(candidates, {
    declines: declines.map((d) => ({ provider: d, reason: d.reason })),
    fits: new Map(fits.map((x) => [x.provider_id, x.fit])),
  });
}

type DeclineRow = {
  uuid: string;
  reason: DeclineReason;
  comment: string | null;
  created_at: Date;
  p_uuid: string;
  firstname: string;
  lastname: string;
};
const DECLINE_SELECT = `SELECT d.uuid::text, d.reason, d.comment, d.created_at, p.uuid::text AS p_uuid, p.firstname, p.lastname
  FROM provider_declines d JOIN providers p ON p.id = d.provider_id`;
const decline = (r: DeclineRow) => ({
  uuid: r.uuid,
  reason: r.reason,
  comment: r.comment,
  created_at: iso(r.created_at),
  provider: { uuid: r.p_uuid, firstname: r.firstname, lastname: r.lastname },
});

/** Declines a provider for the user (or updates the reason of an earlier decline); inserted says which. */
export async function declineProvider(q: Queryable, userId: number, providerId: number, reason: DeclineReason, comment: string | null) {
  const [row] = await q.query<{ uuid: string; inserted: boolean }>(
    `INSERT INTO provider_declines (user_id, provider_id, reason, comment) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id, provider_id) DO UPDATE SET reason = EXCLUDED.reason, comment = EXCLUDED.comment
     RETURNING uuid::text, (xmax = 0) AS inserted`,
    [userId, providerId, reason, comment],
  );
  const [d] = await q.query<DeclineRow>(`${DECLINE_SELECT} WHERE d.uuid::text = $1`, [row!.uuid]);
  return { inserted: row!.inserted, decline: decline(d!) };
}

/** The providers the user declined, newest first. */
export async function declinesOf(q: Queryable, userId: number) {
  return (await q.query<DeclineRow>(`${DECLINE_SELECT} WHERE d.user_id = $1 ORDER BY d.created_at DESC, d.id DESC`, [userId])).map(decline);
}

/** Withdraws the user's own decline; false when there is no such decline of theirs. */
export async function withdrawDecline(q: Queryable, userId: number, uuid: string): Promise<boolean> {
  return (await q.query(`DELETE FROM provider_declines WHERE uuid::text = $1 AND user_id = $2 RETURNING id`, [uuid, userId])).length > 0;
}

/** The ids of the providers named by uuid (those that exist). */
export async function providerIdsByUuid(q: Queryable, uuids: string[]): Promise<{ id: number; uuid: string }[]> {
  return q.query<{ id: number; uuid: string }>(`SELECT id, uuid::text FROM providers WHERE uuid::text = ANY($1::text[])`, [uuids]);
}

export interface FeedbackInput {
  providerType: string;
  rating: number;
  comment: string | null;
  providers: { id: number; fit: Fit }[];
}

/** Records matching feedback and the fits it names (the next matches use them), in one transaction; returns its uuid. */
export async function recordMatchingFeedback(q: Queryable, userId: number, input: FeedbackInput): Promise<string> {
  const [f] = await q.query<{ id: number; uuid: string }>(
    `INSERT INTO matching_feedback (user_id, provider_type, rating, comment) VALUES ($1, $2, $3, $4) RETURNING id, uuid::text`,
    [userId, input.providerType, input.rating, input.comment],
  );
  for (const p of input.providers) {
    await q.query(`INSERT INTO matching_feedback_providers (feedback_id, provider_id, fit) VALUES ($1, $2, $3)`, [f!.id, p.id, p.fit]);
    await q.query(
      `INSERT INTO matching_provider_fits (user_id, provider_id, fit) VALUES ($1, $2, $3)
      ON CONFLICT (user_id, provider_id) DO UPDATE SET fit = EXCLUDED.fit, updated_at = now()`,
      [userId, p.id, p.fit],
    );
  }
  return f!.uuid;
}

/** One matching feedback of the user's, or 404 (anyone else's too). */
export async function matchingFeedback(q: Queryable, uuid: string, userId: number) {
  const [f] = await q.query<{
    id: number;
    uuid: string;
    provider_type: string;
    rating: number;
    comment: string | null;
    created_at: Date;
    providers: Array<{ uuid: string; firstname: string; lastname: string; fit: Fit }> | null;
  }>(
    `SELECT f.id, f.uuid::text, f.provider_type, f.rating, f.comment, f.created_at,
       (SELECT jsonb_agg(jsonb_build_object('uuid', p.uuid::text, 'firstname', p.firstname, 'lastname', p.lastname, 'fit', x.fit) ORDER BY p.id)
          FROM matching_feedback_providers x JOIN providers p ON p.id = x.provider_id WHERE x.feedback_id = f.id) AS providers
     FROM matching_feedback f WHERE f.uuid::text = $1 AND f.user_id = $2`,
    [uuid, userId],
  );
  if (!f) throw notFound(`No matching feedback ${uuid}`);
  return {
    uuid: f.uuid,
    provider_type: f.provider_type,
    rating: f.rating,
    comment: f.comment,
    created_at: iso(f.created_at),
    providers: (f.providers ?? []).map(({ fit, ...provider }) => ({ provider, fit })),
  };
}
