// What the patient's home offers between sessions: nudges (in a fixed order), the NPS question (once in
// 90 days), care tools and communities.
import type { Queryable } from '../db/index.js';

export const NUDGE_ORDER = { nps: 0, feedback: 1, reflection: 2, webtoapp: 3 } as const;
/** The NPS question is asked again this long after the last answer. */
const NPS_AGAIN_MS = 90 * 86_400_000;

export async function nudgesOf(q: Queryable, userId: number) {
  return (
    await q.query<{ section: keyof typeof NUDGE_ORDER; title: string; body: string; cta: string | null; dismissed: boolean }>(
      `SELECT section, title, body, cta, dismissed FROM nudges WHERE user_id = $1`,
      [userId],
    )
  )
    .map((n) => ({ ...n, order: NUDGE_ORDER[n.section], is_loaded: true }))
    .sort((a, b) => a.order - b.order);
}

export async function dismissNudge(q: Queryable, userId: number, section: string): Promise<void> {
  await q.query(`UPDATE nudges SET dismissed = true WHERE user_id = $1 AND section = $2`, [userId, section]);
}

export async function npsState(q: Queryable, userId: number, now: number) {
  const [r] = await q.query<{ score: number; created_at: Date }>(
    `SELECT score, created_at FROM nps_responses WHERE user_id = $1 ORDER BY id DESC LIMIT 1`,
    [userId],
  );
  return { eligible: !r || now - new Date(r.created_at).getTime() > NPS_AGAIN_MS, last_score: r?.score ?? null };
}

/** Keeps the score and puts the NPS nudge away. */
export async function saveNps(q: Queryable, userId: number, score: number, comment: string | null): Promise<void> {
  await q.query(`INSERT INTO nps_responses (user_id, score, comment) VALUES ($1, $2, $3)`, [userId, score, comment]);
  await q.query(`UPDATE nudges SET dismissed = true WHERE user_id = $1 AND section = 'nps'`, [userId]);
}

export async function careTools(q: Queryable) {
  return q.query<{ slug: string; title: string; category: string; duration_minutes: number; description: string }>(
    `SELECT slug, title, category, duration_minutes, description FROM care_tools ORDER BY id`,
  );
}

export async function communities(q: Queryable) {
  return q.query<{ slug: string; name: string; description: string; member_count: number }>(
    `SELECT slug, name, description, member_count FROM communities ORDER BY id`,
  );
}

export async function featureFlags(q: Queryable) {
  return q.query<{ name: string; enabled: boolean; description: string }>(
    `SELECT name, enabled, description FROM feature_flags ORDER BY name`,
  );
}
