// What a patient chooses a provider by, beyond the summary: the portrait (product rules, Validation: the
// default avatar or the avatar folder on the asset host), qualification and council registration, their
// approach in one line, the next three free times, what patients say, and whether the viewer's company
// package covers them. One read per list for the times and one for the testimonials, never one per provider.
import { AVATAR_FOLDER, DEFAULT_AVATAR_FILE } from '@haven/rules';
import type { Queryable } from '../db/index.js';
import { nextFreeStarts } from './schedule.js';
import type { ProviderRow } from './serialize.js';

/** How many free times a card offers, and how many testimonials a list card carries (a profile shows more). */
export const CARD_FREE_TIMES = 3;
export const CARD_TESTIMONIALS = 2;

/** The signed-in patient's package: the company that pays and the provider roles it covers (credits left). */
export interface Sponsor {
  company: string;
  roles: readonly string[];
}

export interface Testimonial {
  author_label: string;
  body: string;
  rating: number;
  published_at: string;
}

/** The portrait's address: the provider's file or the default avatar, in the avatar folder; null without an asset host. */
export function providerAvatarUrl(p: Pick<ProviderRow, 'avatar_file'>, assetHost: string | undefined): string | null {
  if (!assetHost) return null;
  return `${assetHost.replace(/\/+$/, '')}${AVATAR_FOLDER}${p.avatar_file ?? DEFAULT_AVATAR_FILE}`;
}

/** The company covering this provider for the viewer, or null (no package, no credits, or none of its roles covered). */
export function coveredBy(p: Pick<ProviderRow, 'roles'>, sponsor: Sponsor | null): string | null {
  return sponsor && p.roles.some((r) => sponsor.roles.includes(r)) ? sponsor.company : null;
}

/** The newest testimonials of each provider, at most `per` each (a label, never a name). */
export async function testimonialsOf(q: Queryable, ids: number[], per: number): Promise<Map<number, Testimonial[]>> {
  const out = new Map<number, Testimonial[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const rows = await q.query<Testimonial & { provider_id: number; published_at: Date | string }>(
    `SELECT provider_id, author_label, body, rating, published_at FROM (
       SELECT t.*, row_number() OVER (PARTITION BY provider_id ORDER BY published_at DESC, id DESC) AS n
         FROM provider_testimonials t WHERE provider_id = ANY($1::int[])) r
      WHERE n <= $2 ORDER BY provider_id, n`,
    [ids, per],
  );
  for (const r of rows)
    out.get(r.provider_id)!.push({
      author_label: r.author_label,
      body: r.body,
      rating: r.rating,
      published_at: new Date(r.published_at).toISOString(),
    });
  return out;
}

export interface CardContext {
  assetHost: string | undefined;
  now: number;
  sponsor: Sponsor | null;
  /** Testimonials per provider (a list card: CARD_TESTIMONIALS). */
  testimonials?: number;
}

/** The card fields of each provider, by id. */
export async function cardFields(q: Queryable, rows: ProviderRow[], ctx: CardContext) {
  const times = await nextFreeStarts(q, rows, CARD_FREE_TIMES, ctx.now);
  const said = await testimonialsOf(
    q,
    rows.map((p) => p.id),
    ctx.testimonials ?? CARD_TESTIMONIALS,
  );
  return new Map(
    rows.map((p) => [
      p.id,
      {
        avatar_url: providerAvatarUrl(p, ctx.assetHost),
        qualification: p.qualification,
        registration:
          p.registration_council && p.registration_number ? { council: p.registration_council, number: p.registration_number } : null,
        approach: p.approach,
        next_free_times: (times.get(p.id) ?? []).map((s) => new Date(s).toISOString()),
        testimonials: said.get(p.id) ?? [],
        covered_by: coveredBy(p, ctx.sponsor),
      },
    ]),
  );
}
export type CardFields = NonNullable<ReturnType<Awaited<ReturnType<typeof cardFields>>['get']>>;
