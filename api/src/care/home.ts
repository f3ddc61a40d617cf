// The rest of the patient's home: care tools (and who assigned them), experts' talks and videos, the
// journey built from what the patient has done, guided-tour marks and the initial-assessment flags.
import type { Queryable } from '../db/index.js';

export const TOURS = ['dashboard', 'experts', 'care_tools', 'journey', 'journal'] as const;
export type Tour = (typeof TOURS)[number];
const tourKey = (section: string) => `${section}_tour`;

interface AssignedRow {
  slug: string;
  title: string;
  category: string;
  duration_minutes: number;
  description: string;
  firstname: string;
  lastname: string;
  note: string | null;
  assigned_at: Date;
}
const assignment = (r: AssignedRow) => ({
  provider_name: `${r.firstname} ${r.lastname}`,
  note: r.note,
  assigned_at: new Date(r.assigned_at).toISOString(),
});
const ASSIGNED_SQL = `SELECT t.slug, t.title, t.category, t.duration_minutes, t.description, p.firstname, p.lastname, a.note, a.assigned_at
  FROM care_tool_assignments a JOIN care_tools t ON t.id = a.care_tool_id JOIN providers p ON p.id = a.provider_id WHERE a.user_id = $1`;

/** Care tools the patient's providers assigned, newest first, each with its assignment. */
export async function assignedTools(q: Queryable, userId: number) {
  return (await q.query<AssignedRow>(`${ASSIGNED_SQL} ORDER BY a.assigned_at DESC, a.id DESC`, [userId])).map((r) => ({
    slug: r.slug,
    title: r.title,
    category: r.category,
    duration_minutes: r.duration_minutes,
    description: r.description,
    assignment: assignment(r),
  }));
}

/** One care tool with its steps and the patient's assignment of it (null when nobody assigned it); undefined when there is no such tool. */
export async function careTool(q: Queryable, userId: number, slug: string) {
  const [t] = await q.query<{
    slug: string;
    title: string;
    category: string;
    duration_minutes: number;
    description: string;
    steps: string[];
  }>(`SELECT slug, title, category, duration_minutes, description, steps FROM care_tools WHERE slug = $1`, [slug]);
  if (!t) return undefined;
  const [a] = await q.query<AssignedRow>(`${ASSIGNED_SQL} AND t.slug = $2`, [userId, t.slug]);
  return { ...t, assignment: a ? assignment(a) : null };
}

/** Experts' talks and videos, newest first, optionally of one kind. */
export async function expertContent(q: Queryable, kind: 'talk' | 'video' | null) {
  return (
    await q.query<{
      uuid: string;
      kind: string;
      title: string;
      expert_name: string;
      expert_role: string;
      description: string;
      video_url: string;
      duration_minutes: number;
      published_at: Date;
    }>(
      `SELECT uuid::text, kind, title, expert_name, expert_role, description, video_url, duration_minutes, published_at FROM expert_content
     WHERE ($1::text IS NULL OR kind = $1) ORDER BY published_at DESC, id DESC`,
      [kind],
    )
  ).map((r) => ({ ...r, published_at: new Date(r.published_at).toISOString() }));
}

type MilestoneKind = 'joined' | 'session_completed' | 'assessment' | 'journal' | 'next_session';
interface SessionFact {
  start_time: Date;
  firstname: string;
  lastname: string;
}
export interface JourneyFacts {
  joined?: Date;
  sessions: SessionFact[];
  assessments: { created_at: Date; title: string; severity: string }[];
  firstJournal?: Date;
  next?: SessionFact;
}

/**
 * The journey's milestones: joining first (demo and imported histories can predate the account row),
 * then sessions, assessments and the first journal entry oldest first, then the next session last.
 */
