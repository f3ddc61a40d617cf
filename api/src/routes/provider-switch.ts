// Provider switch (product rules, Providers and fees: the provider switch state and its reset; "tagging" is named only): a patient sees
// which provider they are tagged to per provider type (tagging details) and switches one type to another
// provider, with a reason. The new provider replaces the old one in "my providers". (The client then
// records its choice with the existing PATCH /customers/update_temp_flag, as every flow does.)
import { Type } from '@sinclair/typebox';
import { unprocessable, type App } from '../core/http.js';
import { ProviderSummary } from '../core/schemas.js';
import { SWITCHABLE_TYPES, assertRoleOffered, providerByUuid, switchProvider, taggingOf } from '../providers/index.js';

const ProviderType = Type.Union(SWITCHABLE_TYPES.map((t) => Type.Literal(t)));
const Tagging = Type.Object({ provider_type: Type.String(), provider: ProviderSummary });

export async function providerSwitchRoutes(app: App) {
  const db = app.ctx.db;

  app.get(
    '/customers/provider_tagging',
    {
      config: { auth: true },
      schema: {
        tags: ['provider switch'],
        summary: 'Tagging details: the provider the patient is tagged to, per provider type',
        response: { 200: Type.Object({ data: Type.Array(Tagging) }) },
      },
    },
    async (req) => ({ data: await taggingOf(db, req.actor.id) }),
  );

  app.post(
    '/customers/provider_switch',
    {
      config: { auth: true },
      schema: {
        tags: ['provider switch'],
        summary: 'Switch provider: tag the patient to provider_id for provider_type, with a reason',
        body: Type.Object({
          provider_id: Type.String({ format: 'uuid', description: "the new provider's uuid" }),
          provider_type: ProviderType,
          switch_reason: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
        }),
        response: { 200: Type.Object({ success: Type.Literal(true), data: Type.Array(Tagging) }) },
      },
    },
    async (req) => {
      const { provider_id: uuid, provider_type: type, switch_reason: reason } = req.body;
      const p = await providerByUuid(db, uuid);
      if (!p.roles.includes(type) || p.is_support_provider) throw unprocessable(`This provider is not a ${type}`);
      await assertRoleOffered(db, req.user, [type]);
      await db.tx((q) => switchProvider(q, req.actor.id, type, p, reason ?? null));
      return { success: true as const, data: await taggingOf(db, req.actor.id) };
    },
  );
}
