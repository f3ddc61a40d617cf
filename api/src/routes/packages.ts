// B2B packages (product rules, Partners and business users; Package: is_package_client, org_package_for, package.info): an employee of an
// organisation with a package books covered sessions with a credit instead of paying.
import { Type } from '@sinclair/typebox';
import { HttpError, notFound, unprocessable, type App } from '../core/http.js';
import { Booking } from '../core/schemas.js';
import { BOOKING_SELECT, booking, type BookingRow, transition } from '../bookings/index.js';
import type { ProviderRow } from '../providers/index.js';
import { accountOf, keptInputs, lockAccount, price, accountOrganisation, coveredRolesOf, packageOf } from '../payments/index.js';

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
    const organisation = await accountOrganisation(db, account);
    const p = await packageOf(db, organisation, account);
    if (!p) return { is_package_client: false, org_package_for: null, credits_left: 0, covered_roles: [], package: null };
    return {
      is_package_client: true, org_package_for: p.row.package_for, credits_left: p.credits_left,
      covered_roles: await coveredRolesOf(db, { id: account, organisation_id: organisation }, p.row.package_for),
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
      const organisation = await accountOrganisation(q, account);
      const p = await packageOf(q, organisation, account);
      if (!p) throw unprocessable('No package for this account');
      const covered = await coveredRolesOf(q, { id: account, organisation_id: organisation }, p.row.package_for);
      if (!b.p_roles.some((r) => covered.includes(r))) throw unprocessable('Your package does not cover this provider');
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
