// The content library: blogs, videos, webinars, resources, spotlight stories and support kits, read by
// anyone (signed in or not), and webinar registration (and cancelling it) for a signed-in person.
import { Type } from '@sinclair/typebox';
import type { App } from '../core/http.js';
import { ErrorBody, Literals, Nullable, Page } from '../core/schemas.js';
import {
  cancelWebinarRegistration,
  CONTENT_KINDS,
  contentDetail,
  listContent,
  registerForWebinar,
  webinarRegistrationOf,
} from '../content/index.js';

const auth = { auth: true };
const SlugPattern = '^[a-z0-9-]{1,80}$';
const Kind = Literals(CONTENT_KINDS);
const Summary = Type.Object({
  kind: Kind,
  slug: Type.String(),
  title: Type.String(),
  summary: Type.String(),
  topic: Type.String({ description: 'One lower-case topic, e.g. anxiety, sleep, grief, work, relationships' }),
  author: Type.String({ description: 'The writer, speaker or host' }),
  minutes: Type.Integer({ description: 'Reading time, or running time for a video or webinar' }),
  published_at: Type.String({ format: 'date-time' }),
  starts_at: Nullable(Type.String({ format: 'date-time', description: 'When a webinar starts (null for every other kind)' })),
  seats_left: Nullable(Type.Integer({ description: "A webinar's free seats (null: no limit, or not a webinar)" })),
});
const Detail = Type.Composite([
  Summary,
  Type.Object({
    body: Type.Array(Type.String(), { description: 'Paragraphs of the article, transcript or description' }),
    steps: Type.Array(Type.Object({ title: Type.String(), detail: Type.String() }), {
      description: "A support kit's steps in order (empty for every other kind)",
    }),
    media_url: Nullable(Type.String({ description: 'A file on the asset host (null: none)' })),
  }),
]);
const Registration = Type.Object({
  registered: Type.Boolean(),
  registered_at: Nullable(Type.String({ format: 'date-time' })),
  seats_left: Nullable(Type.Integer()),
});
const WebinarSlug = Type.Object({ slug: Type.String({ pattern: SlugPattern }) });

export async function contentLibraryRoutes(app: App) {
  const db = app.ctx.db;
  const now = app.ctx.clock ?? Date.now;

  app.get(
    '/content/:kind',
    {
      schema: {
        tags: ['content'],
        summary: 'Content of one kind (blogs, videos, webinars, resources, spotlight, support kits), newest first, by topic',
        params: Type.Object({ kind: Kind }),
        querystring: Type.Object({
          topic: Type.Optional(Type.String({ maxLength: 40 })),
          page: Type.Optional(Page),
          per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 12 })),
        }),
        response: {
          200: Type.Object({
            data: Type.Array(Summary),
            meta: Type.Object({
              page: Type.Integer(),
              per_page: Type.Integer(),
              total: Type.Integer(),
              topics: Type.Array(Type.String(), { description: 'Every topic of this kind, for a filter' }),
            }),
          }),
        },
      },
    },
    async (req) =>
      listContent(db, req.params.kind, { topic: req.query.topic, page: req.query.page ?? 1, perPage: req.query.per_page ?? 12 }),
  );

  app.get(
    '/content/:kind/:slug',
    {
      schema: {
        tags: ['content'],
        summary: 'One blog, video, webinar, resource, spotlight story or support kit',
        params: Type.Object({ kind: Kind, slug: Type.String({ pattern: SlugPattern }) }),
        response: { 200: Type.Object({ data: Detail }), 404: ErrorBody },
      },
    },
    async (req) => ({ data: await contentDetail(db, req.params.kind, req.params.slug) }),
  );

  app.get(
    '/content/webinars/:slug/registration',
    {
      config: auth,
      schema: {
        tags: ['content'],
        summary: 'Whether I am registered for a webinar, and its seats left',
        params: WebinarSlug,
        response: { 200: Type.Object({ data: Registration }), 404: ErrorBody },
      },
    },
    async (req) => ({ data: await webinarRegistrationOf(db, req.params.slug, req.actor.id) }),
  );

  app.post(
    '/content/webinars/:slug/registrations',
    {
      config: auth,
      schema: {
        tags: ['content'],
        summary: 'Register for a webinar (201; 200 when already registered; 409 when full; 422 once it has started)',
        params: WebinarSlug,
        response: {
          200: Type.Object({ data: Registration }),
          201: Type.Object({ data: Registration }),
          404: ErrorBody,
          409: ErrorBody,
          422: ErrorBody,
        },
      },
    },
    async (req, reply) => {
      const { created, ...data } = await registerForWebinar(db, req.params.slug, req.actor.id, now());
      reply.status(created ? 201 : 200);
      return { data };
    },
  );

  app.delete(
    '/content/webinars/:slug/registration',
    {
      config: auth,
      schema: {
        tags: ['content'],
        summary: 'Cancel my registration for a webinar before it starts, freeing its seat (404 when I hold none; 422 once it has started)',
        params: WebinarSlug,
        response: { 200: Type.Object({ data: Registration }), 404: ErrorBody, 422: ErrorBody },
      },
    },
    async (req) => ({ data: await cancelWebinarRegistration(db, req.params.slug, req.actor.id, now()) }),
  );
}
