// B2B packages: an employee of an organisation with a package books covered sessions with a credit.
import { packageCoveredRoles } from '@haven/rules';
import type { Queryable } from '../db/index.js';
import { bookingOptionsOf } from '../providers/index.js';

export interface PackageRow { id: number; package_for: string; package_type: string; package_sub_type: string; sessions_per_employee: number }
/**
 * The roles a package books for this account: its kind's roles its plan offers (the one rule of
 * '@haven/rules', the same the card's "Covers" and the provider list use).
 */
export async function coveredRolesOf(q: Queryable, account: { id: number; organisation_id: number | null }, packageFor: string): Promise<string[]> {
  return packageCoveredRoles(packageFor, await bookingOptionsOf(q, account));
}

/**
 * The package of an account (the parent and all its profiles: a profile added to an employee's account
 * shares the employee's credits, never gets its own) and the credits it has left. Counted under the
 * account's lock when it is about to spend one (pricing.ts lockAccount).
 */
export async function packageOf(q: Queryable, organisationId: number | null, accountId: number) {
  if (!organisationId) return null;
  const p = (await q.query<PackageRow>(`SELECT * FROM org_packages WHERE organisation_id = $1 ORDER BY id LIMIT 1`, [organisationId]))[0];
  if (!p) return null;
  // The sum of the account's credit rows: spent (+1) less given back by a cancellation (-1).
  const [{ used }] = (await q.query<{ used: number }>(
    `SELECT COALESCE(sum(credits), 0)::int AS used FROM package_credit_uses WHERE account_id = $1 AND org_package_id = $2`, [accountId, p.id])) as [{ used: number }];
  return { row: p, credits_left: Math.max(0, p.sessions_per_employee - used) };
}

/** The employer of the account: the parent's organisation (profiles inherit it). */
export async function accountOrganisation(q: Queryable, accountId: number): Promise<number | null> {
  return (await q.query<{ organisation_id: number | null }>(`SELECT organisation_id FROM users WHERE id = $1`, [accountId]))[0]?.organisation_id ?? null;
}
