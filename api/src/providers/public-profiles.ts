// Saved providers (a patient's own list) and the public provider pages' data (no sign-in). A public
// answer carries only what a visitor may see: never ids, schedules, clinic ids, support providers (care
// coordinators have no public page) or who wrote a testimonial.
import { notFound } from '../core/http.js';
import type { Queryable } from '../db/index.js';
import { availableSlots, earliestFor, SESSION_MINUTES } from './schedule.js';
import { providerSummary, type ProviderRow } from './serialize.js';
import { cardFields, type Sponsor } from './card.js';

const NEXT_SLOTS = 6;
const SIMILAR = 3;

function publicCard(p: ProviderRow, earliest: number | null) {
  return {
    uuid: p.uuid,
    firstname: p.firstname,
    lastname: p.lastname,
    roles: p.roles,
    languages: p.languages,
    concerns: p.concerns,
    experience_years: p.experience_years,
    online_offering: p.online_offering,
    offline_offering: p.offline_offering,
    commercials: p.commercials,
    earliest_available_datetime: earliest === null ? null : new Date(earliest).toISOString(),
    offer: p.offer ?? null,
  };
}

/** A provider with a public page (not a support provider), or 404. */
export async function listedProvider(q: Queryable, uuid: string): Promise<ProviderRow> {
  const [p] = await q.query<ProviderRow>(`SELECT * FROM providers WHERE uuid::text = $1 AND NOT is_support_provider`, [uuid]);
  if (!p) throw notFound(`No provider ${uuid}`);
  return p;
}

/** Distinct values of a jsonb list column over the listed providers, with how many have each. */
export async function countedValues(q: Queryable, column: 'roles' | 'concerns') {
  return q.query<{ value: string; providers: number }>(
    `SELECT v AS value, count(*)::int AS providers FROM providers, jsonb_array_elements_text(${column}) AS v
     WHERE NOT is_support_provider GROUP BY v ORDER BY v`,
  );
}

/** The providers the user saved, last saved first, with their earliest free time. */
export async function savedProviders(q: Queryable, userId: number, now: number) {
  const rows = await q.query<ProviderRow>(
    `SELECT p.* FROM saved_providers s JOIN providers p ON p.id = s.provider_id WHERE s.user_id = $1 ORDER BY s.saved_at DESC, p.id`,
    [userId],
  );
  const e = await earliestFor(q, rows, now);
  return rows.map((p) => providerSummary(p, e.get(p.id) ?? null));
}

/** Saves a listed provider for the user (saving twice is the same); 404 for one without a public page. */
export async function saveProvider(q: Queryable, userId: number, uuid: string): Promise<void> {
  const p = await listedProvider(q, uuid);
  await q.query(`INSERT INTO saved_providers (user_id, provider_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [userId, p.id]);
}

/** Unsaves a provider; false when it was not among the user's saved providers. */
export async function unsaveProvider(q: Queryable, userId: number, uuid: string): Promise<boolean> {
  const gone = await q.query(
    `DELETE FROM saved_providers s USING providers p WHERE p.id = s.provider_id AND s.user_id = $1 AND p.uuid::text = $2 RETURNING s.provider_id`,
    [userId, uuid],
  );
  return gone.length > 0;
}

/** Every listed provider's public card with what a patient chooses by: the provider pages and the sitemap. */
export async function publicProviders(q: Queryable, now: number, assetHost: string | undefined) {
  const rows = await q.query<ProviderRow>(`SELECT * FROM providers WHERE NOT is_support_provider ORDER BY lastname, firstname, id`);
  const e = await earliestFor(q, rows, now);
  const extra = await cardFields(q, rows, { assetHost, now, sponsor: null });
  return rows.map((p) => ({ ...publicCard(p, e.get(p.id) ?? null), ...extra.get(p.id)! }));
}

/** A public provider profile: the card, bio, testimonials, similar providers (a shared role, most shared concerns first) and the next free times. */
export async function publicProfile(
  q: Queryable,
  uuid: string,
  now: number,
  ctx: { assetHost: string | undefined; sponsor: Sponsor | null },
) {
  const p = await listedProvider(q, uuid);
  const testimonials = await q.query<{ author_label: string; body: string; rating: number; published_at: Date }>(
    `SELECT author_label, body, rating, published_at FROM provider_testimonials WHERE provider_id = $1 ORDER BY published_at DESC, id DESC LIMIT 10`,
    [p.id],
  );
  const similar = await q.query<ProviderRow>(
    `SELECT p.* FROM providers p WHERE p.id <> $1 AND NOT p.is_support_provider AND p.roles ?| ARRAY(SELECT jsonb_array_elements_text($2::jsonb))
     ORDER BY (SELECT count(*) FROM jsonb_array_elements_text(p.concerns) c WHERE c = ANY(ARRAY(SELECT jsonb_array_elements_text($3::jsonb)))) DESC, p.id
     LIMIT ${SIMILAR}`,
    [p.id, JSON.stringify(p.roles), JSON.stringify(p.concerns)],
  );
  const e = await earliestFor(q, [p, ...similar], now);
  const slots = (await availableSlots(q, p, now)).slice(0, NEXT_SLOTS);
  const extra = (await cardFields(q, [p], { ...ctx, now })).get(p.id)!;
  return {
    ...publicCard(p, e.get(p.id) ?? null),
    ...extra,
    bio: p.bio,
    testimonials: testimonials.map((t) => ({ ...t, published_at: new Date(t.published_at).toISOString() })),
    similar_providers: similar.map((s) => publicCard(s, e.get(s.id) ?? null)),
    next_slots: slots.map((s) => ({
      start_time: new Date(s).toISOString(),
      end_time: new Date(s + SESSION_MINUTES * 60_000).toISOString(),
    })),
  };
}
