// Self-assessments (PHQ-9, GAD-7, ...): the list, one with the person's latest result, and saving a
// response — every question answered with one of its options, scored, banded, risk answers kept.
import { HttpError, notFound } from '../core/http.js';
import type { Queryable } from '../db/index.js';
import { severityOf } from '@haven/rules';
import { assessmentRiskFlags, type RiskFlag } from './assessment-risk.js';

export type AssessmentQuestion = { id: string; text: string; options: { label: string; value: number }[] };
export interface Answer {
  question_id: string;
  value: number;
}

/** The severity band of a score: the one band table of @haven/rules (assessment-bands). */
export { severityOf };

/**
 * The score of complete answers: each question answered once with one of its option values, no unknown
 * question. A 400 names the first problem.
 */
export function scoreAnswers(questions: AssessmentQuestion[], answers: Answer[]): number {
  const byId = new Map(answers.map((x) => [x.question_id, x.value]));
  for (const q of questions) {
    const v = byId.get(q.id);
    if (v === undefined) throw new HttpError(400, `body/answers is missing question ${q.id}`);
    if (!q.options.some((o) => o.value === v)) throw new HttpError(400, `body/answers value ${v} is not an option of question ${q.id}`);
  }
  const unknown = answers.find((x) => !questions.some((q) => q.id === x.question_id));
  if (unknown) throw new HttpError(400, `body/answers names unknown question ${unknown.question_id}`);
  return questions.reduce((s, q) => s + (byId.get(q.id) ?? 0), 0);
}

export async function assessmentList(q: Queryable) {
  return q.query<{ slug: string; title: string; assessment_type: string; description: string; question_count: number }>(
    `SELECT slug, title, assessment_type, description, jsonb_array_length(questions)::int AS question_count FROM assessments ORDER BY slug`,
  );
}

/** One assessment with its questions and the person's latest result (null before the first). */
export async function assessmentWithLatest(q: Queryable, slug: string, userId: number) {
  const [a] = await q.query<{ slug: string; title: string; assessment_type: string; description: string; questions: AssessmentQuestion[] }>(
    `SELECT * FROM assessments WHERE slug = $1`,
    [slug],
  );
  if (!a) throw notFound(`No assessment ${slug}`);
  const [r] = await q.query<{ score: number; severity: string; created_at: Date; risk_flags: RiskFlag[] }>(
    `SELECT score, severity, created_at, risk_flags FROM assessment_responses WHERE user_id = $1 AND slug = $2 ORDER BY id DESC LIMIT 1`,
    [userId, a.slug],
  );
  return {
    ...a,
    latest_result: r
      ? { score: r.score, severity: r.severity, created_at: new Date(r.created_at).toISOString(), risk_flags: r.risk_flags }
      : null,
  };
}

/** Scores and keeps a response (its risk answers for the care team). */
export async function saveAssessmentResponse(q: Queryable, slug: string, userId: number, answers: Answer[]) {
  const [a] = await q.query<{ slug: string; questions: AssessmentQuestion[] }>(`SELECT slug, questions FROM assessments WHERE slug = $1`, [
    slug,
  ]);
  if (!a) throw notFound(`No assessment ${slug}`);
  const score = scoreAnswers(a.questions, answers);
  const severity = severityOf(a.slug, score);
  const riskFlags = assessmentRiskFlags(a.slug, answers);
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO assessment_responses (user_id, slug, answers, score, severity, risk_flags) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [userId, a.slug, JSON.stringify(answers), score, severity, JSON.stringify(riskFlags)],
  );
  return { id: row!.id, score, severity, risk_flags: riskFlags };
}
