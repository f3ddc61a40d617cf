// Assessments, NPS, care tools, nudges, communities, feature flags.
import { Type } from '@sinclair/typebox';
import { HttpError, notFound, type App } from '../core/http.js';
import { Nullable, Success } from '../core/schemas.js';
import { assessmentRiskFlags, RiskFlagSchema, type RiskFlag } from '../care/index.js';

export const NUDGE_ORDER = { nps: 0, feedback: 1, reflection: 2, webtoapp: 3 } as const;
const Question = Type.Object({ id: Type.String(), text: Type.String(), options: Type.Array(Type.Object({ label: Type.String(), value: Type.Integer() })) });
const AssessmentSummary = Type.Object({ slug: Type.String(), title: Type.String(), assessment_type: Type.String(), description: Type.String(), question_count: Type.Integer() });
type Q = { id: string; text: string; options: { label: string; value: number }[] };

export function severityOf(slug: string, score: number): string {
  const bands: [number, string][] = slug === 'phq-9'
    ? [[4, 'minimal'], [9, 'mild'], [14, 'moderate'], [19, 'moderately severe'], [27, 'severe']]
    : [[4, 'minimal'], [9, 'mild'], [14, 'moderate'], [Infinity, 'severe']];
  return bands.find(([max]) => score <= max)?.[1] ?? 'severe';
}

