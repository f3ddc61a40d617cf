// Decline and track, matching feedback and the ranked matches (product rules, Providers and fees). A declined provider
// is never suggested to that patient again (here and in the dashboard's suggestions) until the decline
// is withdrawn; feedback marks providers a good or poor fit. providers/match-rank.ts holds the ranking rule.
import { Type } from '@sinclair/typebox';
import { HttpError, notFound, unprocessable, type App } from '../core/http.js';
import { limitsOf } from '../core/limits.js';
import { Literals, Nullable, ProviderSummary, Success } from '../core/schemas.js';
import { type ProviderRow, DECLINE_REASONS, rankMatches, type DeclineReason, PROVIDER_ROLES, providerByUuid, withEarliest } from '../providers/index.js';

/** Product rules, Providers and fees: matched providers sent, at most 30. */
const MAX_MATCHES = 30;
const MATCH_ROLES = PROVIDER_ROLES.filter((r) => r !== 'care-coordinator');
const Person = Type.Object({ uuid: Type.String(), firstname: Type.String(), lastname: Type.String() });
const Decline = Type.Object({
  uuid: Type.String(), provider: Person, reason: Literals(DECLINE_REASONS), comment: Nullable(Type.String()), created_at: Type.String(),
});
const Feedback = Type.Object({
  uuid: Type.String(), provider_type: Type.String(), rating: Type.Integer(), comment: Nullable(Type.String()), created_at: Type.String(),
  providers: Type.Array(Type.Object({ provider: Person, fit: Literals(['good', 'poor'] as const) })),
});
const UuidParams = Type.Object({ uuid: Type.String({ format: 'uuid' }) });
const iso = (d: Date | string) => new Date(d).toISOString();

type DeclineRow = { uuid: string; reason: DeclineReason; comment: string | null; created_at: Date; p_uuid: string; firstname: string; lastname: string };
const DECLINE_SELECT = `SELECT d.uuid::text, d.reason, d.comment, d.created_at, p.uuid::text AS p_uuid, p.firstname, p.lastname
  FROM provider_declines d JOIN providers p ON p.id = d.provider_id`;
const decline = (r: DeclineRow) => ({
  uuid: r.uuid, reason: r.reason, comment: r.comment, created_at: iso(r.created_at), provider: { uuid: r.p_uuid, firstname: r.firstname, lastname: r.lastname },
});

