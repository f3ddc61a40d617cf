// The rest of the patient's home: care tools (library, detail, assigned), experts' talks and
// videos, the journey built from what the patient has done, guided-tour marks and the initial-
// assessment edited flags. Everything a patient reads here is their own or public content.
import { Type } from '@sinclair/typebox';
import { notFound, type App } from '../core/http.js';
import { Nullable, Success } from '../core/schemas.js';
import { TOURS, answeredAssessmentTypes, assignedTools, careTool, expertContent, journey, markTourSeen, seenTours } from '../care/index.js';

const Slug = Type.Object({ slug: Type.String({ pattern: '^[a-z0-9-]{1,40}$' }) });
const Assignment = Type.Object({ provider_name: Type.String(), note: Nullable(Type.String()), assigned_at: Type.String() });
const Tool = Type.Object({
  slug: Type.String(),
  title: Type.String(),
  category: Type.String(),
  duration_minutes: Type.Integer(),
  description: Type.String(),
});
const Milestone = Type.Object({
  kind: Type.Union(['joined', 'session_completed', 'assessment', 'journal', 'next_session'].map((k) => Type.Literal(k))),
  title: Type.String(),
  at: Type.String(),
});

export async function careRoutes(app: App) {
  const db = app.ctx.db;
  const auth = { auth: true };

  app.get(
    '/customers/assigned_tools',
    {
      config: auth,
      schema: {
        tags: ['content'],
        summary: 'Care tools my providers assigned to me, newest first',
        response: { 200: Type.Object({ data: Type.Array(Type.Composite([Tool, Type.Object({ assignment: Assignment })])) }) },
      },
    },
    async (req) => ({ data: await assignedTools(db, req.actor.id) }),
  );

  app.get(
    '/care_tools/:slug',
    {
      config: auth,
      schema: {
        tags: ['content'],
        summary: 'One care tool with its steps, and my assignment of it (null when nobody assigned it to me)',
        params: Slug,
        response: {
          200: Type.Object({
            data: Type.Composite([Tool, Type.Object({ steps: Type.Array(Type.String()), assignment: Nullable(Assignment) })]),
          }),
        },
      },
    },
    async (req) => {
      const tool = await careTool(db, req.actor.id, req.params.slug);
      if (!tool) throw notFound(`No care tool ${req.params.slug}`);
      return { data: tool };
    },
  );

  app.get(
    '/experts',
    {
      config: auth,
      schema: {
        tags: ['content'],
        summary: "Experts' talks and videos, newest first (video_url as published; the client checks it yields a video id)",
        querystring: Type.Object({ kind: Type.Optional(Type.Union([Type.Literal('talk'), Type.Literal('video')])) }),
        response: {
          200: Type.Object({
            data: Type.Array(
              Type.Object({
                uuid: Type.String(),
                kind: Type.String(),
                title: Type.String(),
                expert_name: Type.String(),
                expert_role: Type.String(),
                description: Type.String(),
                video_url: Type.String(),
                duration_minutes: Type.Integer(),
                published_at: Type.String(),
              }),
            ),
          }),
        },
      },
    },
    async (req) => ({ data: await expertContent(db, req.query.kind ?? null) }),
  );

  app.get(
    '/customers/journey',
    {
      config: auth,
      schema: {
        tags: ['content'],
        summary: 'My journey: what I have done in care, oldest first, then my next session',
        response: {
          200: Type.Object({
            data: Type.Object({
              completed_sessions: Type.Integer(),
              assessments_taken: Type.Integer(),
              journal_entries: Type.Integer(),
              milestones: Type.Array(Milestone),
            }),
          }),
        },
      },
    },
    async (req) => ({ data: await journey(db, req.actor.id) }),
  );

  const Section = Type.Object({ section: Type.Union(TOURS.map((t) => Type.Literal(t))) });
  app.get(
    '/customers/coachmarks',
    {
      config: auth,
      schema: {
        tags: ['dashboard'],
        summary: 'Guided tours I have already seen (each is shown once)',
        response: { 200: Type.Object({ seen: Type.Array(Type.String()) }) },
      },
    },
    async (req) => ({ seen: await seenTours(db, req.actor.id) }),
  );
  app.put(
    '/customers/coachmarks/:section',
    {
      config: auth,
      schema: {
        tags: ['dashboard'],
        summary: 'Record that a guided tour was seen (finished or closed)',
        params: Section,
        response: { 200: Success },
      },
    },
    async (req) => {
      await markTourSeen(db, req.actor.id, req.params.section);
      return { success: true };
    },
  );

  app.get(
    '/customers/initial_assessments',
    {
      config: auth,
      schema: {
        tags: ['assessments'],
        summary: 'Assessment types I have answered (therapy, psychiatry, common): the initial-assessment edited flags',
        response: { 200: Type.Object({ data: Type.Object({ answered_types: Type.Array(Type.String()) }) }) },
      },
    },
    async (req) => ({ data: { answered_types: await answeredAssessmentTypes(db, req.actor.id) } }),
  );
}
