// Care team and public profiles: saved providers (mine only), and the public provider pages'
// data (no sign-in): profile, the provider list the build prerenders and the sitemap lists, and the
// expertise and concerns lists used as filters and as links between profiles.
// A public answer carries only what a visitor may see: never ids, schedules, clinic ids, support
// providers (care coordinators have no public page) or who wrote a testimonial.
import { Type } from '@sinclair/typebox';
import { notFound, type App } from '../core/http.js';
import { Nullable, Offering, ProviderOffer, ProviderSummary, Success, Uuid } from '../core/schemas.js';
import { providerSummary, type ProviderRow, availableSlots, earliestFor, SESSION_MINUTES } from '../providers/index.js';
import type { Queryable } from '../db/index.js';

const NEXT_SLOTS = 6;
const SIMILAR = 3;

const PublicCard = Type.Object({
  uuid: Type.String(), firstname: Type.String(), lastname: Type.String(), roles: Type.Array(Type.String()),
  languages: Type.Array(Type.String()), concerns: Type.Array(Type.String()), experience_years: Type.Integer(),
  online_offering: Offering, offline_offering: Offering, commercials: Nullable(Type.Object({ medium: Type.String() })),
  earliest_available_datetime: Nullable(Type.String({ description: 'ISO 8601, UTC' })), offer: ProviderOffer,
});
const PublicProfile = Type.Composite([PublicCard, Type.Object({
  bio: Type.String(),
  testimonials: Type.Array(Type.Object({ author_label: Type.String(), body: Type.String(), rating: Type.Integer(), published_at: Type.String() })),
  similar_providers: Type.Array(PublicCard),
  next_slots: Type.Array(Type.Object({ start_time: Type.String(), end_time: Type.String() })),
})]);
const Counted = (key: string) => Type.Object({ data: Type.Array(Type.Object({ [key]: Type.String(), providers: Type.Integer() })) });
const UuidParams = Type.Object({ uuid: Uuid });

function publicCard(p: ProviderRow, earliest: number | null) {
  return {
    uuid: p.uuid, firstname: p.firstname, lastname: p.lastname, roles: p.roles, languages: p.languages, concerns: p.concerns,
    experience_years: p.experience_years, online_offering: p.online_offering, offline_offering: p.offline_offering, commercials: p.commercials,
    earliest_available_datetime: earliest === null ? null : new Date(earliest).toISOString(), offer: p.offer ?? null,
  };
}
async function listedProvider(q: Queryable, uuid: string): Promise<ProviderRow> {
  const [p] = await q.query<ProviderRow>(`SELECT * FROM providers WHERE uuid::text = $1 AND NOT is_support_provider`, [uuid]);
  if (!p) throw notFound(`No provider ${uuid}`);
  return p;
}
/** Distinct values of a jsonb list column over the listed providers, with how many have each. */
async function countedValues(q: Queryable, column: 'roles' | 'concerns') {
  return q.query<{ value: string; providers: number }>(
    `SELECT v AS value, count(*)::int AS providers FROM providers, jsonb_array_elements_text(${column}) AS v
     WHERE NOT is_support_provider GROUP BY v ORDER BY v`);
}

