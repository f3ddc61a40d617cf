// Care team and public profiles: saved providers (mine only), and the public provider pages'
// data (no sign-in): profile, the provider list the build prerenders and the sitemap lists, and the
// expertise and concerns lists used as filters and as links between profiles.
// A public answer carries only what a visitor may see: never ids, schedules, clinic ids, support
// providers (care coordinators have no public page) or who wrote a testimonial.
import { Type } from '@sinclair/typebox';
import { notFound, type App } from '../core/http.js';
import { Nullable, Offering, ProviderCardFields, ProviderOffer, ProviderSummary, Success, Uuid } from '../core/schemas.js';
import { viewerId } from '../identity/index.js';
import { sponsorOf } from '../payments/index.js';
import { countedValues, publicProfile, publicProviders, savedProviders, saveProvider, unsaveProvider } from '../providers/index.js';

const PublicCard = Type.Object({
  uuid: Type.String(),
  firstname: Type.String(),
  lastname: Type.String(),
  roles: Type.Array(Type.String()),
  languages: Type.Array(Type.String()),
  concerns: Type.Array(Type.String()),
  experience_years: Type.Integer(),
  online_offering: Offering,
  offline_offering: Offering,
  commercials: Nullable(Type.Object({ medium: Type.String() })),
  earliest_available_datetime: Nullable(Type.String({ description: 'ISO 8601, UTC' })),
  offer: ProviderOffer,
});
/** A listed provider's public card with what a patient chooses by (portrait, qualification, next times, ...). */
const PublicListed = Type.Composite([PublicCard, ProviderCardFields]);
const PublicProfile = Type.Composite([
  PublicListed,
  Type.Object({
    bio: Type.String(),
    testimonials: Type.Array(
      Type.Object({ author_label: Type.String(), body: Type.String(), rating: Type.Integer(), published_at: Type.String() }),
    ),
    similar_providers: Type.Array(PublicCard),
    next_slots: Type.Array(Type.Object({ start_time: Type.String(), end_time: Type.String() })),
  }),
]);
const Counted = (key: string) => Type.Object({ data: Type.Array(Type.Object({ [key]: Type.String(), providers: Type.Integer() })) });
const UuidParams = Type.Object({ uuid: Uuid });

export async function careteamRoutes(app: App) {
  const db = app.ctx.db;
  const now = app.ctx.clock ?? Date.now;
  const auth = { auth: true };

  app.get(
    '/customers/saved_providers',
    {
      config: auth,
      schema: {
        tags: ['providers'],
        summary: 'Providers I saved, last saved first',
        response: { 200: Type.Object({ data: Type.Array(ProviderSummary) }) },
      },
    },
    async (req) => ({ data: await savedProviders(db, req.actor.id, now()) }),
  );

  app.put(
    '/customers/saved_providers/:uuid',
    {
      config: auth,
      schema: {
        tags: ['providers'],
        summary: 'Save a provider (saving twice is the same)',
        params: UuidParams,
        response: { 200: Success },
      },
    },
    async (req) => {
      await saveProvider(db, req.actor.id, req.params.uuid);
      return { success: true };
    },
  );

  app.delete(
    '/customers/saved_providers/:uuid',
    {
      config: auth,
      schema: {
        tags: ['providers'],
        summary: 'Unsave a provider (404 when it is not among my saved providers)',
        params: UuidParams,
        response: { 200: Success },
      },
    },
    async (req) => {
      if (!(await unsaveProvider(db, req.actor.id, req.params.uuid)))
        throw notFound(`Provider ${req.params.uuid} is not among your saved providers`);
      return { success: true };
    },
  );

  app.get(
    '/public/providers',
    {
      schema: {
        tags: ['public'],
        summary: 'Every listed provider (public fields): the provider pages and the sitemap',
        response: { 200: Type.Object({ data: Type.Array(PublicListed) }) },
      },
    },
    async () => ({ data: await publicProviders(db, now(), app.ctx.assetHost) }),
  );

  app.get(
    '/public/providers/:uuid',
    {
      schema: {
        tags: ['public'],
        summary: 'A public provider profile: bio, roles, languages, fees, testimonials, similar providers, next free slots',
        params: UuidParams,
        response: { 200: Type.Object({ data: PublicProfile }) },
      },
    },
    async (req) => {
      // Signed in, the profile says whether their company package covers this provider ("Covered by").
      const viewer = await viewerId(db, req.headers, now());
      const sponsor = viewer === null ? null : await sponsorOf(db, viewer);
      return { data: await publicProfile(db, req.params.uuid, now(), { assetHost: app.ctx.assetHost, sponsor }) };
    },
  );

  app.get(
    '/public/expertise',
    {
      schema: {
        tags: ['public'],
        summary: 'Expertise list: the provider roles on offer, with how many providers hold each',
        response: { 200: Counted('role') },
      },
    },
    async () => ({ data: (await countedValues(db, 'roles')).map((r) => ({ role: r.value, providers: r.providers })) }),
  );

  app.get(
    '/public/concerns',
    {
      schema: {
        tags: ['public'],
        summary: 'Concerns list: the concerns providers help with, with how many providers help with each',
        response: { 200: Counted('concern') },
      },
    },
    async () => ({ data: (await countedValues(db, 'concerns')).map((r) => ({ concern: r.value, providers: r.providers })) }),
  );
}
