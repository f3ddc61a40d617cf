// The ancillary assessment flow (product rules, Users and roles: provider flow `ancillary_assessment`): the providers
// who offer an assessment, with its fee by the rule and its length, as far as the patient's plan
// offers the provider's kind of care. It is booked through POST /bookings, session_type 'ancillary_assessment'.
import { Type } from '@sinclair/typebox';
import type { App } from '../core/http.js';
import { ancillaryAssessmentsFor } from '../providers/index.js';

const Nullable = <T extends ReturnType<typeof Type.Number>>(t: T) => Type.Union([t, Type.Null()]);
const Assessment = Type.Object({
  provider: Type.Object({ uuid: Type.String(), firstname: Type.String(), lastname: Type.String(), roles: Type.Array(Type.String()) }),
  name: Type.String(),
  description: Type.String(),
  duration_minutes: Type.Integer(),
  currency: Type.String(),
  online_fee: Nullable(Type.Number()),
  offline_fee: Nullable(Type.Number()),
  fee_text: Type.Union([Type.String(), Type.Null()], { description: 'the fee text (null when free)' }),
  modes: Type.Array(Type.Union([Type.Literal('online'), Type.Literal('offline')]), {
    description: 'the modes offered that the plan allows',
  }),
});

export async function ancillaryRoutes(app: App) {
  const db = app.ctx.db;
  app.get(
    '/ancillary_assessments',
    {
      config: { auth: true },
      schema: {
        tags: ['ancillary assessment'],
        summary: "Providers offering an ancillary assessment that the patient's plan allows",
        response: { 200: Type.Object({ data: Type.Array(Assessment) }) },
      },
    },
    async (req) => ({ data: await ancillaryAssessmentsFor(db, req.user) }),
  );
}
