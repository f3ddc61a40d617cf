// The assessment risk rule on the api side: the flags stored with a response, and the latest flagged
// response of a patient, which the patient's care team sees (the provider's session-room view).
import { Type } from '@sinclair/typebox';
import type { Queryable } from '../db/index.js';
import { Nullable } from '../core/schemas.js';

export { assessmentRiskFlags, type RiskFlag } from '@haven/rules';

export const RiskFlagSchema = Type.Object({
  slug: Type.String(),
  question_id: Type.String(),
  value: Type.Integer(),
  reason: Type.String({ description: 'What the care team reads beside the flag' }),
});
export const PatientRisk = Nullable(
  Type.Object(
    {
      assessment: Type.String({ description: 'Assessment slug' }),
      title: Type.String(),
      answered_at: Type.String({ description: 'ISO 8601, UTC' }),
      flags: Type.Array(RiskFlagSchema),
    },
    { description: "The patient's latest assessment response with a risk answer (null when none): the care team contacts the patient" },
  ),
);

/** The patient's latest response holding a risk answer, or null. */
export async function latestPatientRisk(q: Queryable, userId: number) {
  const [r] = await q.query<{
    slug: string;
    title: string;
    created_at: Date;
    risk_flags: { slug: string; question_id: string; value: number; reason: string }[];
  }>(
    `SELECT r.slug, a.title, r.created_at, r.risk_flags FROM assessment_responses r JOIN assessments a ON a.slug = r.slug
     WHERE r.user_id = $1 AND r.risk_flags <> '[]'::jsonb ORDER BY r.id DESC LIMIT 1`,
    [userId],
  );
  return r ? { assessment: r.slug, title: r.title, answered_at: new Date(r.created_at).toISOString(), flags: r.risk_flags } : null;
}
