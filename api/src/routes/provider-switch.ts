// Provider switch (product rules, Providers and fees: the provider switch state and its reset; "tagging" is named only): a patient sees
// which provider they are tagged to per provider type (tagging details) and switches one type to another
// provider, with a reason. The new provider replaces the old one in "my providers". (The client then
// records its choice with the existing PATCH /customers/update_temp_flag, as every flow does.)
import { Type } from '@sinclair/typebox';
import { unprocessable, type App } from '../core/http.js';
import { ProviderSummary } from '../core/schemas.js';
import { providerSummary, type ProviderRow, earliestFor, assertRoleOffered, providerByUuid } from '../providers/index.js';

/** Provider types a patient can switch (the roles a patient is tagged to, product rules, Users and roles). */
export const SWITCHABLE_TYPES = ['therapist', 'psychiatrist', 'couplestherapist', 'coach', 'childenfirstindia'] as const;
const ProviderType = Type.Union(SWITCHABLE_TYPES.map((t) => Type.Literal(t)));
const Tagging = Type.Object({ provider_type: Type.String(), provider: ProviderSummary });

export async function providerSwitchRoutes(app: App) {
  const db = app.ctx.db;

  const taggingOf = async (userId: number) => {
    const rows = await db.query<ProviderRow & { provider_type: string }>(
      `SELECT p.*, up.provider_type FROM user_providers up JOIN providers p ON p.id = up.provider_id
       WHERE up.user_id = $1 AND up.provider_type = ANY($2::text[]) ORDER BY up.provider_type, p.id`, [userId, [...SWITCHABLE_TYPES]]);
    const earliest = await earliestFor(db, rows);
    return rows.map((r) => ({ provider_type: r.provider_type, provider: providerSummary(r, earliest.get(r.id) ?? null) }));
  };

  app.get('/customers/provider_tagging', {
    config: { auth: true },
    schema: {
      tags: ['provider switch'], summary: 'Tagging details: the provider the patient is tagged to, per provider type',
      response: { 200: Type.Object({ data: Type.Array(Tagging) }) },
    },
  }, async (req) => ({ data: await taggingOf(req.actor.id) }));

  app.post('/customers/provider_switch', {
    config: { auth: true },
    schema: {
      tags: ['provider switch'], summary: 'Switch provider: tag the patient to provider_id for provider_type, with a reason',
      body: Type.Object({
        provider_id: Type.String({ format: 'uuid', description: 'the new provider\'s uuid' }),
        provider_type: ProviderType,
        switch_reason: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
      }),
      response: { 200: Type.Object({ success: Type.Literal(true), data: Type.Array(Tagging) }) },
    },
  }, async (req) => {
    const { provider_id: uuid, provider_type: type, switch_reason: reason } = req.body;
    const p = await providerByUuid(db, uuid);
    if (!p.roles.includes(type) || p.is_support_provider) throw unprocessable(`This provider is not a ${type}`);
    await assertRoleOffered(db, req.user, [type]);
    await db.tx(async (q) => {
      const [from] = await q.query<{ provider_id: number }>(`SELECT provider_id FROM user_providers WHERE user_id = $1 AND provider_type = $2 ORDER BY provider_id LIMIT 1`, [req.actor.id, type]);
      if (from?.provider_id === p.id) throw unprocessable('You are already with this provider');
      await q.query(`DELETE FROM user_providers WHERE user_id = $1 AND (provider_type = $2 OR provider_id = $3)`, [req.actor.id, type, p.id]);
      await q.query(`INSERT INTO user_providers (user_id, provider_id, provider_type) VALUES ($1, $2, $3)`, [req.actor.id, p.id, type]);
      await q.query(`INSERT INTO provider_switches (user_id, provider_type, from_provider_id, to_provider_id, switch_reason) VALUES ($1, $2, $3, $4, $5)`,
        [req.actor.id, type, from?.provider_id ?? null, p.id, reason ?? null]);
    });
    return { success: true as const, data: await taggingOf(req.actor.id) };
  });
}
