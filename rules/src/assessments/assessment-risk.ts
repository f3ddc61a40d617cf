// Which assessment answers or scores mean risk of harm: the one rule the patient's result, the live
// answer while the form is open, the api's stored flag and the care team's view all use.
//
// Each row names the instrument's own guidance. Only what that guidance marks as risk to life is here:
// a high symptom score alone (PHQ-9 20-27 "severe", GAD-7 15-21 "severe") asks for prompt treatment, not
// crisis help, in both instruments' instructions, so those are not risk rows. The clinical team reviews
// this table with the helpline table before each release (docs/assessment-risk.md).

export interface RiskRule {
  /** The assessment's slug (api `assessments.slug`). */
  slug: string;
  /** The question whose answer is checked (api question id). */
  questionId: string;
  /** An answer value at or above this is a risk answer. */
  minValue: number;
  /** What the care team reads beside the flag. */
  reason: string;
  /** Where the rule comes from. */
  source: string;
}

export const RISK_RULES: readonly RiskRule[] = [
  {
    slug: 'phq-9',
    questionId: 'q9',
    // "Several days" (1) or more: any answer other than "Not at all".
    minValue: 1,
    reason: 'PHQ-9 item 9: thoughts of being better off dead or of self-harm',
    source:
      'PHQ-9 instructions (Kroenke, Spitzer & Williams, J Gen Intern Med 2001; Pfizer PHQ screeners instruction manual): ' +
      'a positive response to item 9 (any answer other than "Not at all") warrants further assessment of suicide risk, whatever the total score.',
  },
  // GAD-7 (Spitzer et al., Arch Intern Med 2006): no item asks about self-harm and its guidance marks no
  // score as risk to life. Common well-being check: our own three questions, no risk item.
];

export interface RiskFlag {
  slug: string;
  question_id: string;
  value: number;
  reason: string;
}

/** The risk answers among `answers` of assessment `slug` (empty when none). */
export function assessmentRiskFlags(
  slug: string,
  answers: readonly { question_id: string; value: number }[],
  rules: readonly RiskRule[] = RISK_RULES,
): RiskFlag[] {
  return rules
    .filter((rule) => rule.slug === slug)
    .flatMap((rule) =>
      answers
        .filter((a) => a.question_id === rule.questionId && a.value >= rule.minValue)
        .map((a) => ({ slug, question_id: a.question_id, value: a.value, reason: rule.reason })),
    );
}

/** Whether the answers so far (question id to value, some not yet answered) hold a risk answer. */
export function hasRiskAnswer(slug: string, answers: Readonly<Record<string, number>>, rules: readonly RiskRule[] = RISK_RULES): boolean {
  return (
    assessmentRiskFlags(
      slug,
      Object.entries(answers).map(([question_id, value]) => ({ question_id, value })),
      rules,
    ).length > 0
  );
}
