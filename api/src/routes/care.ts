// The rest of the patient's home: care tools (library, detail, assigned), experts' talks and
// videos, the journey built from what the patient has done, guided-tour marks and the initial-
// assessment edited flags. Everything a patient reads here is their own or public content.
import { Type } from '@sinclair/typebox';
import { notFound, type App } from '../core/http.js';
import { Nullable, Success } from '../core/schemas.js';

const TOURS = ['dashboard', 'experts', 'care_tools', 'journey', 'journal'] as const;
const tourKey = (section: string) => `${section}_tour`;
const Slug = Type.Object({ slug: Type.String({ pattern: '^[a-z0-9-]{1,40}$' }) });
const Assignment = Type.Object({ provider_name: Type.String(), note: Nullable(Type.String()), assigned_at: Type.String() });
const Tool = Type.Object({ slug: Type.String(), title: Type.String(), category: Type.String(), duration_minutes: Type.Integer(), description: Type.String() });
const Milestone = Type.Object({
  kind: Type.Union(['joined', 'session_completed', 'assessment', 'journal', 'next_session'].map((k) => Type.Literal(k))),
  title: Type.String(), at: Type.String(),
});

interface AssignedRow { slug: string; title: string; category: string; duration_minutes: number; description: string; firstname: string; lastname: string; note: string | null; assigned_at: Date }
const assignment = (r: AssignedRow) => ({ provider_name: `${r.firstname} ${r.lastname}`, note: r.note, assigned_at: new Date(r.assigned_at).toISOString() });
const ASSIGNED_SQL = `SELECT t.slug, t.title, t.category, t.duration_minutes, t.description, p.firstname, p.lastname, a.note, a.assigned_at
  FROM care_tool_assignments a JOIN care_tools t ON t.id = a.care_tool_id JOIN providers p ON p.id = a.provider_id WHERE a.user_id = $1`;