export async function careteamRoutes(app: App) {
  const db = app.ctx.db;
  const now = app.ctx.clock ?? Date.now;
  const auth = { auth: true };

  app.get('/customers/saved_providers', {
    config: auth,
    schema: { tags: ['providers'], summary: 'Providers I saved, last saved first', response: { 200: Type.Object({ data: Type.Array(ProviderSummary) }) } },
  }, async (req) => {
    const rows = await db.query<ProviderRow>(
      `SELECT p.* FROM saved_providers s JOIN providers p ON p.id = s.provider_id WHERE s.user_id = $1 ORDER BY s.saved_at DESC, p.id`, [req.actor.id]);
    const e = await earliestFor(db, rows, now());
    return { data: rows.map((p) => providerSummary(p, e.get(p.id) ?? null)) };
  });

  app.put('/customers/saved_providers/:uuid', {
    config: auth,
    schema: { tags: ['providers'], summary: 'Save a provider (saving twice is the same)', params: UuidParams, response: { 200: Success } },
  }, async (req) => {
    const p = await listedProvider(db, req.params.uuid);
    await db.query(`INSERT INTO saved_providers (user_id, provider_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [req.actor.id, p.id]);
    return { success: true };
  });

  app.delete('/customers/saved_providers/:uuid', {
    config: auth,
    schema: { tags: ['providers'], summary: 'Unsave a provider (404 when it is not among my saved providers)', params: UuidParams, response: { 200: Success } },
  }, async (req) => {
    const gone = await db.query(
      `DELETE FROM saved_providers s USING providers p WHERE p.id = s.provider_id AND s.user_id = $1 AND p.uuid::text = $2 RETURNING s.provider_id`,
      [req.actor.id, req.params.uuid]);
    if (gone.length === 0) throw notFound(`Provider ${req.params.uuid} is not among your saved providers`);
    return { success: true };
  });

  app.get('/public/providers', {
    schema: {
      tags: ['public'], summary: 'Every listed provider (public fields): the provider pages and the sitemap',
      response: { 200: Type.Object({ data: Type.Array(PublicCard) }) },
    },
  }, async () => {
    const rows = await db.query<ProviderRow>(`SELECT * FROM providers WHERE NOT is_support_provider ORDER BY lastname, firstname, id`);
    const e = await earliestFor(db, rows, now());
    return { data: rows.map((p) => publicCard(p, e.get(p.id) ?? null)) };
  });

  app.get('/public/providers/:uuid', {
    schema: {
      tags: ['public'], summary: 'A public provider profile: bio, roles, languages, fees, testimonials, similar providers, next free slots',
      params: UuidParams, response: { 200: Type.Object({ data: PublicProfile }) },
    },
  }, async (req) => {
    const p = await listedProvider(db, req.params.uuid);
    const testimonials = await db.query<{ author_label: string; body: string; rating: number; published_at: Date }>(
      `SELECT author_label, body, rating, published_at FROM provider_testimonials WHERE provider_id = $1 ORDER BY published_at DESC, id DESC LIMIT 10`, [p.id]);
    // Similar: shares a role, most shared concerns first.
    const similar = await db.query<ProviderRow>(
      `SELECT p.* FROM providers p WHERE p.id <> $1 AND NOT p.is_support_provider AND p.roles ?| ARRAY(SELECT jsonb_array_elements_text($2::jsonb))
       ORDER BY (SELECT count(*) FROM jsonb_array_elements_text(p.concerns) c WHERE c = ANY(ARRAY(SELECT jsonb_array_elements_text($3::jsonb)))) DESC, p.id
       LIMIT ${SIMILAR}`, [p.id, JSON.stringify(p.roles), JSON.stringify(p.concerns)]);
    const e = await earliestFor(db, [p, ...similar], now());
    const slots = (await availableSlots(db, p, now())).slice(0, NEXT_SLOTS);
    return {
      data: {
        ...publicCard(p, e.get(p.id) ?? null), bio: p.bio,
        testimonials: testimonials.map((t) => ({ ...t, published_at: new Date(t.published_at).toISOString() })),
        similar_providers: similar.map((s) => publicCard(s, e.get(s.id) ?? null)),
        next_slots: slots.map((s) => ({ start_time: new Date(s).toISOString(), end_time: new Date(s + SESSION_MINUTES * 60_000).toISOString() })),
      },
    };
  });

  app.get('/public/expertise', {
    schema: { tags: ['public'], summary: 'Expertise list: the provider roles on offer, with how many providers hold each', response: { 200: Counted('role') } },
  }, async () => ({ data: (await countedValues(db, 'roles')).map((r) => ({ role: r.value, providers: r.providers })) }));

  app.get('/public/concerns', {
    schema: { tags: ['public'], summary: 'Concerns list: the concerns providers help with, with how many providers help with each', response: { 200: Counted('concern') } },
  }, async () => ({ data: (await countedValues(db, 'concerns')).map((r) => ({ concern: r.value, providers: r.providers })) }));
}
