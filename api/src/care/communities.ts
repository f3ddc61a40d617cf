// Communities a patient opens and joins, under a community profile: a username of their own that other
// members see instead of their name (checked by the rule of '@haven/rules', unique whatever its case).
import { USERNAME_TAKEN, usernameProblem } from '@haven/rules';
import type { Queryable } from '../db/index.js';
import { HttpError, notFound, unprocessable } from '../core/http.js';

export interface CommunityProfile {
  username: string;
  created_at: string;
}
export interface CommunityDetail {
  slug: string;
  name: string;
  description: string;
  member_count: number;
  joined: boolean;
}

const taken = () => new HttpError(409, USERNAME_TAKEN, { code: 'username_taken' });

/** Whether a username may be chosen by `userId` (their own current one counts as available), and why not. */
export async function usernameCheck(
  q: Queryable,
  userId: number,
  username: string,
): Promise<{ available: boolean; message: string | null }> {
  const problem = usernameProblem(username);
  if (problem) return { available: false, message: problem };
  const [holder] = await q.query<{ user_id: number }>(`SELECT user_id FROM community_profiles WHERE lower(username) = lower($1)`, [
    username.trim(),
  ]);
  return holder && holder.user_id !== userId ? { available: false, message: USERNAME_TAKEN } : { available: true, message: null };
}

export async function communityProfileOf(q: Queryable, userId: number): Promise<CommunityProfile | null> {
  const [p] = await q.query<{ username: string; created_at: Date }>(
    `SELECT username, created_at FROM community_profiles WHERE user_id = $1`,
    [userId],
  );
  return p ? { username: p.username, created_at: new Date(p.created_at).toISOString() } : null;
}

/** Creates or renames my community profile; 422 for a username the rule refuses, 409 when someone holds it. */
export async function saveCommunityProfile(q: Queryable, userId: number, username: string): Promise<CommunityProfile> {
  const name = username.trim();
  const problem = usernameProblem(name);
  if (problem) throw unprocessable(problem);
  try {
    await q.query(
      `INSERT INTO community_profiles (user_id, username) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET username = EXCLUDED.username`,
      [userId, name],
    );
  } catch (e) {
    // The unique index decides between two people choosing the same name at once.
    if ((e as { code?: string }).code === '23505') throw taken();
    throw e;
  }
  return (await communityProfileOf(q, userId))!;
}

/** The community with its members (the seeded count plus those who joined here) and whether I joined. */
export async function communityDetail(q: Queryable, slug: string, userId: number): Promise<CommunityDetail> {
  const [c] = await q.query<CommunityDetail>(
    `SELECT c.slug, c.name, c.description,
            (c.member_count + (SELECT count(*) FROM community_members m WHERE m.community_id = c.id))::int AS member_count,
            EXISTS (SELECT 1 FROM community_members m WHERE m.community_id = c.id AND m.user_id = $2) AS joined
       FROM communities c WHERE c.slug = $1`,
    [slug, userId],
  );
  if (!c) throw notFound(`No community ${slug}`);
  return c;
}

/** Joins (once, however often asked); needs a community profile first (422). */
export async function joinCommunity(q: Queryable, slug: string, userId: number): Promise<CommunityDetail> {
  if (!(await communityProfileOf(q, userId)))
    throw unprocessable('Choose a community username first.', { code: 'community_profile_required' });
  const r = await q.query(
    `INSERT INTO community_members (community_id, user_id) SELECT id, $2 FROM communities WHERE slug = $1 ON CONFLICT DO NOTHING RETURNING community_id`,
    [slug, userId],
  );
  if (r.length === 0) await communityDetail(q, slug, userId); // 404 for an unknown community; already a member otherwise
  return communityDetail(q, slug, userId);
}

export async function leaveCommunity(q: Queryable, slug: string, userId: number): Promise<CommunityDetail> {
  await q.query(`DELETE FROM community_members WHERE user_id = $2 AND community_id = (SELECT id FROM communities WHERE slug = $1)`, [
    slug,
    userId,
  ]);
  return communityDetail(q, slug, userId);
}