export async function matchingRoutes(app: App) {
  const { ctx } = app;
  const db = ctx.db;

  app.get('/customers/matches', {
    config: { auth: true },
    schema: {
      tags: ['matching'], summary: `Providers that fit the answers, ranked with my declines and feedback (declined ones left out; at most ${MAX_MATCHES})`,
      querystring: Type.Object({
        role: Type.String({ maxLength: 40 }), concern: Type.Optional(Type.String({ maxLength: 60 })), language: Type.Optional(Type.String({ maxLength: 40 })),
        mode: Type.Optional(Literals(['online', 'offline'] as const)),
      }),
      response: { 200: Type.Object({ data: Type.Array(ProviderSummary) }) },
    },
  }, async (req) => {
    const f = req.query;
    if (!MATCH_ROLES.includes(f.role)) throw new HttpError(400, `querystring/role must be one of ${MATCH_ROLES.join(', ')}`);
    const where = ['NOT is_support_provider', 'roles @> jsonb_build_array($1::text)'];
    const params: unknown[] = [f.role];
    if (f.concern) { params.push(f.concern.toLowerCase()); where.push(`concerns @> jsonb_build_array($${params.length}::text)`); }
    if (f.language) { params.push(f.language.toLowerCase()); where.push(`languages @> jsonb_build_array($${params.length}::text)`); }
    if (f.mode) where.push(f.mode === 'online' ? 'online_offering IS NOT NULL' : 'offline_offering IS NOT NULL');
    const candidates = await db.query<ProviderRow>(`SELECT * FROM providers WHERE ${where.join(' AND ')} ORDER BY price_tier, id`, params);
    const declines = await db.query<ProviderRow & { reason: DeclineReason }>(
      `SELECT p.*, d.reason FROM provider_declines d JOIN providers p ON p.id = d.provider_id WHERE d.user_id = $1`, [req.actor.id]);
    const fits = await db.query<{ provider_id: number; fit: 'good' | 'poor' }>(`SELECT provider_id, fit FROM matching_provider_fits WHERE user_id = $1`, [req.actor.id]);
    const ranked = rankMatches(candidates, {
      declines: declines.map((d) => ({ provider: d, reason: d.reason })), fits: new Map(fits.map((x) => [x.provider_id, x.fit])),
    });
    return { data: await withEarliest(db, ranked.slice(0, MAX_MATCHES)) };
  });

  app.post('/customers/provider_declines', {
    config: { auth: true },
    schema: {
      tags: ['matching'], summary: 'Decline and track: this provider is not a fit for me (with a reason); they are not suggested to me again',
      body: Type.Object({ provider_uuid: Type.String({ format: 'uuid' }), reason: Literals(DECLINE_REASONS), comment: Type.Optional(Type.String({ maxLength: 500 })) }),
      response: { 200: Type.Object({ data: Decline }, { description: 'declined before: the reason is updated' }), 201: Type.Object({ data: Decline }) },
    },
  }, async (req, reply) => {
    const limits = limitsOf(ctx);
    await limits.take('provider_decline_address', req.ip);
    await limits.take('provider_decline_user', String(req.user.id));
    const p = await providerByUuid(db, req.body.provider_uuid);
    const comment = req.body.comment?.trim() || null;
    const [row] = await db.query<{ uuid: string; inserted: boolean }>(
      `INSERT INTO provider_declines (user_id, provider_id, reason, comment) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, provider_id) DO UPDATE SET reason = EXCLUDED.reason, comment = EXCLUDED.comment
       RETURNING uuid::text, (xmax = 0) AS inserted`, [req.actor.id, p.id, req.body.reason, comment]);
    const [d] = await db.query<DeclineRow>(`${DECLINE_SELECT} WHERE d.uuid::text = $1`, [row!.uuid]);
    reply.status(row!.inserted ? 201 : 200);
    return { data: decline(d!) };
  });

  app.get('/customers/provider_declines', {
    config: { auth: true },
    schema: { tags: ['matching'], summary: 'The providers I declined, newest first', response: { 200: Type.Object({ data: Type.Array(Decline) }) } },
  }, async (req) => ({
    data: (await db.query<DeclineRow>(`${DECLINE_SELECT} WHERE d.user_id = $1 ORDER BY d.created_at DESC, d.id DESC`, [req.actor.id])).map(decline),
  }));

  app.delete('/customers/provider_declines/:uuid', {
    config: { auth: true },
    schema: { tags: ['matching'], summary: 'Withdraw a decline: the provider may be suggested again', params: UuidParams, response: { 200: Success } },
  }, async (req) => {
    const r = await db.query(`DELETE FROM provider_declines WHERE uuid::text = $1 AND user_id = $2 RETURNING id`, [req.params.uuid, req.actor.id]);
    if (r.length === 0) throw notFound(`No decline ${req.params.uuid}`);
    return { success: true };
  });

  const feedbackOf = async (uuid: string, userId: number) => {
    const [f] = await db.query<{ id: number; uuid: string; provider_type: string; rating: number; comment: string | null; created_at: Date; providers: Array<{ uuid: string; firstname: string; lastname: string; fit: 'good' | 'poor' }> | null }>(
      `SELECT f.id, f.uuid::text, f.provider_type, f.rating, f.comment, f.created_at,
         (SELECT jsonb_agg(jsonb_build_object('uuid', p.uuid::text, 'firstname', p.firstname, 'lastname', p.lastname, 'fit', x.fit) ORDER BY p.id)
            FROM matching_feedback_providers x JOIN providers p ON p.id = x.provider_id WHERE x.feedback_id = f.id) AS providers
       FROM matching_feedback f WHERE f.uuid::text = $1 AND f.user_id = $2`, [uuid, userId]);
    if (!f) throw notFound(`No matching feedback ${uuid}`);
    return {
      uuid: f.uuid, provider_type: f.provider_type, rating: f.rating, comment: f.comment, created_at: iso(f.created_at),
      providers: (f.providers ?? []).map(({ fit, ...provider }) => ({ provider, fit })),
    };
  };

  app.post('/customers/matching_feedback', {
    config: { auth: true },
    schema: {
      tags: ['matching'], summary: 'Matching feedback: how good my matches were, and which providers fit or not (the next matches use it)',
      body: Type.Object({
        provider_type: Type.String({ maxLength: 40 }), rating: Type.Integer({ minimum: 1, maximum: 5 }), comment: Type.Optional(Type.String({ maxLength: 1000 })),
        providers: Type.Optional(Type.Array(Type.Object({ provider_uuid: Type.String({ format: 'uuid' }), fit: Literals(['good', 'poor'] as const) }), { maxItems: MAX_MATCHES })),
      }),
      response: { 201: Type.Object({ data: Feedback }) },
    },
  }, async (req, reply) => {
    const b = req.body;
    const limits = limitsOf(ctx);
    await limits.take('matching_feedback_address', req.ip);
    await limits.take('matching_feedback_user', String(req.user.id));
    if (!MATCH_ROLES.includes(b.provider_type)) throw new HttpError(400, `body/provider_type must be one of ${MATCH_ROLES.join(', ')}`);
    const uuids = (b.providers ?? []).map((p) => p.provider_uuid);
    if (new Set(uuids).size !== uuids.length) throw new HttpError(400, 'body/providers names a provider twice');
    const known = await db.query<{ id: number; uuid: string }>(`SELECT id, uuid::text FROM providers WHERE uuid::text = ANY($1::text[])`, [uuids]);
    const missing = uuids.filter((u) => !known.some((k) => k.uuid === u));
    if (missing.length > 0) throw unprocessable(`No provider ${missing.join(', ')}`);
    const uuid = await db.tx(async (q) => {
      const [f] = await q.query<{ id: number; uuid: string }>(
        `INSERT INTO matching_feedback (user_id, provider_type, rating, comment) VALUES ($1, $2, $3, $4) RETURNING id, uuid::text`,
        [req.actor.id, b.provider_type, b.rating, b.comment?.trim() || null]);
      for (const p of b.providers ?? []) {
        const id = known.find((k) => k.uuid === p.provider_uuid)!.id;
        await q.query(`INSERT INTO matching_feedback_providers (feedback_id, provider_id, fit) VALUES ($1, $2, $3)`, [f!.id, id, p.fit]);
        await q.query(`INSERT INTO matching_provider_fits (user_id, provider_id, fit) VALUES ($1, $2, $3)
          ON CONFLICT (user_id, provider_id) DO UPDATE SET fit = EXCLUDED.fit, updated_at = now()`, [req.actor.id, id, p.fit]);
      }
      return f!.uuid;
    });
    reply.status(201);
    return { data: await feedbackOf(uuid, req.actor.id) };
  });

  app.get('/customers/matching_feedback/:uuid', {
    config: { auth: true },
    schema: { tags: ['matching'], summary: 'One matching feedback of mine', params: UuidParams, response: { 200: Type.Object({ data: Feedback }) } },
  }, async (req) => ({ data: await feedbackOf(req.params.uuid, req.actor.id) }));
}
