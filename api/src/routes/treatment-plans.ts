// Treatment plans in the care area: the plans the acting profile's providers shared with them. Only
// the profile a plan is about reads it; anyone else's plan id answers 404, as an unknown one does.
import { Type } from '@sinclair/typebox';
import { notFound, type App } from '../core/http.js';
import { Uuid } from '../core/schemas.js';
import { findUser } from '../identity/index.js';
import { treatmentPlanOf, treatmentPlansOf, writeExamplePlan } from '../care/index.js';

const Plan = Type.Object({
  uuid: Type.String(),
  title: Type.String(),
  summary: Type.String(),
  status: Type.Union([Type.Literal('active'), Type.Literal('completed')], {
    description: 'a draft stays with the provider until shared',
  }),
  goals: Type.Array(Type.Object({ title: Type.String(), measure: Type.String({ description: 'how both will know it is reached' }) })),
  interventions: Type.Array(Type.String()),
  review_date: Type.String({ format: 'date', description: 'when the patient and provider look at the plan again' }),
  provider: Type.Object({ uuid: Type.String(), firstname: Type.String(), lastname: Type.String() }),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});

export async function treatmentPlanRoutes(app: App) {
  const { ctx } = app;
  const db = ctx.db;
  const tags = ['care'];

  app.get(
    '/customers/treatment_plans',
    {
      config: { auth: true },
      schema: {
        tags,
        summary: "The acting profile's treatment plans from its providers, active ones first",
        response: { 200: Type.Object({ data: Type.Array(Plan) }) },
      },
    },
    async (req) => ({ data: await treatmentPlansOf(db, req.actor.id) }),
  );

  app.get(
    '/customers/treatment_plans/:uuid',
    {
      config: { auth: true },
      schema: {
        tags,
        summary: "One of the acting profile's treatment plans (404 for anyone else's)",
        params: Type.Object({ uuid: Uuid }),
        response: { 200: Type.Object({ data: Plan }) },
      },
    },
    async (req) => ({ data: await treatmentPlanOf(db, req.actor.id, req.params.uuid) }),
  );

  if (ctx.isProduction) return;

  app.post(
    '/dev/treatment_plan',
    {
      schema: {
        tags: ['development'],
        summary: 'DEVELOPMENT: the example treatment plan, written for the patient by their provider (else the first provider)',
        body: Type.Object({ email: Type.String({ format: 'email' }) }),
        response: { 201: Type.Object({ data: Type.Object({ uuid: Type.String() }) }) },
      },
    },
    async (req, reply) => {
      const user = await findUser(db, 'email', req.body.email.toLowerCase());
      if (!user) throw notFound('No such user');
      const [p] = await db.query<{ id: number }>(
        `SELECT provider_id AS id FROM bookings WHERE user_id = $1 UNION ALL (SELECT id FROM providers WHERE NOT is_support_provider ORDER BY id) LIMIT 1`,
        [user.id],
      );
      if (!p) throw notFound('No provider to write the plan');
      reply.status(201);
      return { data: { uuid: await writeExamplePlan(db, user.id, p.id, (ctx.clock ?? Date.now)()) } };
    },
  );
}