export async function careRoutes(app: App) {
  const db = app.ctx.db;
  const auth = { auth: true };

  app.get('/customers/assigned_tools', {
    config: auth,
    schema: {
      tags: ['content'], summary: 'Care tools my providers assigned to me, newest first',
      response: { 200: Type.Object({ data: Type.Array(Type.Composite([Tool, Type.Object({ assignment: Assignment })])) }) },
    },
  }, async (req) => ({
    data: (await db.query<AssignedRow>(`${ASSIGNED_SQL} ORDER BY a.assigned_at DESC, a.id DESC`, [req.actor.id]))
      .map((r) => ({ slug: r.slug, title: r.title, category: r.category, duration_minutes: r.duration_minutes, description: r.description, assignment: assignment(r) })),
  }));

  app.get('/care_tools/:slug', {
    config: auth,
    schema: {
      tags: ['content'], summary: 'One care tool with its steps, and my assignment of it (null when nobody assigned it to me)', params: Slug,
      response: { 200: Type.Object({ data: Type.Composite([Tool, Type.Object({ steps: Type.Array(Type.String()), assignment: Nullable(Assignment) })]) }) },
    },
  }, async (req) => {
    const [t] = await db.query<{ slug: string; title: string; category: string; duration_minutes: number; description: string; steps: string[] }>(
      `SELECT slug, title, category, duration_minutes, description, steps FROM care_tools WHERE slug = $1`, [req.params.slug]);
    if (!t) throw notFound(`No care tool ${req.params.slug}`);
    const [a] = await db.query<AssignedRow>(`${ASSIGNED_SQL} AND t.slug = $2`, [req.actor.id, t.slug]);
    return { data: { ...t, assignment: a ? assignment(a) : null } };
  });

  app.get('/experts', {
    config: auth,
    schema: {
      tags: ['content'], summary: 'Experts\' talks and videos, newest first (video_url as published; the client checks it yields a video id)',
      querystring: Type.Object({ kind: Type.Optional(Type.Union([Type.Literal('talk'), Type.Literal('video')])) }),
      response: {
        200: Type.Object({
          data: Type.Array(Type.Object({
            uuid: Type.String(), kind: Type.String(), title: Type.String(), expert_name: Type.String(), expert_role: Type.String(), description: Type.String(),
            video_url: Type.String(), duration_minutes: Type.Integer(), published_at: Type.String(),
          })),
        }),
      },
    },
  }, async (req) => ({
    data: (await db.query<{ uuid: string; kind: string; title: string; expert_name: string; expert_role: string; description: string; video_url: string; duration_minutes: number; published_at: Date }>(
      `SELECT uuid::text, kind, title, expert_name, expert_role, description, video_url, duration_minutes, published_at FROM expert_content
       WHERE ($1::text IS NULL OR kind = $1) ORDER BY published_at DESC, id DESC`, [req.query.kind ?? null]))
      .map((r) => ({ ...r, published_at: new Date(r.published_at).toISOString() })),
  }));

  app.get('/customers/journey', {
    config: auth,
    schema: {
      tags: ['content'], summary: 'My journey: what I have done in care, oldest first, then my next session',
      response: { 200: Type.Object({ data: Type.Object({ completed_sessions: Type.Integer(), assessments_taken: Type.Integer(), journal_entries: Type.Integer(), milestones: Type.Array(Milestone) }) }) },
    },
  }, async (req) => {
    const id = req.actor.id;
    const [joined] = await db.query<{ created_at: Date }>(`SELECT created_at FROM users WHERE id = $1`, [id]);
    const sessions = await db.query<{ start_time: Date; firstname: string; lastname: string }>(
      `SELECT b.start_time, p.firstname, p.lastname FROM bookings b JOIN providers p ON p.id = b.provider_id WHERE b.user_id = $1 AND b.status = 'completed' ORDER BY b.start_time`, [id]);
    const assessments = await db.query<{ created_at: Date; title: string; severity: string }>(
      `SELECT r.created_at, a.title, r.severity FROM assessment_responses r JOIN assessments a ON a.slug = r.slug WHERE r.user_id = $1 ORDER BY r.created_at`, [id]);
    const journal = await db.query<{ created_at: Date }>(`SELECT created_at FROM journal_entries WHERE user_id = $1 ORDER BY created_at LIMIT 1`, [id]);
    const [next] = await db.query<{ start_time: Date; firstname: string; lastname: string }>(
      `SELECT b.start_time, p.firstname, p.lastname FROM bookings b JOIN providers p ON p.id = b.provider_id
       WHERE b.user_id = $1 AND b.status IN ('confirmed', 'pending') AND b.start_time > now() ORDER BY b.start_time LIMIT 1`, [id]);
    const [{ n: journalCount }] = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM journal_entries WHERE user_id = $1`, [id])) as [{ n: number }];
    const iso = (d: Date) => new Date(d).toISOString();
    type Kind = 'joined' | 'session_completed' | 'assessment' | 'journal' | 'next_session';
    // Joining always comes first (demo and imported histories can predate the account row).
    const milestones: { kind: Kind; title: string; at: string }[] = [
      ...sessions.map((s, i) => ({ kind: 'session_completed' as const, title: `Session ${i + 1} with ${s.firstname} ${s.lastname}`, at: iso(s.start_time) })),
      ...assessments.map((a) => ({ kind: 'assessment' as const, title: `${a.title}: ${a.severity}`, at: iso(a.created_at) })),
      ...journal.map((j) => ({ kind: 'journal' as const, title: 'Your first journal entry', at: iso(j.created_at) })),
    ].sort((a, b) => a.at.localeCompare(b.at));
    if (joined) milestones.unshift({ kind: 'joined', title: 'You joined Haven', at: iso(joined.created_at) });
    if (next) milestones.push({ kind: 'next_session', title: `Next: a session with ${next.firstname} ${next.lastname}`, at: iso(next.start_time) });
    return { data: { completed_sessions: sessions.length, assessments_taken: assessments.length, journal_entries: journalCount, milestones } };
  });

  const Section = Type.Object({ section: Type.Union(TOURS.map((t) => Type.Literal(t))) });
  app.get('/customers/coachmarks', {
    config: auth,
    schema: { tags: ['dashboard'], summary: 'Guided tours I have already seen (each is shown once)', response: { 200: Type.Object({ seen: Type.Array(Type.String()) }) } },
  }, async (req) => {
    const rows = await db.query<{ config_key: string }>(`SELECT config_key FROM user_configs WHERE user_id = $1 AND config_key = ANY($2::text[]) AND status = false`,
      [req.actor.id, TOURS.map(tourKey)]);
    return { seen: TOURS.filter((t) => rows.some((r) => r.config_key === tourKey(t))) };
  });
  app.put('/customers/coachmarks/:section', {
    config: auth,
    schema: { tags: ['dashboard'], summary: 'Record that a guided tour was seen (finished or closed)', params: Section, response: { 200: Success } },
  }, async (req) => {
    await db.query(`INSERT INTO user_configs (user_id, config_key, status) VALUES ($1, $2, false) ON CONFLICT (user_id, config_key) DO UPDATE SET status = false`,
      [req.actor.id, tourKey(req.params.section)]);
    return { success: true };
  });

  app.get('/customers/initial_assessments', {
    config: auth,
    schema: {
      tags: ['assessments'], summary: 'Assessment types I have answered (therapy, psychiatry, common): the initial-assessment edited flags',
      response: { 200: Type.Object({ data: Type.Object({ answered_types: Type.Array(Type.String()) }) }) },
    },
  }, async (req) => ({
    data: {
      answered_types: (await db.query<{ assessment_type: string }>(
        `SELECT DISTINCT a.assessment_type FROM assessment_responses r JOIN assessments a ON a.slug = r.slug WHERE r.user_id = $1 ORDER BY 1`, [req.actor.id])).map((r) => r.assessment_type),
    },
  }));
}
