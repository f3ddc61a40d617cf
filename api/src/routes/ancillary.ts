// The ancillary assessment flow (product rules, Users and roles: provider flow `ancillary_assessment`): the providers
// who offer an assessment, with its fee by the rule and its length, as far as the patient's plan
// offers the provider's kind of care. It is booked through POST /bookings, session_type 'ancillary_assessment'.
import { Type } from '@sinclair/typebox';
import type { App } from '../core/http.js';
import { ancillaryOfferings, bookingOptionsOf, type ProviderRow } from '../providers/index.js';
import { ancillaryFee, providerOffered } from '@haven/rules';

const Nullable = <T extends ReturnType<typeof Type.Number>>(t: T) => Type.Union([t, Type.Null()]);
const Assessment = Type.Object({
  provider: Type.Object({ uuid: Type.String(), firstname: Type.String(), lastname: Type.String(), roles: Type.Array(Type.String()) }),
  name: Type.String(), description: Type.String(), duration_minutes: Type.Integer(), currency: Type.String(),
  online_fee: Nullable(Type.Number()), offline_fee: Nullable(Type.Number()),
  fee_text: Type.Union([Type.String(), Type.Null()], { description: 'the fee text (null when free)' }),
  modes: Type.Array(Type.Union([Type.Literal('online'), Type.Literal('offline')]), { description: 'the modes offered that the plan allows' }),
});

export async function ancillaryRoutes(app: App) {
  const db = app.ctx.db;
  app.get('/ancillary_assessments', {
    config: { auth: true },
    schema: { tags: ['ancillary assessment'], summary: 'Providers offering an ancillary assessment that the patient\'s plan allows', response: { 200: Type.Object({ data: Type.Array(Assessment) }) } },
  }, async (req) => {
    const offerings = await ancillaryOfferings(db);
    if (offerings.length === 0) return { data: [] };
    const providers = await db.query<ProviderRow>(`SELECT * FROM providers WHERE id = ANY($1::int[])`, [offerings.map((o) => o.provider_id)]);
    const byId = new Map(providers.map((p) => [p.id, p]));
    const options = await bookingOptionsOf(db, req.user);
    return {
      data: offerings.flatMap((o) => {
        const p = byId.get(o.provider_id);
        if (!p) return [];
        const modes = (['online', 'offline'] as const).filter((m) => (m === 'online' ? o.online_fee : o.offline_fee) !== null && providerOffered(options, p.roles, m));
        if (modes.length === 0) return [];
        const fees = { currency: p.currency, online_fee: modes.includes('online') ? o.online_fee : null, offline_fee: modes.includes('offline') ? o.offline_fee : null, commercials: p.commercials };
        return [{
          provider: { uuid: p.uuid, firstname: p.firstname, lastname: p.lastname, roles: p.roles },
          name: o.name, description: o.description, duration_minutes: o.duration_minutes, currency: p.currency,
          online_fee: fees.online_fee, offline_fee: fees.offline_fee, fee_text: ancillaryFee(fees)?.text ?? null, modes,
        }];
      }),
    };
  });
}
