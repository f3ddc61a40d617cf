// Decline and track, matching feedback and the ranked matches (product rules, Providers and fees). A declined provider
// is never suggested to that patient again (here and in the dashboard's suggestions) until the decline
// is withdrawn; feedback marks providers a good or poor fit. providers/match-rank.ts holds the ranking rule.
import { Type } from '@sinclair/typebox';
import { HttpError, notFound, unprocessable, type App } from '../core/http.js';
import { limitsOf } from '../core/limits.js';
import { Literals, Nullable, ProviderSummary, Success } from '../core/schemas.js';
import {
  DECLINE_REASONS,
  PROVIDER_ROLES,
  providerByUuid,
  withEarliest,
  rankedMatches,
  declineProvider,
  declinesOf,
  withdrawDecline,
  providerIdsByUuid,
  recordMatchingFeedback,
  matchingFeedback,
} from '../providers/index.js';

/** Product rules, Providers and fees: matched providers sent, at most 30. */
const MAX_MATCHES = 30;
const MATCH_ROLES = PROVIDER_ROLES.filter((r) => r !== 'care-coordinator');
const Person = Type.Object({ uuid: Type.String(), firstname: Type.String(), lastname: Type.String() });
const Decline = Type.Object({
  uuid: Type.String(),
  provider: Person,
  reason: Literals(DECLINE_REASONS),
  comment: Nullable(Type.String()),
  created_at: Type.String(),
});
const Feedback = Type.Object({
  uuid: Type.String(),
  provider_type: Type.String(),
  rating: Type.Integer(),
  comment: Nullable(Type.String()),
  created_at: Type.String(),
  providers: Type.Array(Type.Object({ provider: Person, fit: Literals(['good', 'poor'] as const) })),
});
const UuidParams = Type.Object({ uuid: Type.String({ format: 'uuid' }) });

export async function matchingRoutes(app: App) {
  const { ctx } = app;
  const db = ctx.db;

  app.get(
    '/customers/matches',
    {
      config: { auth: true },
      schema: {
        tags: ['matching'],
        summary: `Providers that fit the answers, ranked with my declines and feedback (declined ones left out; at most ${MAX_MATCHES})`,
        querystring: Type.Object({
          role: Type.String({ maxLength: 40 }),
          concern: Type.Optional(Type.String({ maxLength: 60 })),
          language: Type.Optional(Type.String({ maxLength: 40 })),
          mode: Type.Optional(Literals(['online', 'offline'] as const)),
        }),
        response: { 200: Type.Object({ data: Type.Array(ProviderSummary) }) },
      },
    },
    async (req) => {
      const f = req.query;
      if (!MATCH_ROLES.includes(f.role)) throw new HttpError(400, `querystring/role must be one of ${MATCH_ROLES.join(', ')}`);
      const ranked = await rankedMatches(db, req.actor.id, f);
      return { data: await withEarliest(db, ranked.slice(0, MAX_MATCHES)) };
    },
  );

  app.post(
    '/customers/provider_declines',
    {
      config: { auth: true },
      schema: {
        tags: ['matching'],
        summary: 'Decline and track: this provider is not a fit for me (with a reason); they are not suggested to me again',
        body: Type.Object({
          provider_uuid: Type.String({ format: 'uuid' }),
          reason: Literals(DECLINE_REASONS),
          comment: Type.Optional(Type.String({ maxLength: 500 })),
        }),
        response: {
          200: Type.Object({ data: Decline }, { description: 'declined before: the reason is updated' }),
          201: Type.Object({ data: Decline }),
        },
      },
    },
    async (req, reply) => {
      const limits = limitsOf(ctx);
      await limits.take('provider_decline_address', req.ip);
      await limits.take('provider_decline_user', String(req.user.id));
      const p = await providerByUuid(db, req.body.provider_uuid);
      const comment = req.body.comment?.trim() || null;
      const { inserted, decline } = await declineProvider(db, req.actor.id, p.id, req.body.reason, comment);
      reply.status(inserted ? 201 : 200);
      return { data: decline };
    },
  );

  app.get(
    '/customers/provider_declines',
    {
      config: { auth: true },
      schema: {
        tags: ['matching'],
        summary: 'The providers I declined, newest first',
        response: { 200: Type.Object({ data: Type.Array(Decline) }) },
      },
    },
    async (req) => ({ data: await declinesOf(db, req.actor.id) }),
  );

  app.delete(
    '/customers/provider_declines/:uuid',
    {
      config: { auth: true },
      schema: {
        tags: ['matching'],
        summary: 'Withdraw a decline: the provider may be suggested again',
        params: UuidParams,
        response: { 200: Success },
      },
    },
    async (req) => {
      if (!(await withdrawDecline(db, req.actor.id, req.params.uuid))) throw notFound(`No decline ${req.params.uuid}`);
      return { success: true };
    },
  );

  app.post(
    '/customers/matching_feedback',
    {
      config: { auth: true },
      schema: {
        tags: ['matching'],
        summary: 'Matching feedback: how good my matches were, and which providers fit or not (the next matches use it)',
        body: Type.Object({
          provider_type: Type.String({ maxLength: 40 }),
          rating: Type.Integer({ minimum: 1, maximum: 5 }),
          comment: Type.Optional(Type.String({ maxLength: 1000 })),
          providers: Type.Optional(
            Type.Array(Type.Object({ provider_uuid: Type.String({ format: 'uuid' }), fit: Literals(['good', 'poor'] as const) }), {
              maxItems: MAX_MATCHES,
            }),
          ),
        }),
        response: { 201: Type.Object({ data: Feedback }) },
      },
    },
    async (req, reply) => {
      const b = req.body;
      const limits = limitsOf(ctx);
      await limits.take('matching_feedback_address', req.ip);
      await limits.take('matching_feedback_user', String(req.user.id));
      if (!MATCH_ROLES.includes(b.provider_type)) throw new HttpError(400, `body/provider_type must be one of ${MATCH_ROLES.join(', ')}`);
      const uuids = (b.providers ?? []).map((p) => p.provider_uuid);
      if (new Set(uuids).size !== uuids.length) throw new HttpError(400, 'body/providers names a provider twice');
      const known = await providerIdsByUuid(db, uuids);
      const missing = uuids.filter((u) => !known.some((k) => k.uuid === u));
      if (missing.length > 0) throw unprocessable(`No provider ${missing.join(', ')}`);
      const providers = (b.providers ?? []).map((p) => ({ id: known.find((k) => k.uuid === p.provider_uuid)!.id, fit: p.fit }));
      const uuid = await db.tx((q) =>
        recordMatchingFeedback(q, req.actor.id, {
          providerType: b.provider_type,
          rating: b.rating,
          comment: b.comment?.trim() || null,
          providers,
        }),
      );
      reply.status(201);
      return { data: await matchingFeedback(db, uuid, req.actor.id) };
    },
  );

  app.get(
    '/customers/matching_feedback/:uuid',
    {
      config: { auth: true },
      schema: {
        tags: ['matching'],
        summary: 'One matching feedback of mine',
        params: UuidParams,
        response: { 200: Type.Object({ data: Feedback }) },
      },
    },
    async (req) => ({ data: await matchingFeedback(db, req.params.uuid, req.actor.id) }),
  );
}
