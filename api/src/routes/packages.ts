// B2B packages (product rules, Partners and business users; Package: is_package_client, org_package_for, package.info): an employee of an
// organisation with a package books covered sessions with a credit instead of paying.
import { Type } from '@sinclair/typebox';
import { type App } from '../core/http.js';
import { Booking, Nullable } from '../core/schemas.js';
import { booking } from '../bookings/index.js';
import { accountOf, confirmWithPackage, creditHistory, packageSummary } from '../payments/index.js';
import { assertChildConsented } from '../accounts/index.js';

export async function packageRoutes(app: App) {
  const db = app.ctx.db;
  const now = app.ctx.clock ?? Date.now;
  app.get(
    '/customers/org_packages',
    {
      config: { auth: true },
      schema: {
        tags: ['packages'],
        summary: "The signed-in employee's organisation package and credits left",
        response: {
          200: Type.Object({
            is_package_client: Type.Boolean(),
            org_package_for: Type.Union([Type.String(), Type.Null()]),
            credits_left: Type.Integer(),
            covered_roles: Type.Array(Type.String()),
            package: Type.Union([
              Type.Object({
                info: Type.Object({
                  id: Type.Integer(),
                  analytics: Type.Object({ package_type: Type.String(), package_sub_type: Type.String() }),
                }),
              }),
              Type.Null(),
            ]),
          }),
        },
      },
    },
    async (req) => packageSummary(db, accountOf(req.actor)),
  );

  app.get(
    '/customers/credits',
    {
      config: { auth: true },
      schema: {
        tags: ['packages'],
        summary:
          "My package credits and their history, newest first (the account's: the holder and its profiles); data null without a package",
        response: {
          200: Type.Object({
            data: Nullable(
              Type.Object({
                total: Type.Integer(),
                credits_left: Type.Integer(),
                history: Type.Array(
                  Type.Object({
                    kind: Type.Union([Type.Literal('used'), Type.Literal('returned')]),
                    at: Type.String({ format: 'date-time' }),
                    booking_uuid: Type.String({ format: 'uuid' }),
                    session_start: Type.String({ format: 'date-time' }),
                    provider_name: Type.String(),
                    for_name: Type.String(),
                    credits_left: Type.Integer(),
                  }),
                ),
              }),
            ),
          }),
        },
      },
    },
    async (req) => ({ data: await creditHistory(db, accountOf(req.actor)) }),
  );

  app.post(
    '/bookings/:uuid/package',
    {
      config: { auth: true },
      schema: {
        tags: ['packages'],
        summary: 'Confirm a pending booking with a package credit (no payment)',
        params: Type.Object({ uuid: Type.String({ format: 'uuid' }) }),
        response: { 200: Type.Object({ data: Booking }) },
      },
    },
    async (req) => {
      const account = accountOf(req.actor);
      // A credit is spent only on a child's booking the parent has consented to (nothing is spent before).
      await assertChildConsented(db, req.actor, now());
      return { data: booking(await db.tx((q) => confirmWithPackage(q, req.params.uuid, req.actor.id, account, now()))) };
    },
  );
}
