// Treatment plans: the plan a patient's provider writes with them (what they work towards, how, and
// when they look at it again). Health data: read by the profile it is about and by no one else, and an
// id that is not yours answers exactly as one that does not exist.
import type { Queryable } from '../db/index.js';
import { notFound } from '../core/http.js';

export interface TreatmentGoal {
  title: string;
  /** How the patient and provider will know it is reached. */
  measure: string;
}
export interface TreatmentPlan {
  uuid: string;
  title: string;
  summary: string;
  // A draft is never answered (see PLAN_SELECT).
  status: 'active' | 'completed';
  goals: TreatmentGoal[];
  interventions: string[];
  review_date: string;
  provider: { uuid: string; firstname: string; lastname: string };
  created_at: string;
  updated_at: string;
}

interface PlanRow {
  uuid: string;
  title: string;
  summary: string;
  status: TreatmentPlan['status'];
  goals: TreatmentGoal[];
  interventions: string[];
  review_date: string;
  p_uuid: string;
  firstname: string;
  lastname: string;
  created_at: Date;
  updated_at: Date;
}

// A draft is the provider's until they share it: the patient sees active and completed plans.
const PLAN_SELECT = `SELECT t.uuid::text, t.title, t.summary, t.status, t.goals, t.interventions, to_char(t.review_date, 'YYYY-MM-DD') AS review_date,
    p.uuid::text AS p_uuid, p.firstname, p.lastname, t.created_at, t.updated_at
  FROM treatment_plans t JOIN providers p ON p.id = t.provider_id
  WHERE t.user_id = $1 AND t.status <> 'draft'`;

const answer = (r: PlanRow): TreatmentPlan => ({
  uuid: r.uuid,
  title: r.title,
  summary: r.summary,
  status: r.status,
  goals: r.goals,
  interventions: r.interventions,
  review_date: r.review_date,
  provider: { uuid: r.p_uuid, firstname: r.firstname, lastname: r.lastname },
  created_at: new Date(r.created_at).toISOString(),
  updated_at: new Date(r.updated_at).toISOString(),
});

/** The profile's shared plans: the active ones first, then by their next review. */
export async function treatmentPlansOf(q: Queryable, userId: number): Promise<TreatmentPlan[]> {
  const rows = await q.query<PlanRow>(`${PLAN_SELECT} ORDER BY t.status = 'active' DESC, t.review_date, t.id`, [userId]);
  return rows.map(answer);
}

/** One of the profile's plans; 404 for a plan of anyone else (the same answer as no such plan). */
export async function treatmentPlanOf(q: Queryable, userId: number, uuid: string): Promise<TreatmentPlan> {
  const [r] = await q.query<PlanRow>(`${PLAN_SELECT} AND t.uuid::text = $2`, [userId, uuid]);
  if (!r) throw notFound(`No treatment plan ${uuid}`);
  return answer(r);
}

/** What a provider wrote for a patient working on anxiety at work and sleep (the demo, and development). */
export const EXAMPLE_PLAN = {
  title: 'Managing work anxiety and sleep',
  summary:
    'We agreed to focus on the worry that builds before meetings and keeps you awake on Sunday nights. ' +
    'Over the next eight weeks we will practise noticing anxious thoughts early, testing them gently, and ' +
    'protecting a regular wind-down routine.',
  goals: [
    { title: 'Speak up at least once in the weekly team meeting', measure: 'Four of the next six meetings, noted in your journal' },
    { title: 'Fall asleep within 30 minutes on most nights', measure: 'Five nights out of seven by the review, from your sleep diary' },
    { title: 'Catch and reframe worry spirals', measure: 'Two thought records a week, with the feeling rated before and after' },
  ],
  interventions: [
    'Cognitive restructuring with weekly thought records',
    'Box breathing before meetings (four counts in, hold, out, hold)',
    'A fixed wind-down hour: screens off at 22:30, the same wake time every day',
    'Graded exposure: a short prepared point in smaller meetings first',
  ],
} as const;

/** Writes the example plan for `userId` by `providerId`, reviewed `reviewInDays` from `now` (seed and development). */
export async function writeExamplePlan(q: Queryable, userId: number, providerId: number, now: number, reviewInDays = 42): Promise<string> {
  const review = new Date(now + reviewInDays * 86_400_000).toISOString().slice(0, 10);
  const [r] = await q.query<{ uuid: string }>(
    `INSERT INTO treatment_plans (user_id, provider_id, title, summary, goals, interventions, review_date, status)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'active') RETURNING uuid::text`,
    [
      userId,
      providerId,
      EXAMPLE_PLAN.title,
      EXAMPLE_PLAN.summary,
      JSON.stringify(EXAMPLE_PLAN.goals),
      JSON.stringify(EXAMPLE_PLAN.interventions),
      review,
    ],
  );
  return r!.uuid;
}