export async function contentRoutes(app: App) {
  const db = app.ctx.db;
  const auth = { auth: true };

  app.get('/assessments', {
    config: auth, schema: { tags: ['assessments'], summary: 'Assessments list', response: { 200: Type.Object({ data: Type.Array(AssessmentSummary) }) } },
  }, async () => ({
    data: await db.query<{ slug: string; title: string; assessment_type: string; description: string; question_count: number }>(`SELECT slug, title, assessment_type, description, jsonb_array_length(questions)::int AS question_count FROM assessments ORDER BY slug`),
  }));
  app.get('/assessments/:slug', {
    config: auth,
    schema: {
      tags: ['assessments'], summary: 'Assessment detail with questions and my latest result', params: Type.Object({ slug: Type.String({ pattern: '^[a-z0-9-]{1,40}$' }) }),
      response: {
        200: Type.Object({
          data: Type.Object({
            slug: Type.String(), title: Type.String(), assessment_type: Type.String(), description: Type.String(), questions: Type.Array(Question),
            latest_result: Nullable(Type.Object({
              score: Type.Integer(), severity: Type.String(), created_at: Type.String(),
              risk_flags: Type.Array(RiskFlagSchema, { description: 'Risk answers (the assessment risk rule): crisis help comes before the score' }),
            })),
          }),
        }),
      },
    },
  }, async (req) => {
    const [a] = await db.query<{ slug: string; title: string; assessment_type: string; description: string; questions: Q[] }>(`SELECT * FROM assessments WHERE slug = $1`, [req.params.slug]);
    if (!a) throw notFound(`No assessment ${req.params.slug}`);
    const [r] = await db.query<{ score: number; severity: string; created_at: Date; risk_flags: RiskFlag[] }>(
      `SELECT score, severity, created_at, risk_flags FROM assessment_responses WHERE user_id = $1 AND slug = $2 ORDER BY id DESC LIMIT 1`, [req.actor.id, a.slug]);
    return { data: { ...a, latest_result: r ? { score: r.score, severity: r.severity, created_at: new Date(r.created_at).toISOString(), risk_flags: r.risk_flags } : null } };
  });
  app.post('/assessments/:slug/responses', {
    config: auth,
    schema: {
      tags: ['assessments'], summary: 'Save an assessment: every question answered with one of its option values',
      params: Type.Object({ slug: Type.String({ pattern: '^[a-z0-9-]{1,40}$' }) }),
      body: Type.Object({ answers: Type.Array(Type.Object({ question_id: Type.String({ maxLength: 40 }), value: Type.Integer() }), { minItems: 1, maxItems: 100 }) }),
      response: {
        201: Type.Object({
          data: Type.Object({
            id: Type.Integer(), score: Type.Integer(), severity: Type.String(),
            risk_flags: Type.Array(RiskFlagSchema, { description: 'Risk answers (the assessment risk rule), stored for the care team: crisis help comes before the score' }),
          }),
        }),
      },
    },
  }, async (req, reply) => {
    const [a] = await db.query<{ slug: string; questions: Q[] }>(`SELECT slug, questions FROM assessments WHERE slug = $1`, [req.params.slug]);
    if (!a) throw notFound(`No assessment ${req.params.slug}`);
    const byId = new Map(req.body.answers.map((x) => [x.question_id, x.value]));
    for (const q of a.questions) {
      const v = byId.get(q.id);
      if (v === undefined) throw new HttpError(400, `body/answers is missing question ${q.id}`);
      if (!q.options.some((o) => o.value === v)) throw new HttpError(400, `body/answers value ${v} is not an option of question ${q.id}`);
    }
    const unknown = req.body.answers.find((x) => !a.questions.some((q) => q.id === x.question_id));
    if (unknown) throw new HttpError(400, `body/answers names unknown question ${unknown.question_id}`);
    const score = a.questions.reduce((s, q) => s + (byId.get(q.id) ?? 0), 0);
    const severity = severityOf(a.slug, score);
    const riskFlags = assessmentRiskFlags(a.slug, req.body.answers);
    const [row] = await db.query<{ id: number }>(`INSERT INTO assessment_responses (user_id, slug, answers, score, severity, risk_flags) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [req.actor.id, a.slug, JSON.stringify(req.body.answers), score, severity, JSON.stringify(riskFlags)]);
    reply.status(201);
    return { data: { id: row!.id, score, severity, risk_flags: riskFlags } };
  });

  app.get('/customers/nps', {
    config: auth,
    schema: { tags: ['feedback'], summary: 'NPS state', response: { 200: Type.Object({ data: Type.Object({ eligible: Type.Boolean(), last_score: Nullable(Type.Integer()) }) }) } },
  }, async (req) => {
    const [r] = await db.query<{ score: number; created_at: Date }>(`SELECT score, created_at FROM nps_responses WHERE user_id = $1 ORDER BY id DESC LIMIT 1`, [req.actor.id]);
    const eligible = !r || Date.now() - new Date(r.created_at).getTime() > 90 * 86_400_000;
    return { data: { eligible, last_score: r?.score ?? null } };
  });
  app.post('/customers/nps', {
    config: auth,
    schema: {
      tags: ['feedback'], summary: 'Give an NPS score (0-10)',
      body: Type.Object({ score: Type.Integer({ minimum: 0, maximum: 10 }), comment: Type.Optional(Type.String({ maxLength: 2000 })) }),
      response: { 201: Success },
    },
  }, async (req, reply) => {
    await db.query(`INSERT INTO nps_responses (user_id, score, comment) VALUES ($1, $2, $3)`, [req.actor.id, req.body.score, req.body.comment ?? null]);
    await db.query(`UPDATE nudges SET dismissed = true WHERE user_id = $1 AND section = 'nps'`, [req.actor.id]);
    reply.status(201);
    return { success: true };
  });

  app.get('/care_tools', {
    config: auth,
    schema: {
      tags: ['content'], summary: 'Care tools',
      response: { 200: Type.Object({ data: Type.Array(Type.Object({ slug: Type.String(), title: Type.String(), category: Type.String(), duration_minutes: Type.Integer(), description: Type.String() })) }) },
    },
  }, async () => ({ data: await db.query<{ slug: string; title: string; category: string; duration_minutes: number; description: string }>(`SELECT slug, title, category, duration_minutes, description FROM care_tools ORDER BY id`) }));

  const Nudge = Type.Object({ section: Type.String(), order: Type.Integer(), is_loaded: Type.Boolean(), title: Type.String(), body: Type.String(), cta: Nullable(Type.String()), dismissed: Type.Boolean() });
  const nudgeRows = async (userId: number) => (await db.query<{ section: keyof typeof NUDGE_ORDER; title: string; body: string; cta: string | null; dismissed: boolean }>(
    `SELECT section, title, body, cta, dismissed FROM nudges WHERE user_id = $1`, [userId]))
    .map((n) => ({ ...n, order: NUDGE_ORDER[n.section], is_loaded: true }))
    .sort((a, b) => a.order - b.order);
  app.get('/nudges', {
    config: auth, schema: { tags: ['content'], summary: 'Nudges in order nps, feedback, reflection, webtoapp', response: { 200: Type.Object({ data: Type.Array(Nudge) }) } },
  }, async (req) => ({ data: await nudgeRows(req.actor.id) }));
  app.get('/nudges/:section', {
    config: auth,
    schema: {
      tags: ['content'], summary: 'One nudge section (data is null when the section has nothing to show)',
      params: Type.Object({ section: Type.Union(Object.keys(NUDGE_ORDER).map((k) => Type.Literal(k))) }),
      response: { 200: Type.Object({ section: Type.String(), is_loaded: Type.Literal(true), data: Nullable(Nudge) }) },
    },
  }, async (req) => ({
    section: req.params.section, is_loaded: true as const, data: (await nudgeRows(req.actor.id)).find((n) => n.section === req.params.section && !n.dismissed) ?? null,
  }));
  app.post('/nudges/:section/dismiss', {
    config: auth,
    schema: {
      tags: ['content'], summary: 'Dismiss a nudge (e.g. feedback prompt dismissal)',
      params: Type.Object({ section: Type.Union(Object.keys(NUDGE_ORDER).map((k) => Type.Literal(k))) }), response: { 200: Success },
    },
  }, async (req) => {
    await db.query(`UPDATE nudges SET dismissed = true WHERE user_id = $1 AND section = $2`, [req.actor.id, req.params.section]);
    return { success: true };
  });

  app.get('/communities', {
    schema: {
      tags: ['content'], summary: 'Communities',
      response: { 200: Type.Object({ data: Type.Array(Type.Object({ slug: Type.String(), name: Type.String(), description: Type.String(), member_count: Type.Integer() })) }) },
    },
  }, async () => ({ data: await db.query<{ slug: string; name: string; description: string; member_count: number }>(`SELECT slug, name, description, member_count FROM communities ORDER BY id`) }));

  app.get('/feature_flags', {
    schema: {
      tags: ['app'], summary: 'Feature-flag list (includes public_show_coupon_code_on_customer_listing)',
      response: { 200: Type.Object({ features: Type.Array(Type.Object({ name: Type.String(), enabled: Type.Boolean(), description: Type.String() })) }) },
    },
  }, async () => ({ features: await db.query<{ name: string; enabled: boolean; description: string }>(`SELECT name, enabled, description FROM feature_flags ORDER BY name`) }));
}
