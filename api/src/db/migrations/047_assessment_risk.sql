-- The assessment risk rule (shared/src/rules/assessments/assessment-risk.ts): the risk answers of a
-- response, stored with it so the patient's care team sees them. Earlier PHQ-9 responses with item 9
-- above 0 are flagged as the rule would have flagged them.
ALTER TABLE assessment_responses ADD COLUMN risk_flags jsonb NOT NULL DEFAULT '[]'::jsonb;
UPDATE assessment_responses r SET risk_flags = (
  SELECT jsonb_agg(jsonb_build_object('slug', r.slug, 'question_id', a->>'question_id', 'value', (a->>'value')::int,
    'reason', 'PHQ-9 item 9: thoughts of being better off dead or of self-harm'))
  FROM jsonb_array_elements(r.answers) a WHERE a->>'question_id' = 'q9' AND (a->>'value')::int >= 1)
WHERE r.slug = 'phq-9' AND EXISTS (
  SELECT 1 FROM jsonb_array_elements(r.answers) a WHERE a->>'question_id' = 'q9' AND (a->>'value')::int >= 1);
CREATE INDEX assessment_responses_risk ON assessment_responses (user_id, id DESC) WHERE risk_flags <> '[]'::jsonb;