export function milestones(f: JourneyFacts): { kind: MilestoneKind; title: string; at: string }[] {
  const iso = (d: Date) => new Date(d).toISOString();
  const out: { kind: MilestoneKind; title: string; at: string }[] = [
    ...f.sessions.map((s, i) => ({
      kind: 'session_completed' as const,
      title: `Session ${i + 1} with ${s.firstname} ${s.lastname}`,
      at: iso(s.start_time),
    })),
    ...f.assessments.map((a) => ({ kind: 'assessment' as const, title: `${a.title}: ${a.severity}`, at: iso(a.created_at) })),
    ...(f.firstJournal ? [{ kind: 'journal' as const, title: 'Your first journal entry', at: iso(f.firstJournal) }] : []),
  ].sort((a, b) => a.at.localeCompare(b.at));
  if (f.joined) out.unshift({ kind: 'joined', title: 'You joined Haven', at: iso(f.joined) });
  if (f.next)
    out.push({ kind: 'next_session', title: `Next: a session with ${f.next.firstname} ${f.next.lastname}`, at: iso(f.next.start_time) });
  return out;
}

/** The patient's journey: counts of what they have done in care and its milestones. */
export async function journey(q: Queryable, id: number) {
  const [joined] = await q.query<{ created_at: Date }>(`SELECT created_at FROM users WHERE id = $1`, [id]);
  const sessions = await q.query<SessionFact>(
    `SELECT b.start_time, p.firstname, p.lastname FROM bookings b JOIN providers p ON p.id = b.provider_id WHERE b.user_id = $1 AND b.status = 'completed' ORDER BY b.start_time`,
    [id],
  );
  const assessments = await q.query<{ created_at: Date; title: string; severity: string }>(
    `SELECT r.created_at, a.title, r.severity FROM assessment_responses r JOIN assessments a ON a.slug = r.slug WHERE r.user_id = $1 ORDER BY r.created_at`,
    [id],
  );
  const [journal] = await q.query<{ created_at: Date }>(
    `SELECT created_at FROM journal_entries WHERE user_id = $1 ORDER BY created_at LIMIT 1`,
    [id],
  );
  const [next] = await q.query<SessionFact>(
    `SELECT b.start_time, p.firstname, p.lastname FROM bookings b JOIN providers p ON p.id = b.provider_id
     WHERE b.user_id = $1 AND b.status IN ('confirmed', 'pending') AND b.start_time > now() ORDER BY b.start_time LIMIT 1`,
    [id],
  );
  const [{ n: journalCount }] = (await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM journal_entries WHERE user_id = $1`, [
    id,
  ])) as [{ n: number }];
  return {
    completed_sessions: sessions.length,
    assessments_taken: assessments.length,
    journal_entries: journalCount,
    milestones: milestones({ joined: joined?.created_at, sessions, assessments, firstJournal: journal?.created_at, next }),
  };
}

/** The guided tours the user has already seen (each is shown once). */
export async function seenTours(q: Queryable, userId: number): Promise<Tour[]> {
  const rows = await q.query<{ config_key: string }>(
    `SELECT config_key FROM user_configs WHERE user_id = $1 AND config_key = ANY($2::text[]) AND status = false`,
    [userId, TOURS.map(tourKey)],
  );
  return TOURS.filter((t) => rows.some((r) => r.config_key === tourKey(t)));
}

/** A once-shown flag of the user (a modal, a tour): still to be shown unless recorded as seen. */
export async function flagPending(q: Queryable, userId: number, key: string): Promise<boolean> {
  const [row] = await q.query<{ status: boolean }>(`SELECT status FROM user_configs WHERE user_id = $1 AND config_key = $2`, [userId, key]);
  return row?.status ?? true;
}

/** Records a once-shown flag as seen. */
export async function markFlagSeen(q: Queryable, userId: number, key: string): Promise<void> {
  await q.query(
    `INSERT INTO user_configs (user_id, config_key, status) VALUES ($1, $2, false) ON CONFLICT (user_id, config_key) DO UPDATE SET status = false`,
    [userId, key],
  );
}

/** Records that a guided tour was seen (finished or closed). */
export async function markTourSeen(q: Queryable, userId: number, section: Tour): Promise<void> {
  await markFlagSeen(q, userId, tourKey(section));
}

/** The assessment types (therapy, psychiatry, common) the user has answered: the initial-assessment edited flags. */
export async function answeredAssessmentTypes(q: Queryable, userId: number): Promise<string[]> {
  return (
    await q.query<{ assessment_type: string }>(
      `SELECT DISTINCT a.assessment_type FROM assessment_responses r JOIN assessments a ON a.slug = r.slug WHERE r.user_id = $1 ORDER BY 1`,
      [userId],
    )
  ).map((r) => r.assessment_type);
}
