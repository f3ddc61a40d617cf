// Assessments, NPS, care tools, nudges, communities, feature flags.
import { Type } from '@sinclair/typebox';
import type { App } from '../core/http.js';
import { signedIn } from '../core/route-options.js';
import { Nullable, Success } from '../core/schemas.js';
import {
  assessmentList,
  assessmentWithLatest,
  careTools,
  communities,
  dismissNudge,
  featureFlags,
  npsState,
  NUDGE_ORDER,
  nudgesOf,
  RiskFlagSchema,
  saveAssessmentResponse,
  saveNps,
} from '../care/index.js';

const Question = Type.Object({
  id: Type.String(),
  text: Type.String(),
  options: Type.Array(Type.Object({ label: Type.String(), value: Type.Integer() })),
});
/** An assessment's address: its slug. */
const AssessmentSlug = Type.Object({ slug: Type.String({ pattern: '^[a-z0-9-]{1,40}$' }) });
const AssessmentSummary = Type.Object({
  slug: Type.String(),
  title: Type.String(),
  assessment_type: Type.String(),
  description: Type.String(),
  question_count: Type.Integer(),
});
const assessmentsRoute = signedIn('assessments');
const feedbackRoute = signedIn('feedback');
const contentRoute = signedIn('content');

/** Assessments, then feedback and the home's content (the order of the OpenAPI document). */
export async function contentRoutes(app: App) {
  assessmentRoutes(app);
  homeContentRoutes(app);
}

function assessmentRoutes(app: App) {
  const db = app.ctx.db;

  app.get(
    '/assessments',
    assessmentsRoute('Assessments list', { response: { 200: Type.Object({ data: Type.Array(AssessmentSummary) }) } }),
    async () => ({ data: await assessmentList(db) }),
  );
  app.get(
    '/assessments/:slug',
    assessmentsRoute('Assessment detail with questions and my latest result', {
      params: AssessmentSlug,
      response: {
        200: Type.Object({
          data: Type.Object({
            slug: Type.String(),
            title: Type.String(),
            assessment_type: Type.String(),
            description: Type.String(),
            questions: Type.Array(Question),
            latest_result: Nullable(
              Type.Object({
                score: Type.Integer(),
                severity: Type.String(),
                created_at: Type.String(),
                risk_flags: Type.Array(RiskFlagSchema, {
                  description: 'Risk answers (the assessment risk rule): crisis help comes before the score',
                }),
              }),
            ),
          }),
        }),
      },
    }),
    async (req) => ({ data: await assessmentWithLatest(db, req.params.slug, req.actor.id) }),
  );
  app.post(
    '/assessments/:slug/responses',
    assessmentsRoute('Save an assessment: every question answered with one of its option values', {
      params: AssessmentSlug,
      body: Type.Object({
        answers: Type.Array(Type.Object({ question_id: Type.String({ maxLength: 40 }), value: Type.Integer() }), {
          minItems: 1,
          maxItems: 100,
        }),
      }),
      response: {
        201: Type.Object({
          data: Type.Object({
            id: Type.Integer(),
            score: Type.Integer(),
            severity: Type.String(),
            risk_flags: Type.Array(RiskFlagSchema, {
              description: 'Risk answers (the assessment risk rule), stored for the care team: crisis help comes before the score',
            }),
          }),
        }),
      },
    }),
    async (req, reply) => {
      const data = await saveAssessmentResponse(db, req.params.slug, req.actor.id, req.body.answers);
      reply.status(201);
      return { data };
    },
  );
}

function homeContentRoutes(app: App) {
  const db = app.ctx.db;

  app.get(
    '/customers/nps',
    feedbackRoute('NPS state', {
      response: { 200: Type.Object({ data: Type.Object({ eligible: Type.Boolean(), last_score: Nullable(Type.Integer()) }) }) },
    }),
    async (req) => ({ data: await npsState(db, req.actor.id, Date.now()) }),
  );
  app.post(
    '/customers/nps',
    feedbackRoute('Give an NPS score (0-10)', {
      body: Type.Object({ score: Type.Integer({ minimum: 0, maximum: 10 }), comment: Type.Optional(Type.String({ maxLength: 2000 })) }),
      response: { 201: Success },
    }),
    async (req, reply) => {
      await saveNps(db, req.actor.id, req.body.score, req.body.comment ?? null);
      reply.status(201);
      return { success: true };
    },
  );

  app.get(
    '/care_tools',
    contentRoute('Care tools', {
      response: {
        200: Type.Object({
          data: Type.Array(
            Type.Object({
              slug: Type.String(),
              title: Type.String(),
              category: Type.String(),
              duration_minutes: Type.Integer(),
              description: Type.String(),
            }),
          ),
        }),
      },
    }),
    async () => ({ data: await careTools(db) }),
  );

  const Nudge = Type.Object({
    section: Type.String(),
    order: Type.Integer(),
    is_loaded: Type.Boolean(),
    title: Type.String(),
    body: Type.String(),
    cta: Nullable(Type.String()),
    dismissed: Type.Boolean(),
  });
  app.get(
    '/nudges',
    contentRoute('Nudges in order nps, feedback, reflection, webtoapp', { response: { 200: Type.Object({ data: Type.Array(Nudge) }) } }),
    async (req) => ({ data: await nudgesOf(db, req.actor.id) }),
  );
  app.get(
    '/nudges/:section',
    contentRoute('One nudge section (data is null when the section has nothing to show)', {
      params: Type.Object({ section: Type.Union(Object.keys(NUDGE_ORDER).map((k) => Type.Literal(k))) }),
      response: { 200: Type.Object({ section: Type.String(), is_loaded: Type.Literal(true), data: Nullable(Nudge) }) },
    }),
    async (req) => ({
      section: req.params.section,
      is_loaded: true as const,
      data: (await nudgesOf(db, req.actor.id)).find((n) => n.section === req.params.section && !n.dismissed) ?? null,
    }),
  );
  app.post(
    '/nudges/:section/dismiss',
    contentRoute('Dismiss a nudge (e.g. feedback prompt dismissal)', {
      params: Type.Object({ section: Type.Union(Object.keys(NUDGE_ORDER).map((k) => Type.Literal(k))) }),
      response: { 200: Success },
    }),
    async (req) => {
      await dismissNudge(db, req.actor.id, req.params.section);
      return { success: true };
    },
  );

  app.get(
    '/communities',
    {
      schema: {
        tags: ['content'],
        summary: 'Communities',
        response: {
          200: Type.Object({
            data: Type.Array(
              Type.Object({ slug: Type.String(), name: Type.String(), description: Type.String(), member_count: Type.Integer() }),
            ),
          }),
        },
      },
    },
    async () => ({ data: await communities(db) }),
  );

  app.get(
    '/feature_flags',
    {
      schema: {
        tags: ['app'],
        summary: 'Feature-flag list (includes public_show_coupon_code_on_customer_listing)',
        response: {
          200: Type.Object({
            features: Type.Array(Type.Object({ name: Type.String(), enabled: Type.Boolean(), description: Type.String() })),
          }),
        },
      },
    },
    async () => ({ features: await featureFlags(db) }),
  );
}
