// The profiles an account holds: secondary profiles (at most MAX_PROFILES) and added members (as many as
// the organisation's plan allows).
import { newProfileProblem, NEW_PROFILE_MESSAGES, type ProfileRelationship } from '@haven/rules';
import { HttpError, unprocessable } from '../core/http.js';
import type { Db, Queryable } from '../db/index.js';
import type { UserRow } from '../identity/index.js';

/** Secondary profiles one account may hold (added members have their plan's own cap). */
export const MAX_PROFILES = 5;
export const MEMBER_CAP_MESSAGE = 'You have added as many members as your plan allows.';

/** Member cap of the account's plan: the organisation's visibility (showaddmember) and max_member_count. */
export async function memberPlan(q: Queryable, user: UserRow) {
  const [org] = user.organisation_id
    ? await q.query<{ visibility: Record<string, unknown>; max_member_count: number }>(
        `SELECT visibility, max_member_count FROM organisations WHERE id = $1`,
        [user.organisation_id],
      )
    : [];
  return { show: Boolean(org?.visibility?.showaddmember), max: org?.max_member_count ?? 0 };
}

export interface NewProfile {
  kind: 'profile' | 'member';
  first_name: string;
  last_name?: string;
  date_of_birth?: string;
  gender?: string;
  relationship?: ProfileRelationship;
}

/**
 * 400 when the new profile is a child's without what makes it one: who they are to the account holder (their
 * child or ward: the holder consents for them) and their birth date. An adult's may leave both out.
 */
export function assertNewProfileComplete(b: NewProfile, now: number): void {
  const problem = newProfileProblem(
    { relationship: b.relationship ?? null, dateOfBirth: b.date_of_birth ?? null },
    new Date(now).toISOString().slice(0, 10),
    false,
  );
  if (problem) throw new HttpError(400, NEW_PROFILE_MESSAGES[problem.problem], { code: problem.problem, field: problem.field });
}

/** Adds a profile or member to the account within its cap; returns the new profile's id. */
export async function addProfile(db: Db, account: UserRow, b: NewProfile, now: number): Promise<number> {
  assertNewProfileComplete(b, now);
  return db.tx(async (q) => {
    // One creation at a time per account, so two parallel requests cannot both take the last place.
    await q.query(`SELECT id FROM users WHERE id = $1 FOR UPDATE`, [account.id]);
    const [{ n }] = (await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE parent_user_id = $1 AND member_kind = $2`, [
      account.id,
      b.kind,
    ])) as [{ n: number }];
    if (b.kind === 'member') {
      const plan = await memberPlan(q, account);
      if (!plan.show || n >= plan.max) throw unprocessable(MEMBER_CAP_MESSAGE, { code: 'member_cap', max_member_count: plan.max });
    } else if (n >= MAX_PROFILES) {
      throw unprocessable(`An account can hold at most ${MAX_PROFILES} profiles.`, { code: 'profile_cap' });
    }
    const [row] = await q.query<{ id: number }>(
      `INSERT INTO users (firebaseid, usertype, first_name, last_name, gender, date_of_birth, organisation_id, parent_user_id, member_kind, is_verified, is_first_time_haven_user, country_code, relationship)
         VALUES ('fb-' || gen_random_uuid(), $1, $2, $3, $4, $5::date, $6, $7, $8, true, true, $9, $10) RETURNING id`,
      [
        account.usertype,
        b.first_name.trim(),
        (b.last_name ?? '').trim(),
        b.gender ?? null,
        b.date_of_birth ?? null,
        account.organisation_id,
        account.id,
        b.kind,
        account.country_code,
        b.relationship ?? null,
      ],
    );
    await q.query(`INSERT INTO consents (user_id) VALUES ($1)`, [row!.id]);
    return row!.id;
  });
}

/** The account's added members, oldest first. */
export async function memberIdsOf(q: Queryable, accountId: number): Promise<number[]> {
  return (
    await q.query<{ id: number }>(`SELECT id FROM users WHERE parent_user_id = $1 AND member_kind = 'member' ORDER BY id`, [accountId])
  ).map((r) => r.id);
}
