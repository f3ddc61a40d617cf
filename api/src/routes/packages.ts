// B2B packages (spec §3 Package: is_package_client, org_package_for, package.info): an employee of an
// organisation with a package books covered sessions with a credit instead of paying.
import { Type } from '@sinclair/typebox';
import { HttpError, notFound, unprocessable, type App } from '../lib/http.js';
import { Booking } from '../lib/schemas.js';
import { BOOKING_SELECT, booking, type BookingRow } from '../lib/serialize.js';
import type { Queryable } from '../db/index.js';

interface PackageRow { id: number; package_for: string; package_type: string; package_sub_type: string; sessions_per_employee: number }
/** Roles a package covers: a therapy package covers therapy care, a coach package coaching. */
const COVERED: Record<string, string[]> = { therapy: ['therapist', 'psychiatrist', 'couplestherapist', 'childenfirstindia'], package_coach: ['coach'] };

export async function packageOf(q: Queryable, organisationId: number | null, userId: number) {
  if (!organisationId) return null;
  const p = (await q.query<PackageRow>(`SELECT * FROM org_packages WHERE organisation_id = $1 ORDER BY id LIMIT 1`, [organisationId]))[0];
  if (!p) return null;
  const [{ used }] = (await q.query<{ used: number }>(
    `SELECT count(*)::int AS used FROM bookings WHERE user_id = $1 AND org_package_id = $2 AND status IN ('pending', 'confirmed', 'completed')`, [userId, p.id])) as [{ used: number }];
  return { row: p, credits_left: Math.max(0, p.sessions_per_employee - used) };
}

export async function packageRoutes(app: App) {
  const db = app.ctx.db;
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
    const p = await packageOf(db, req.actor.organisation_id ?? null, req.actor.id);
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
    return db.tx(async (q) => {
      const b = (await q.query<BookingRow>(`${BOOKING_SELECT} WHERE b.uuid::text = $1 AND b.user_id = $2 FOR UPDATE OF b`, [req.params.uuid, req.actor.id]))[0];
      if (!b) throw notFound(`No booking ${req.params.uuid}`);
      if (b.status !== 'pending') throw new HttpError(409, `Cannot use a package for a ${b.status} booking`);
      const p = await packageOf(q, req.actor.organisation_id ?? null, req.actor.id);
      if (!p) throw unprocessable('No package for this account');
      if (!b.p_roles.some((r) => (COVERED[p.row.package_for] ?? []).includes(r))) throw unprocessable('Your package does not cover this provider');
      if (p.credits_left < 1) throw unprocessable('No package sessions left');
      await q.query(`UPDATE bookings SET status = 'confirmed', fee = 0, org_package_id = $2 WHERE id = $1`, [b.id, p.row.id]);
      return { data: booking((await q.query<BookingRow>(`${BOOKING_SELECT} WHERE b.id = $1`, [b.id]))[0]!) };
    });
  });
}
