// B2B packages (spec §3 Package: is_package_client, org_package_for, package.info): an employee of an
// organisation with a package books covered sessions with a credit instead of paying.
import { Type } from '@sinclair/typebox';
import { HttpError, notFound, unprocessable, type App } from '../core/http.js';
import { Booking } from '../core/schemas.js';
import { BOOKING_SELECT, booking } from '../lib/serialize.js';
import type { Queryable } from '../db/index.js';
import type { ProviderRow, BookingRow } from '../lib/serialize.js';
import { accountOf, keptInputs, lockAccount, price } from '../lib/pricing.js';
import { transition } from '../lib/booking-state.js';

interface PackageRow { id: number; package_for: string; package_type: string; package_sub_type: string; sessions_per_employee: number }
/** Roles a package covers: a therapy package covers therapy care, a coach package coaching. */
const COVERED: Record<string, string[]> = { therapy: ['therapist', 'psychiatrist', 'couplestherapist', 'childenfirstindia'], package_coach: ['coach'] };

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
async function accountOrganisation(q: Queryable, accountId: number): Promise<number | null> {
  return (await q.query<{ organisation_id: number | null }>(`SELECT organisation_id FROM users WHERE id = $1`, [accountId]))[0]?.organisation_id ?? null;
}

export async function packageRoutes(app: App) {
  const db = app.ctx.db;
  const now = app.ctx.clock ?? Date.now;
  app.get('/customers/org_packages', {
    config: { auth: true },
    schema: {
      tags: ['packages'], summary: 'The signed-in employee\'s organisation package and credits left',
      response: {
        200: Type.Object({
          is_package_client: Type.Boolean(), org_package_for: Type.Union([Type.String(), Type.Null()]), credits_left: Type.Integer(), covered_roles: Type.Array(Type.String()),
          package: Type.Union([Type.Object({ info: Type.Object({ id: Type.Integer(), analytics: Type.Object({ package_type: Type.String(), package_sub_type: Type.String() }) }) }), Type.Null()]),
        }),
      },
    },
  }, async (req) => {
    const account = accountOf(req.actor);
    const p = await packageOf(db, await accountOrganisation(db, account), account);
    if (!p) return { is_package_client: false, org_package_for: null, credits_left: 0, covered_roles: [], package: null };
    return {
      is_package_client: true, org_package_for: p.row.package_for, credits_left: p.credits_left, covered_roles: COVERED[p.row.package_for] ?? [],
      package: { info: { id: p.row.id, analytics: { package_type: p.row.package_type, package_sub_type: p.row.package_sub_type } } },
    };
  });

  app.post('/bookings/:uuid/package', {
    config: { auth: true },
    schema: {
      tags: ['packages'], summary: 'Confirm a pending booking with a package credit (no payment)',
      params: Type.Object({ uuid: Type.String({ format: 'uuid' }) }), response: { 200: Type.Object({ data: Booking }) },
    },
  }, async (req) => {
    const account = accountOf(req.actor);
    return db.tx(async (q) => {
      // The account's lock: credits are counted and spent one confirmation at a time, in every process.
      await lockAccount(q, account);
      const b = (await q.query<BookingRow>(`${BOOKING_SELECT} WHERE b.uuid::text = $1 AND b.user_id = $2`, [req.params.uuid, req.actor.id]))[0];
      if (!b) throw notFound(`No booking ${req.params.uuid}`);
      if (b.status !== 'pending' && b.status !== 'suggested') throw new HttpError(409, `Cannot use a package for a ${b.status} booking`);
      const p = await packageOf(q, await accountOrganisation(q, account), account);
      if (!p) throw unprocessable('No package for this account');
      if (!b.p_roles.some((r) => (COVERED[p.row.package_for] ?? []).includes(r))) throw unprocessable('Your package does not cover this provider');
      if (p.credits_left < 1) throw new HttpError(409, 'No package sessions left', { code: 'no_credits' });
      // The price rule with the credit: its lines say the package paid.
      const provider = (await q.query<ProviderRow>(`SELECT * FROM providers WHERE id = $1`, [b.provider_id]))[0]!;
      const inputs = await keptInputs(q, b, provider);
      const priced = price(inputs, null, true);
      await transition(q, b.id, 'confirm_package', now(), {
        set: 'fee = 0, org_package_id = $3, price_lines = $4, hold_until = NULL', params: [p.row.id, JSON.stringify({ inputs: { ...inputs, coupon: null, packageCredit: true }, price: priced })],
      });
      await q.query(`INSERT INTO package_credit_uses (booking_id, account_id, org_package_id, credits, created_at) VALUES ($1, $2, $3, 1, $4)`,
        [b.id, account, p.row.id, new Date(now()).toISOString()]);
      return { data: booking((await q.query<BookingRow>(`${BOOKING_SELECT} WHERE b.id = $1`, [b.id]))[0]!) };
    });
  });
}
