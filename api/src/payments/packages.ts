// B2B packages: an employee of an organisation with a package books covered sessions with a credit.
import { coversText, packageCoveredRoles, packageStatement } from '@haven/rules';
import type { Queryable } from '../db/index.js';
import { bookingOptionsOf } from '../providers/index.js';

export interface PackageRow {
  id: number;
  package_for: string;
  package_type: string;
  package_sub_type: string;
  sessions_per_employee: number;
}
/**
 * The roles a package books for this account: its kind's roles its plan offers (the one rule of
 * '@haven/rules', the same the card's "Covers" and the provider list use).
 */
export async function coveredRolesOf(
  q: Queryable,
  account: { id: number; organisation_id: number | null },
  packageFor: string,
): Promise<string[]> {
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
    `SELECT COALESCE(sum(credits), 0)::int AS used FROM package_credit_uses WHERE account_id = $1 AND org_package_id = $2`,
    [accountId, p.id],
  )) as [{ used: number }];
  return { row: p, credits_left: Math.max(0, p.sessions_per_employee - used) };
}

/** The employer of the account: the parent's organisation (profiles inherit it). */
export async function accountOrganisation(q: Queryable, accountId: number): Promise<number | null> {
  return (
    (await q.query<{ organisation_id: number | null }>(`SELECT organisation_id FROM users WHERE id = $1`, [accountId]))[0]
      ?.organisation_id ?? null
  );
}

/** The account's package as the employee sees it: whether they have one, what it is for, credits left, the roles it covers. */
export async function packageSummary(q: Queryable, account: number) {
  const organisation = await accountOrganisation(q, account);
  const p = await packageOf(q, organisation, account);
  if (!p) return { is_package_client: false, org_package_for: null, credits_left: 0, covered_roles: [], package: null };
  return {
    is_package_client: true,
    org_package_for: p.row.package_for,
    credits_left: p.credits_left,
    covered_roles: await coveredRolesOf(q, { id: account, organisation_id: organisation }, p.row.package_for),
    package: { info: { id: p.row.id, analytics: { package_type: p.row.package_type, package_sub_type: p.row.package_sub_type } } },
  };
}

/**
 * The employee's sponsored package for the card dashboard: sessions total and left, the roles it books
 * on the plan and the card's "Covers" words from them, and their therapist, psychiatrist and package
 * coach (from "my providers").
 */
export async function partnerPackageCard(
  q: Queryable,
  actor: { id: number; parent_user_id: number | null; organisation_id: number | null },
) {
  const p = await packageOf(q, actor.organisation_id ?? null, actor.parent_user_id ?? actor.id);
  const mine = await q.query<{ uuid: string; firstname: string; lastname: string; provider_type: string }>(
    `SELECT p.uuid::text, p.firstname, p.lastname, up.provider_type FROM user_providers up JOIN providers p ON p.id = up.provider_id
      WHERE up.user_id = $1 ORDER BY p.id`,
    [actor.id],
  );
  const pick = (...types: string[]) => {
    const r = mine.find((m) => types.includes(m.provider_type));
    return r ? { uuid: r.uuid, firstname: r.firstname, lastname: r.lastname } : null;
  };
  const coach = pick('coach');
  const covered = p
    ? await coveredRolesOf(q, { id: actor.parent_user_id ?? actor.id, organisation_id: actor.organisation_id ?? null }, p.row.package_for)
    : [];
  return {
    is_package_client: Boolean(p),
    org_package_for: p?.row.package_for ?? null,
    package: p
      ? { info: { id: p.row.id, analytics: { package_type: p.row.package_type, package_sub_type: p.row.package_sub_type } } }
      : null,
    sessions_total: p?.row.sessions_per_employee ?? 0,
    sessions_left: p?.credits_left ?? 0,
    covered_roles: covered,
    covers_text: coversText(covered),
    statement: packageStatement(p?.row.sessions_per_employee ?? 0, covered),
    mytherapist: pick('therapist', 'couplestherapist', 'childenfirstindia'),
    mypsychiatrist: pick('psychiatrist'),
    package_coach_id: coach?.uuid ?? null,
    package_coach: coach,
  };
}

export interface CreditMovement {
  /** `used`: a credit confirmed the session; `returned`: the session was cancelled and the credit came back. */
  kind: 'used' | 'returned';
  at: string;
  booking_uuid: string;
  session_start: string;
  provider_name: string;
  /** Whose session (the account holder or one of their profiles), by first name. */
  for_name: string;
  /** Credits left right after this movement. */
  credits_left: number;
}

/**
 * The account's package credits with their history, newest first: each session a credit paid for, and each
 * credit a cancellation gave back (the parent and its profiles are one account). Null without a package.
 */
export async function creditHistory(q: Queryable, account: number) {
  const organisation = await accountOrganisation(q, account);
  const p = await packageOf(q, organisation, account);
  if (!p) return null;
  const rows = await q.query<{
    credits: number;
    created_at: Date | string;
    uuid: string;
    start_time: Date | string;
    provider_name: string;
    for_name: string;
  }>(
    `SELECT c.credits, c.created_at, b.uuid, b.start_time, pr.firstname || ' ' || pr.lastname AS provider_name, u.first_name AS for_name
       FROM package_credit_uses c
       JOIN bookings b ON b.id = c.booking_id
       JOIN providers pr ON pr.id = b.provider_id
       JOIN users u ON u.id = b.user_id
      WHERE c.account_id = $1 AND c.org_package_id = $2
      ORDER BY c.created_at, c.id`,
    [account, p.row.id],
  );
  let left = p.row.sessions_per_employee;
  const movements: CreditMovement[] = rows.map((r) => {
    left -= r.credits;
    return {
      kind: r.credits > 0 ? 'used' : 'returned',
      at: new Date(r.created_at).toISOString(),
      booking_uuid: r.uuid,
      session_start: new Date(r.start_time).toISOString(),
      provider_name: r.provider_name,
      for_name: r.for_name,
      credits_left: Math.max(0, left),
    };
  });
  return { total: p.row.sessions_per_employee, credits_left: p.credits_left, history: movements.reverse() };
}

/**
 * Who pays for the signed-in person's covered sessions: their company and the roles its package covers,
 * while a credit is left (the list's and the profile's "Covered by"); null when they pay themselves.
 */
export async function sponsorOf(q: Queryable, userId: number): Promise<{ company: string; roles: string[] } | null> {
  const [u] = await q.query<{ account: number }>(`SELECT COALESCE(parent_user_id, id) AS account FROM users WHERE id = $1`, [userId]);
  if (!u) return null;
  const s = await packageSummary(q, u.account);
  if (!s.is_package_client || s.credits_left < 1 || s.covered_roles.length === 0) return null;
  const [o] = await q.query<{ name: string }>(
    `SELECT o.name FROM users u JOIN organisations o ON o.id = u.organisation_id WHERE u.id = $1`,
    [u.account],
  );
  return o ? { company: o.name, roles: s.covered_roles } : null;
}
